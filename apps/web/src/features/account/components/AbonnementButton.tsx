/**
 * « S'abonner » / « Abonné » for a place (docs/requirements.md R7.7: create adds the place as active, stop removes it,
 * toggle flips active), from the profile's `lieux`. A visitor is sent to `/user/login/<current path>` and comes
 * back here after signing in. Subscribed: the button opens a dialog to pause or resume the alerts, or stop.
 *
 *   <AbonnementButton lieuId={lieu.id} nom="La Garonne à Toulouse" />
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { abonnementMutation, loadProfile, type AbonnementAction } from '../../../api/profile';
import { failureOf } from '../../../api/account';
import { useAccount } from '../../../stores/account';
import { notify } from '../../../stores/notifications';
import { Dialog } from '../../../components/ui/Dialog';
import { LineIcon } from '../../../components/ui/LineIcon';
import { useAccountComponentMessages } from '../abonnement-messages';
import { Switch } from '../../../components/ui/Switch';

const BELL = 'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8zm4.5 12a1.5 1.5 0 0 0 3 0';
const BELL_CHECK = 'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8zm4.5 12a1.5 1.5 0 0 0 3 0M9 9.5l2 2 4-4';
const BELL_OFF = 'M6 8a6 6 0 0 1 9.6-4.8M18 8c0 7 3 8 3 8H8m-5 0s3-1 3-8m4.5 12a1.5 1.5 0 0 0 3 0M3 3l18 18';

export function AbonnementButton({
  lieuId,
  nom,
  className = '',
}: {
  lieuId: number;
  /** The place's name for messages ("La Garonne à Toulouse"); the profile's name is used when missing. */
  nom?: string;
  className?: string;
}) {
  const m = useAccountComponentMessages();
  const { pathname, search } = useLocation();
  const token = useAccount((s) => s.token);
  const abonnement = useAccount((s) => s.profile?.lieux.find((l) => l.id === lieuId) ?? null);
  const [open, setOpen] = useState(false);
  const mutation = useMutation(abonnementMutation());
  const label = nom ?? abonnement?.nom ?? m('ceLieu');

  if (!token) {
    const target = encodeURIComponent(`${pathname.slice(1)}${search}`);
    // The reason is the link's description only: hidden from the name (aria-hidden), read through aria-describedby.
    return (
      <Link
        to={`/user/login/${target}`}
        className={`btn-secondary ${className}`}
        aria-describedby={`abo-login-${lieuId}`}
      >
        <LineIcon d={BELL} />
        <span>{m('sabonner')}</span>
        <span id={`abo-login-${lieuId}`} className="sr-only" aria-hidden="true">
          {m('connexionRequise')}
        </span>
      </Link>
    );
  }

  const run = (action: AbonnementAction) =>
    mutation.mutate(
      { action, lieu: lieuId },
      {
        onSuccess: (lieux) => {
          const now = lieux.find((l) => l.id === lieuId);
          if (action === 'crea') notify(m('abonnementCree', { nom: label }), { kind: 'success' });
          else if (action === 'stop') {
            setOpen(false);
            notify(m('abonnementArrete', { nom: label }), { kind: 'success' });
          } else {
            notify(m(now?.actif ? 'alertesReprises' : 'alertesSuspendues', { nom: label }), {
              kind: 'success',
            });
          }
        },
        onError: (err) => notify(failureOf(err).message, { kind: 'error' }),
      },
    );

  const abonner = async () => {
    // The profile failed to load earlier (guard A ignores it): load it now, then decide.
    if (!useAccount.getState().profile) await loadProfile().catch(() => undefined);
    if (useAccount.getState().profile?.lieux.some((l) => l.id === lieuId)) setOpen(true);
    else run('crea');
  };

  if (!abonnement) {
    return (
      <button
        type="button"
        className={`btn-secondary ${className}`}
        onClick={() => void abonner()}
        disabled={mutation.isPending}
        aria-busy={mutation.isPending}
        title={m('sabonnerDescription')}
      >
        <LineIcon d={BELL} />
        <span>{m('sabonner')}</span>
      </button>
    );
  }

  return (
    <>
      <button
        type="button"
        className={`btn-primary ${className}`}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        <LineIcon d={abonnement.actif ? BELL_CHECK : BELL_OFF} />
        <span>{abonnement.actif ? m('abonne') : m('abonneEnPause')}</span>
        <span className="sr-only"> — {m('gererAbonnement', { nom: label })}</span>
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={m('dialogTitre', { nom: label })}
        description={m('dialogTexte')}
      >
        <Switch
          label={m('alertesActives')}
          description={m('alertesActivesAide')}
          checked={abonnement.actif}
          disabled={mutation.isPending}
          onChange={() => run('toggle')}
        />
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
          <Link to="/user/profil#notifications" className="link min-h-11 content-center">
            {m('preferences')}
          </Link>
          <button
            type="button"
            className="btn-secondary !border-red-700 !text-red-800 dark:!text-red-300"
            disabled={mutation.isPending}
            onClick={() => run('stop')}
          >
            {m('sedesabonner')}
          </button>
        </div>
      </Dialog>
    </>
  );
}
