/**
 * « M'alerter » (the place header; docs/decisions/055): the person's alert rules on a place (switch on or off,
 * delete) and a form to add one (`NouvelleRegleForm`) — above a threshold, below, rising faster than, back within
 * a range, a forecast above a threshold (accounts allowed to see forecasts that accepted forecast alerts),
 * vigilance changes. On a place not followed yet, the defaults of an abonnement are proposed, checked; creating
 * follows the place. A visitor is sent to sign in and comes back here.
 *
 *   <MalerterButton lieuId={1} nom="La Garonne à Toulouse (Pont-Neuf)" />
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { lieuReglesQuery } from '../../../api/alertes';
import { useAccount } from '../../../stores/account';
import { Dialog } from '../../../components/ui/Dialog';
import { LineIcon } from '../../../components/ui/LineIcon';
import { ErrorState, SkeletonBlock } from '../../../components/ui/States';
import { useAlertMessages } from '../regles-messages';
import { NouvelleRegleForm } from './NouvelleRegleForm';
import { RegleRow } from './RegleRow';

const BELL_PLUS = 'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8zm4.5 12a1.5 1.5 0 0 0 3 0M12 6v6M9 9h6';

/** The dialog itself (also opened from the profile's « Mes alertes »). */
export function ReglesDialog({
  lieuId,
  nom,
  activiteId,
  open,
  onOpenChange,
}: {
  lieuId: number;
  nom: string;
  activiteId?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const m = useAlertMessages();
  const userId = useAccount((s) => s.user?.id ?? null);
  const q = useQuery({ ...lieuReglesQuery(userId, lieuId), enabled: open && userId !== null });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={m('dialogTitre', { nom })}
      description={m('dialogTexte')}
    >
      {q.isPending ? (
        <SkeletonBlock lines={4} label={m('chargement')} />
      ) : q.isError ? (
        <ErrorState message={m('erreur')} onRetry={() => void q.refetch()} />
      ) : (
        <>
          {!q.data.abonne ? (
            <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm dark:bg-white/5">{m('nonSuivi')}</p>
          ) : (
            !q.data.abonnement_actif && (
              <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{m('enPause')}</p>
            )
          )}
          {q.data.regles.length > 0 ? (
            <section aria-label={m('vosAlertes')} className="mt-3">
              <h3 className="font-semibold">{m('vosAlertes')}</h3>
              <ul className="mt-1 divide-y divide-line">
                {q.data.regles.map((r) => (
                  <RegleRow key={r.id} regle={r} />
                ))}
              </ul>
            </section>
          ) : (
            q.data.abonne && <p className="mt-3 text-muted">{m('aucuneRegle')}</p>
          )}
          {/* A new form for each answer: the suggestions and latest values follow the data. */}
          <NouvelleRegleForm
            key={q.dataUpdatedAt}
            data={q.data}
            activiteId={activiteId}
            onCreated={() => onOpenChange(false)}
          />
        </>
      )}
    </Dialog>
  );
}

/** « M'alerter »: opens the dialog, or leads a visitor to sign in (and back). */
export function MalerterButton({
  lieuId,
  nom,
  activiteId,
  className = '',
}: {
  lieuId: number;
  nom: string;
  /** The activity of the page: new rules keep it (their links open the place for it). */
  activiteId?: number;
  className?: string;
}) {
  const m = useAlertMessages();
  const { pathname, search } = useLocation();
  const signedIn = useAccount((s) => s.token !== null);
  const [open, setOpen] = useState(false);
  const icon = <LineIcon d={BELL_PLUS} />;
  if (!signedIn) {
    return (
      <Link
        to={`/user/login/${encodeURIComponent(`${pathname.slice(1)}${search}`)}`}
        className={`btn-secondary ${className}`}
        title={m('connexionRequise')}
      >
        {icon}
        <span>{m('malerter')}</span>
        <span className="sr-only"> — {m('connexionRequise')}</span>
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className={`btn-secondary ${className}`}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={m('malerterAria', { nom })}
      >
        {icon}
        <span>{m('malerter')}</span>
      </button>
      <ReglesDialog lieuId={lieuId} nom={nom} activiteId={activiteId} open={open} onOpenChange={setOpen} />
    </>
  );
}
