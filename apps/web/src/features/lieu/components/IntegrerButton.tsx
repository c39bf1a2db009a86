/**
 * « Intégrer »: opens the dialog that gives the widget's `<iframe>` (docs/decisions/123). The dialog is its own chunk,
 * loaded on the first click, never with the place page.
 */
import { lazy, Suspense, useState } from 'react';
import { LineIcon } from '../../../components/ui/LineIcon';
import { useLieuMessages } from '../messages';

const EmbedDialog = lazy(() => import('./EmbedDialog'));

/** `</>`: the code of a page. */
const CODE = 'M8 7 3 12l5 5M16 7l5 5-5 5M14 4l-4 16';

export function IntegrerButton({ lieuId, ida, nom }: { lieuId: number; ida: number; nom: string }) {
  const m = useLieuMessages();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn-secondary !px-3 sm:!px-4"
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <LineIcon d={CODE} />
        <span className="sr-only sm:not-sr-only">{m('integrer')}</span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <EmbedDialog lieuId={lieuId} ida={ida} nom={nom} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
