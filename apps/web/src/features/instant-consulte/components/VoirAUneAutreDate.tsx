/** The button that opens « Voir à une autre date » (footer, banner); the dialog's code loads on the first click. */
import { lazy, Suspense, useState } from 'react';
import { useInstantMessages } from '../messages';

const InstantDialog = lazy(() => import('./InstantDialog').then((mod) => ({ default: mod.InstantDialog })));

export function VoirAUneAutreDate({ label, className }: { label?: string; className: string }) {
  const m = useInstantMessages();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label ?? m('voir')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <InstantDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
