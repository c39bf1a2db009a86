/**
 * "Mes alertes" (docs/requirements.md R3.7): the alerts of the places in the favourites and, for a signed-in user, of the places
 * they subscribed to. Each alert can be hidden for the session (`stores/alertes-masquees.ts`); hidden ones can be
 * shown again. The places followed are listed with their number of alerts, so an empty list still says why.
 */
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Alerte } from '@limni/shared/contracts/hydro';
import { healthQuery } from '../../api/health';
import { lieuAlertesQuery, lieuQuery } from '../../api/lieu';
import { NotificationsList } from './components/NotificationsList';
import { alertesVisibles } from '../hydro';
import { DEFAULT_ACTIVITE, lieuHref } from '../../api/search';
import { VigilanceChip } from '../../components/ui/Chips';
import { EmptyState, ErrorState, SkeletonBlock } from '../../components/ui/States';
import { Page } from '../../components/ui/Page';
import { formatDateTime } from '../../lib/format';
import { plural } from '../../lib/plural';
import { usePageTitle } from '../../lib/use-page-title';
import { useAccount } from '../../stores/account';
import { useAlertesMasquees } from '../../stores/alertes-masquees';
import { useFavoris } from '../../stores/favoris';
import { useAlertesMessages } from './messages';
import { ICON } from '../../components/ui/icons';
import { LineIcon } from '../../components/ui/LineIcon';

interface Suivi {
  id: number;
  ida: number;
  favori: boolean;
  /** null: not subscribed; else whether the subscription is active. */
  abonnement: boolean | null;
  nom: string | null;
}

function AlerteCard({ alerte, lieux, onHide }: { alerte: Alerte; lieux: string[]; onHide: () => void }) {
  const m = useAlertesMessages();
  const source =
    alerte.source === 'vigicrues'
      ? m('sourceVigicrues')
      : alerte.source === 'seuil'
        ? m('sourceSeuil')
        : m('sourceManuel');
  return (
    <li className={`card border-l-4 ${alerte.en_cours ? 'border-l-amber-500' : 'border-l-slate-400'}`}>
      <div className="flex flex-wrap items-center gap-2">
        {alerte.source === 'vigicrues' && alerte.niveau >= 1 && alerte.niveau <= 4 ? (
          <>
            <VigilanceChip niveau={alerte.niveau} ts={alerte.debut} historique />
            <span className="text-sm text-muted">{source}</span>
          </>
        ) : (
          <span className="inline-flex items-center gap-1.5 rounded-full border border-amber-600 bg-amber-100 px-2.5 py-0.5 text-sm font-medium text-amber-950">
            <span aria-hidden="true">!</span>
            {source}
          </span>
        )}
      </div>
      <h3 className="mt-2 text-lg font-semibold">{alerte.titre}</h3>
      {alerte.message && <p className="mt-1">{alerte.message}</p>}
      <p className="mt-2 text-sm text-muted">
        {alerte.fin !== null
          ? m('du', { debut: formatDateTime(alerte.debut), fin: formatDateTime(alerte.fin) })
          : m('depuis', { date: formatDateTime(alerte.debut) })}
        {' · '}
        {m('concerne', { nom: alerte.scope_nom })}
      </p>
      {lieux.length > 0 && (
        <p className="text-sm text-muted">{m('pourVosLieux', { noms: lieux.join(', ') })}</p>
      )}
      <button
        type="button"
        className="btn-secondary mt-3 !min-h-11 text-sm"
        onClick={onHide}
        aria-label={m('masquerAria', { titre: alerte.titre })}
      >
        {m('masquer')}
      </button>
    </li>
  );
}

interface AlerteEntry {
  alerte: Alerte;
  /** Names of the followed places it concerns. */
  lieux: string[];
}

function AlerteCards({ entries }: { entries: AlerteEntry[] }) {
  const masquer = useAlertesMasquees((s) => s.masquer);
  return (
    <ul className="mt-4 space-y-3">
      {entries.map((e) => (
        <AlerteCard key={e.alerte.id} alerte={e.alerte} lieux={e.lieux} onHide={() => masquer(e.alerte.id)} />
      ))}
    </ul>
  );
}

/** The places followed: favourites (kept in the browser) and, signed in, abonnements (from the profile). */
function useLieuxSuivis(): { lieux: Suivi[]; signedIn: boolean; waitingProfile: boolean } {
  const favoris = useFavoris((s) => s.lieux);
  const signedIn = useAccount((s) => s.user !== null);
  const profile = useAccount((s) => s.profile);
  const suivis = new Map<number, Suivi>();
  for (const f of favoris) {
    suivis.set(f.id, { id: f.id, ida: f.ida, favori: true, abonnement: null, nom: null });
  }
  for (const a of signedIn ? (profile?.lieux ?? []) : []) {
    const s = suivis.get(a.id);
    if (s) suivis.set(a.id, { ...s, abonnement: a.actif, nom: a.nom });
    else {
      suivis.set(a.id, { id: a.id, ida: DEFAULT_ACTIVITE, favori: false, abonnement: a.actif, nom: a.nom });
    }
  }
  return { lieux: [...suivis.values()], signedIn, waitingProfile: signedIn && profile === null };
}

/**
 * The alerts of the places followed, one entry per alert (a tronçon alert may concern several of them): current
 * ones and those ended recently (the same rule as the place and entity screens), without the hidden ones.
 */
function useAlertesDesLieux(lieux: Suivi[]) {
  const m = useAlertesMessages();
  const masquees = useAlertesMasquees((s) => s.ids);
  const health = useQuery(healthQuery());
  const alertQs = useQueries({ queries: lieux.map((l) => lieuAlertesQuery(l.id)) });
  const detailQs = useQueries({
    queries: lieux.map((l) => ({ ...lieuQuery(l.id), enabled: l.nom === null })),
  });
  const nomDe = (l: Suivi, i: number) => l.nom ?? detailQs[i]?.data?.libelle ?? m('lieuN', { id: l.id });

  const parAlerte = new Map<number, AlerteEntry>();
  lieux.forEach((l, i) => {
    for (const a of alertQs[i]?.data ?? []) {
      const e = parAlerte.get(a.id) ?? { alerte: a, lieux: [] };
      e.lieux.push(nomDe(l, i));
      parAlerte.set(a.id, e);
    }
  });
  const recentes = new Set(
    alertesVisibles(
      [...parAlerte.values()].map((e) => e.alerte),
      health.data?.donnees.fin ?? null,
    ).map((a) => a.id),
  );
  const toutes = [...parAlerte.values()].filter((e) => recentes.has(e.alerte.id));
  const visibles = toutes.filter((e) => !masquees.includes(e.alerte.id));
  return {
    alertQs,
    nomDe,
    enCours: visibles.filter((e) => e.alerte.en_cours),
    terminees: visibles.filter((e) => !e.alerte.en_cours),
    nbMasquees: toutes.length - visibles.length,
    loading: alertQs.some((q) => q.isPending),
  };
}

/** « Alertes en cours », with how many are hidden for the session and « Réafficher ». */
function EnCoursSection({
  entries,
  nbMasquees,
  loading,
}: {
  entries: AlerteEntry[];
  nbMasquees: number;
  loading: boolean;
}) {
  const m = useAlertesMessages();
  const reafficher = useAlertesMasquees((s) => s.reafficher);
  return (
    <section aria-labelledby="alertes-en-cours" className="mt-8">
      <h2 id="alertes-en-cours" className="text-2xl font-bold">
        {m('enCours')}
      </h2>
      {nbMasquees > 0 && (
        <p className="mt-2 flex flex-wrap items-center gap-3 text-sm" role="status">
          <span>{m(plural(nbMasquees, 'masquees'), { n: nbMasquees })}</span>
          <button type="button" className="btn-secondary !min-h-11 text-sm" onClick={() => reafficher()}>
            {m('reafficher')}
          </button>
        </p>
      )}
      {loading && entries.length === 0 ? (
        <SkeletonBlock lines={3} />
      ) : entries.length === 0 ? (
        <div className="mt-4">
          <EmptyState title={m('aucuneEnCours')} icon={ICON.ok}>
            {m('aucuneEnCoursTexte')}
          </EmptyState>
        </div>
      ) : (
        <AlerteCards entries={entries} />
      )}
    </section>
  );
}

/** One place followed: link, favourite and abonnement chips, its number of current alerts. */
function LieuSuiviRow({
  lieu,
  nom,
  q,
}: {
  lieu: Suivi;
  nom: string;
  q: UseQueryResult<Alerte[]> | undefined;
}) {
  const m = useAlertesMessages();
  const n = q?.data?.filter((a) => a.en_cours).length ?? 0;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
      <Link to={lieuHref(lieu.id, lieu.ida)} className="link min-w-0 flex-1 font-medium">
        {nom}
      </Link>
      <span className="flex flex-wrap gap-1.5 text-xs">
        {lieu.favori && (
          <span className="rounded-full bg-sky-50 px-2 py-0.5 text-sky-950 dark:bg-white/10 dark:text-sky-100">
            <LineIcon
              d={ICON.etoile}
              size={16}
              className="mr-1 inline-block shrink-0 align-[-3px] fill-current"
            />
            {m('favori')}
          </span>
        )}
        {lieu.abonnement !== null && (
          <span className="rounded-full bg-sky-50 px-2 py-0.5 text-sky-950 dark:bg-white/10 dark:text-sky-100">
            {lieu.abonnement ? m('abonnement') : m('abonnementPause')}
          </span>
        )}
      </span>
      <span className="w-full text-sm sm:w-auto">
        {q?.isError ? (
          <ErrorState message={m('erreurLieu', { nom })} onRetry={() => void q.refetch()} />
        ) : q?.isPending ? (
          <span className="text-muted">…</span>
        ) : n > 0 ? (
          <strong className="text-amber-900 dark:text-amber-200">{m(plural(n, 'nbAlertes'), { n })}</strong>
        ) : (
          <span className="text-muted">{m('sansAlerte')}</span>
        )}
      </span>
    </li>
  );
}

/** For a visitor: what an account adds (alerts by e-mail or notification). */
function CompteAside() {
  const m = useAlertesMessages();
  return (
    <aside className="card mt-10 bg-sky-50 dark:bg-white/5" aria-labelledby="alertes-compte">
      <h2 id="alertes-compte" className="text-lg font-semibold">
        {m('compteTitre')}
      </h2>
      <p className="mt-1">{m('compteTexte')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to="/user/login" className="btn-primary">
          {m('seConnecter')}
        </Link>
        <Link to="/avantages-compte" className="btn-secondary">
          {m('avantages')}
        </Link>
      </div>
    </aside>
  );
}

export default function AlertesPage() {
  const m = useAlertesMessages();
  usePageTitle(m('titre'));
  const { lieux, signedIn, waitingProfile } = useLieuxSuivis();
  const a = useAlertesDesLieux(lieux);

  return (
    <Page title={m('titre')} intro={m('intro')}>
      <div className="max-w-4xl">
        {signedIn && <NotificationsList />}
        {lieux.length === 0 && !waitingProfile ? (
          <div className="mt-8">
            <EmptyState title={m('vide')} icon={ICON.cloche}>
              <p className="mx-auto max-w-xl">{m('videTexte')}</p>
              <Link to="/choisir/carte" className="btn-primary mt-4">
                {m('choisir')}
              </Link>
            </EmptyState>
          </div>
        ) : (
          <>
            <EnCoursSection entries={a.enCours} nbMasquees={a.nbMasquees} loading={a.loading} />
            {a.terminees.length > 0 && (
              <section aria-labelledby="alertes-terminees" className="mt-10">
                <h2 id="alertes-terminees" className="text-xl font-bold">
                  {m('terminees')}
                </h2>
                <AlerteCards entries={a.terminees} />
              </section>
            )}
            <section aria-labelledby="lieux-suivis" className="mt-10">
              <h2 id="lieux-suivis" className="text-xl font-bold">
                {m('lieuxSuivis')}
              </h2>
              {waitingProfile && <SkeletonBlock lines={2} label={m('chargementAbonnements')} />}
              <ul className="card mt-4 divide-y divide-line !p-0">
                {lieux.map((l, i) => (
                  <LieuSuiviRow key={l.id} lieu={l} nom={a.nomDe(l, i)} q={a.alertQs[i]} />
                ))}
              </ul>
            </section>
          </>
        )}
        {!signedIn && <CompteAside />}
      </div>
    </Page>
  );
}
