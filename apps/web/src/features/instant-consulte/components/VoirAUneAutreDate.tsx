/**
 * The button that opens « Voir à une autre date » (footer, banner). The footer loads with the first screen: its label
 * comes from the shell's words, and the dialog's code and words load on the first click.
 */
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../../lib/i18n';

const InstantDialog = lazy(() => import('./InstantDialog').then((mod) => ({ default: mod.InstantDialog })));

export function VoirAUneAutreDate({ label, className }: { label?: string; className: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label ?? t('footer.autreDate')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <InstantDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
