/** « Mes abonnements »: the places followed, each with its alerts on or paused (toggle) and « Ne plus suivre » (stop). */
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AbonnementLieu } from '@limni/shared/contracts/alertes';
import { failureOf } from '../../../../api/account';
import { abonnementMutation } from '../../../../api/profile';
import { lieuHref } from '../../../../api/search';
import { Switch } from '../../../../components/ui/Switch';
import { EmptyState } from '../../../../components/ui/States';
import { notify } from '../../../../stores/notifications';
import { useProfileMessages } from '../messages';
import { Section } from './Section';
import { ICON } from '../../../../components/ui/icons';

export function AbonnementsSection({ lieux }: { lieux: AbonnementLieu[] }) {
  const m = useProfileMessages();
  const mutation = useMutation(abonnementMutation());
  const busyLieu = mutation.isPending ? mutation.variables.lieu : null;

  const stop = (lieu: AbonnementLieu) =>
    mutation.mutate(
      { action: 'stop', lieu: lieu.id },
      {
        onSuccess: () => notify(m('abonnementArrete', { nom: lieu.nom }), { kind: 'success' }),
        onError: (err) => notify(failureOf(err).message, { kind: 'error' }),
      },
    );
  const toggle = (lieu: AbonnementLieu) =>
    mutation.mutate(
      { action: 'toggle', lieu: lieu.id },
      { onError: (err) => notify(failureOf(err).message, { kind: 'error' }) },
    );

  return (
    <Section id="abonnements" title={m('abonnements')} intro={m('abonnementsIntro')}>
      {lieux.length === 0 ? (
        <EmptyState title={m('abonnementsVide')} icon={ICON.cloche}>
          <p>{m('abonnementsVideTexte')}</p>
          <Link to="/choisir/carte" className="btn-secondary mt-4">
            {m('choisirLieu')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="divide-y divide-line border-y border-line" aria-label={m('abonnements')}>
          {lieux.map((lieu) => (
            <li key={lieu.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
              <div className="flex min-w-0 basis-64 flex-1 flex-wrap items-center gap-x-2">
                <Link to={lieuHref(lieu.id)} className="link inline-flex min-h-11 items-center font-medium">
                  {lieu.nom}
                </Link>
                {!lieu.actif && (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-white/10 dark:text-slate-200">
                    {m('alertesEnPause')}
                  </span>
                )}
              </div>
              <div className="flex items-center gap-4">
                <Switch
                  compact
                  label={
                    <>
                      {m('alertes')}
                      <span className="sr-only"> — {lieu.nom}</span>
                    </>
                  }
                  checked={lieu.actif}
                  disabled={busyLieu === lieu.id}
                  onChange={() => toggle(lieu)}
                />
                <button
                  type="button"
                  className="btn-secondary whitespace-nowrap !px-3"
                  disabled={busyLieu === lieu.id}
                  onClick={() => stop(lieu)}
                >
                  {m('arreter')}
                  <span className="sr-only"> {lieu.nom}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Link to="/alertes" className="link mt-4 inline-flex min-h-11 items-center font-semibold">
        {m('voirAlertes')}
      </Link>
    </Section>
  );
}
