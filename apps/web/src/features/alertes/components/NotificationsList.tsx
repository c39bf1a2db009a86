/**
 * « Mes notifications » (the `alertes` page, signed in): the alerts sent to the person, newest first, read and
 * unread (« Nouveau »), hidden or not, with how each was delivered (e-mail, notification) and a link to the place.
 * Opening the place marks it read; « Tout marquer comme lu »; hidden ones can be shown again.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { NotificationItem, NotificationsEtatBody, StatutEnvoi } from '@limni/shared/contracts/alertes';
import { invalidateAlertes, markNotificationsMutation, notificationsQuery } from '../../../api/alertes';
import { failureOf } from '../../../api/account';
import { formatDateTime } from '../../../lib/format';
import { plural } from '../../../lib/plural';
import { useAccount } from '../../../stores/account';
import { notify } from '../../../stores/notifications';
import { VigilanceChip } from '../../../components/ui/Chips';
import { EmptyState, ErrorState, SkeletonBlock } from '../../../components/ui/States';
import { useAlertMessages } from '../regles-messages';
import { ICON } from '../../../components/ui/icons';

type M = ReturnType<typeof useAlertMessages>;

const STATUTS: Record<StatutEnvoi, Parameters<M>[0]> = {
  envoye: 'statutEnvoye',
  en_attente: 'statutEnAttente',
  en_cours: 'statutEnCours',
  echec: 'statutEchec',
  annule: 'statutAnnule',
  sans_destinataire: 'statutSansDestinataire',
};
const TYPES: Record<NotificationItem['type'], Parameters<M>[0]> = {
  au_dessus: 'chipAuDessus',
  en_dessous: 'chipEnDessous',
  montee: 'chipMontee',
  retour_plage: 'chipPlage',
  prevision: 'chipPrevision',
  vigilance: 'chipVigilance',
};

function NotificationCard({
  n,
  onMark,
  busy,
}: {
  n: NotificationItem;
  onMark: (body: NotificationsEtatBody) => void;
  busy: boolean;
}) {
  const m = useAlertMessages();
  const when =
    n.type === 'vigilance'
      ? m('bulletin', { date: formatDateTime(n.ts) })
      : n.type === 'prevision'
        ? m('prevu', { date: formatDateTime(n.ts) })
        : m('mesure', { date: formatDateTime(n.ts) });
  const action = (label: string) => m('actionAria', { action: label, titre: n.titre });
  return (
    <li
      className={`card border-l-4 ${n.lu ? 'border-l-slate-300 dark:border-l-slate-600' : 'border-l-brand dark:border-l-sky-400'} ${n.masque ? 'opacity-75' : ''}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {!n.lu && (
          <span className="rounded-full bg-brand px-2.5 py-0.5 font-semibold text-white">{m('nouveau')}</span>
        )}
        {n.type === 'vigilance' && n.niveau !== null ? (
          <VigilanceChip niveau={n.niveau} ts={n.ts} historique />
        ) : (
          <span className="rounded-full border border-line px-2.5 py-0.5">{m(TYPES[n.type])}</span>
        )}
        {n.masque && <span className="text-muted">{m('masquee')}</span>}
      </div>
      <h3 className={`mt-2 text-lg ${n.lu ? 'font-medium' : 'font-semibold'}`}>{n.titre}</h3>
      <p className="mt-1">{n.message}</p>
      <p className="mt-2 text-sm text-muted">
        {when}
        {' · '}
        {m('envoyeeLe', { date: formatDateTime(n.created_at) })}
      </p>
      {n.plafonnee ? (
        <p className="mt-1 text-sm text-muted">{m('plafonnee')}</p>
      ) : (
        n.envois.length > 0 && (
          <p className="mt-1 flex flex-wrap gap-2 text-sm">
            {n.envois.map((e) => (
              <span
                key={e.canal}
                className="rounded-full bg-sky-50 px-2 py-0.5 text-sky-950 dark:bg-white/10 dark:text-sky-100"
              >
                {m('envoi', {
                  canal: m(e.canal === 'email' ? 'canalEmail' : 'canalPush'),
                  statut: m(STATUTS[e.statut]),
                })}
              </span>
            ))}
          </p>
        )
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to={n.lien}
          className="btn-primary !min-h-11 text-sm"
          onClick={() => {
            if (!n.lu) onMark({ ids: [n.id], lu: true });
          }}
        >
          {n.lieu ? m('ouvrirLieuNom', { nom: n.lieu.nom }) : m('ouvrirLieu')}
        </Link>
        <button
          type="button"
          className="btn-secondary !min-h-11 text-sm"
          disabled={busy}
          onClick={() => onMark({ ids: [n.id], lu: !n.lu })}
          aria-label={action(n.lu ? m('marquerNonLue') : m('marquerLue'))}
        >
          {n.lu ? m('marquerNonLue') : m('marquerLue')}
        </button>
        <button
          type="button"
          className="btn-secondary !min-h-11 text-sm"
          disabled={busy}
          onClick={() => onMark({ ids: [n.id], masque: !n.masque })}
          aria-label={action(n.masque ? m('reafficher') : m('masquer'))}
        >
          {n.masque ? m('reafficher') : m('masquer')}
        </button>
      </div>
    </li>
  );
}

export function NotificationsList() {
  const m = useAlertMessages();
  const userId = useAccount((s) => s.user?.id ?? null);
  const [withHidden, setWithHidden] = useState(false);
  const q = useInfiniteQuery(notificationsQuery(userId, withHidden));
  const client = useQueryClient();
  const mark = useMutation(markNotificationsMutation());
  const onMark = (body: NotificationsEtatBody) =>
    mark.mutate(body, {
      onSuccess: () => void invalidateAlertes(client, userId),
      onError: (err) => notify(failureOf(err).message, { kind: 'error' }),
    });
  const items = q.data?.pages.flatMap((p) => p.notifications) ?? [];
  const nonLues = q.data?.pages[0]?.non_lues ?? 0;

  return (
    <section aria-labelledby="mes-notifications" className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="mes-notifications" className="text-2xl font-bold">
            {m('notifsTitre')}
          </h2>
          <p className="mt-1 text-muted">
            {m('notifsIntro')}
            {nonLues > 0 && (
              <strong className="ml-2 text-brand dark:text-sky-200">
                {m(plural(nonLues, 'nonLues'), { n: nonLues })}
              </strong>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {nonLues > 0 && (
            <button
              type="button"
              className="btn-secondary !min-h-11 text-sm"
              disabled={mark.isPending}
              onClick={() => onMark({ toutes: true, lu: true })}
            >
              {m('toutLu')}
            </button>
          )}
          <button
            type="button"
            className="btn-secondary !min-h-11 text-sm"
            aria-pressed={withHidden}
            onClick={() => setWithHidden(!withHidden)}
          >
            {withHidden ? m('cacherMasquees') : m('voirMasquees')}
          </button>
        </div>
      </div>
      {q.isPending ? (
        <SkeletonBlock lines={3} label={m('chargement')} />
      ) : q.isError ? (
        <div className="mt-4">
          <ErrorState message={m('notifsErreur')} onRetry={() => void q.refetch()} />
        </div>
      ) : items.length === 0 ? (
        <div className="mt-4">
          <EmptyState title={m('notifsVide')} icon={ICON.enveloppe}>
            {m('notifsVideTexte')}
          </EmptyState>
        </div>
      ) : (
        <>
          <ul className="mt-4 space-y-3">
            {items.map((n) => (
              <NotificationCard key={n.id} n={n} onMark={onMark} busy={mark.isPending} />
            ))}
          </ul>
          {q.hasNextPage && (
            <button
              type="button"
              className="btn-secondary mt-4"
              disabled={q.isFetchingNextPage}
              onClick={() => void q.fetchNextPage()}
            >
              {m('plus')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
