/** One alert rule in a list: its sentence, where it came from, its last alert, an on/off switch and « Supprimer ». */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Regle } from '@limni/shared/contracts/alertes';
import { deleteRegleMutation, invalidateAlertes, updateRegleMutation } from '../../../api/alertes';
import { failureOf } from '../../../api/account';
import { activitesQuery } from '../../../api/hydro';
import { nomActivite } from '../../../lib/activite-nom';
import { formatDateTime } from '../../../lib/format';
import { useAccount } from '../../../stores/account';
import { notify } from '../../../stores/notifications';
import { Switch } from '../../../components/ui/Switch';
import { useAlertMessages } from '../regles-messages';

export function RegleRow({ regle }: { regle: Regle }) {
  const m = useAlertMessages();
  const userId = useAccount((s) => s.user?.id ?? null);
  const client = useQueryClient();
  const update = useMutation(updateRegleMutation());
  const remove = useMutation(deleteRegleMutation());
  const busy = update.isPending || remove.isPending;
  const onError = (err: unknown) => notify(failureOf(err).message, { kind: 'error' });
  // The rule names its activity in French (id and name): the page's language by its slug, once the list is here.
  const activite = useQuery({ ...activitesQuery(), enabled: regle.activite !== null }).data?.find(
    (a) => a.id === regle.activite?.id,
  );

  const toggle = (actif: boolean) =>
    update.mutate(
      { id: regle.id, body: { actif } },
      {
        onSuccess: () => {
          notify(m(actif ? 'activee' : 'suspendue'), { kind: 'success' });
          void invalidateAlertes(client, userId);
        },
        onError,
      },
    );
  const del = () =>
    remove.mutate(regle.id, {
      onSuccess: () => {
        notify(m('supprimee'), { kind: 'success' });
        void invalidateAlertes(client, userId);
      },
      onError,
    });

  const details = [
    regle.activite && regle.origine === 'defaut'
      ? `${activite ? nomActivite(activite) : regle.activite.nom} · ${m('defaut')}`
      : null,
    regle.origine === 'defaut' && !regle.activite ? m('defaut') : null,
    regle.derniere_notification !== null
      ? m('derniereAlerte', { date: formatDateTime(regle.derniere_notification) })
      : null,
  ].filter((d): d is string => d !== null);

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
      <div className="min-w-0 flex-1 basis-56">
        <p className={`font-medium ${regle.actif ? '' : 'text-muted line-through decoration-1'}`}>
          {regle.description}
        </p>
        {details.length > 0 && <p className="text-sm text-muted">{details.join(' · ')}</p>}
      </div>
      <div className="flex items-center gap-2">
        <Switch
          compact
          checked={regle.actif}
          disabled={busy}
          onChange={toggle}
          label={
            <>
              <span className="sr-only">{m('activeAria', { description: regle.description })}</span>
              <span aria-hidden="true" className="text-sm">
                {m('active')}
              </span>
            </>
          }
        />
        <button
          type="button"
          className="btn-secondary !min-h-11 !px-3 text-sm"
          disabled={busy}
          onClick={del}
          aria-label={m('supprimerAria', { description: regle.description })}
        >
          {m('supprimer')}
        </button>
      </div>
    </li>
  );
}
