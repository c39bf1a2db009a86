/**
 * A place (`/lieu/{id}/a-{ida}`, route `lieu/:id/:activite/*`, docs/decisions/008 and 042): a header card with the
 * latest value large, its trend and freshness, the vigilance of its tronçon, the activity verdict, the favourite
 * star and the subscription; its alerts; then the tabs as nested paths (donnees, carte, infos, photos, webcam,
 * social), sticky on phone.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, memo, Suspense, useDeferredValue, useId, type ReactNode } from 'react';
import { Link, Navigate, NavLink, Route, Routes, useLocation, useParams } from 'react-router';
import type { VerdictLieu } from '@limni/shared/contracts/activites';
import type { EtatCapteur, LieuDetail } from '@limni/shared/contracts/hydro';
import { bracketsToParentheses } from '@limni/shared/domain/names';
import { LIEU_TABS } from '@limni/shared/domain/web-routes';
import { entiteLieuxQuery } from '../../api/entite';
import { useDataClock, useEpisodeClockScope, useServiceLive } from '../../api/health';
import { activitesQuery } from '../../api/hydro';
import {
  lieuAlertesQuery,
  lieuDaterangeQuery,
  lieuEtatQuery,
  lieuQuery,
  verdictLieuQuery,
} from '../../api/lieu';
import { liveRefetch, lieuStepMin } from '../../api/live-refresh';
import { lieuHref } from '../../api/search';
import { AbonnementButton } from '../account';
import { MalerterButton } from '../alertes';
import { SecheresseVerdict } from '../secheresse';
import { ActivitySwitcher } from '../hydro';
import { AlertesList, alertesVisibles } from '../hydro';
import { Breadcrumb } from '../hydro';
import { DetailStates, parseId } from '../hydro';
import { useHydroMessages } from '../hydro';
import { shownFreshness, sortCapteurs } from '../hydro';
import { VerdictChip, VigilanceChip } from '../../components/ui/Chips';
import { Freshness } from '../hydro';
import { Skeleton, SkeletonBlock } from '../../components/ui/States';
import { TrendArrow } from '../hydro';
import { formatLongDate, formatValue } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { NotFoundPage } from '../pages';
import { parisDay } from '@limni/shared/domain/time';
import { Situation } from './donnees/components/Situation';
import { FavoriteStar } from './components/FavoriteStar';
import { StationNotices } from './components/StationNotices';
import { DerniereDouteuse } from './components/DerniereDouteuse';
import { IntegrerButton } from './components/IntegrerButton';
import { alerteImpossible } from './alerte-possible';
import { useAccount } from '../../stores/account';
import { useLieuMessages } from './messages';
import { nomActivite } from '../../lib/activite-nom';
import { nomCapteur } from '../../lib/capteur-nom';
import { libelleDepartement } from '../../lib/departement-nom';

// Memoised: the page's own answers (alerts, the river's places, the data clock) arrive one by one, and each one
// re-rendered the whole open tab, chart and tables included. A tab renders again when its place, its
// activity or its own state changes.
const DonneesTab = memo(lazy(() => import('./donnees/DonneesTab')));
const CarteTab = memo(lazy(() => import('./carte/CarteTab')));
const InfosTab = memo(lazy(() => import('./infos/InfosTab')));
const PhotosTab = memo(lazy(() => import('./photos/PhotosTab')));
const WebcamTab = memo(lazy(() => import('./webcam/WebcamTab')));
const SocialTab = memo(lazy(() => import('./social/SocialTab')));

/** The tabs, as the shared route table knows them (the server answers 404 for another). */
export const TABS = LIEU_TABS;
export type Tab = (typeof TABS)[number];

const TAB_LABELS = {
  donnees: 'ongletDonnees',
  carte: 'ongletCarte',
  infos: 'ongletInfos',
  photos: 'ongletPhotos',
  webcam: 'ongletWebcam',
  social: 'ongletSocial',
} as const;

export function lieuPath(id: number, ida: number, tab?: Tab): string {
  return `${lieuHref(id, ida)}${tab ? `/${tab}` : ''}`;
}

export default function LieuPage() {
  const params = useParams();
  const id = parseId(params.id);
  const ida = parseId(/^a-(\d+)$/.exec(params.activite ?? '')?.[1]);
  if (id === null || ida === null) return <NotFoundPage />;
  return <Lieu id={id} ida={ida} />;
}

function Lieu({ id, ida }: { id: number; ida: number }) {
  const m = useLieuMessages();
  // Live, the place (its station's state, the readings set aside) is asked again when the tab is shown again; a place
  // of a recorded episode does not move.
  const live = useServiceLive();
  const lieu = useQuery({
    ...lieuQuery(id),
    refetchOnWindowFocus: (query) => live && !query.state.data?.episode,
  });
  const activites = useQuery(activitesQuery());
  usePageTitle(lieu.data ? bracketsToParentheses(lieu.data.libelle) : null);
  // The page is built from a deferred copy of the place (docs/decisions/131): the answer's own render (a
  // synchronous one, as every query update) keeps the skeleton, and React then builds the page in a transition that
  // yields to the browser every few milliseconds. Another place's copy is never shown for this one.
  const deferred = useDeferredValue(lieu.data);
  const shown = deferred?.id === id ? deferred : undefined;
  if (activites.isSuccess && !activites.data.some((a) => a.id === ida)) return <NotFoundPage />;
  if (!shown) {
    return <DetailStates query={lieu} titre={m('introuvable')} texte={m('introuvableTexte')} />;
  }
  return <LieuContent lieu={shown} ida={ida} />;
}

function LieuContent({ lieu, ida }: { lieu: LieuDetail; ida: number }) {
  const m = useLieuMessages();
  // A place of a recorded episode counts ages against that episode's clock (docs/decisions/088).
  useEpisodeClockScope(lieu.episode?.code ?? null);
  const { pathname, search } = useLocation();
  const alertesId = useId();
  const alertes = useQuery(lieuAlertesQuery(lieu.id));
  const etats = useQuery(entiteLieuxQuery(lieu.entite.id));
  // The page reads the clock for a recorded episode only (which never ticks); its ages tick by themselves.
  const clock = useDataClock({ tick: false });
  const now = lieu.episode ? (clock.ready ? clock.now : null) : (etats.data?.maintenant ?? null);
  const base = lieuPath(lieu.id, ida);
  const currentTab: Tab = TABS.find((t) => pathname.startsWith(`${base}/${t}`)) ?? 'donnees';

  const tab = (node: ReactNode) => (
    <Suspense
      fallback={
        <div className="py-6">
          <SkeletonBlock lines={6} />
        </div>
      }
    >
      {node}
    </Suspense>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 pb-10 pt-2 sm:pt-4">
      <Breadcrumb
        items={[{ to: `/entite/${lieu.entite.id}/liste/activite/${ida}`, label: lieu.entite.nom }]}
        current={bracketsToParentheses(lieu.nom)}
        // Not on a phone, where the first screen is kept for the value and the chart.
        className="max-sm:hidden"
      />

      <HeaderCard lieu={lieu} ida={ida} />

      <div className="mt-2 sm:mt-4">
        <ActivitySwitcher current={ida} hrefFor={(a) => `${lieuPath(lieu.id, a, currentTab)}${search}`} />
      </div>

      {alertes.data && alertesVisibles(alertes.data, now).length > 0 && (
        <div className="mt-6">
          <AlertesList alertes={alertes.data} titleId={alertesId} now={now} />
        </div>
      )}

      <nav
        aria-label={m('onglets')}
        className="sticky top-14 z-20 -mx-4 mt-2 border-b border-line bg-surface/95 px-4 backdrop-blur md:static md:mx-0 md:mt-6 md:bg-transparent md:px-0 md:backdrop-blur-none"
      >
        {/* On a phone the row scrolls: its right edge fades, so a cut tab reads as « more follows », and its end
            padding lets the last tab clear the fade once scrolled to. */}
        <ul className="flex gap-1 overflow-x-auto max-md:pr-8 max-md:[mask-image:linear-gradient(to_right,black_calc(100%-2.5rem),transparent)]">
          {TABS.map((t) => (
            <li key={t} className="shrink-0">
              <NavLink
                to={`${base}/${t}${search}`}
                aria-current={currentTab === t ? 'page' : undefined}
                className={`inline-flex min-h-12 items-center border-b-[3px] px-3 text-sm font-semibold md:px-4 md:text-base ${
                  currentTab === t
                    ? 'border-brand text-brand dark:border-sky-300 dark:text-sky-200'
                    : 'border-transparent text-muted hover:text-ink'
                }`}
              >
                {m(TAB_LABELS[t])}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="pt-2 sm:pt-6">
        <Routes>
          <Route index element={<Navigate to={`${base}/donnees${search}`} replace />} />
          <Route path="donnees" element={tab(<DonneesTab lieu={lieu} ida={ida} />)} />
          <Route path="carte" element={tab(<CarteTab lieu={lieu} ida={ida} />)} />
          <Route path="infos" element={tab(<InfosTab lieu={lieu} ida={ida} />)} />
          <Route path="photos" element={tab(<PhotosTab lieu={lieu} />)} />
          <Route path="webcam" element={tab(<WebcamTab lieu={lieu} />)} />
          <Route path="social" element={tab(<SocialTab lieu={lieu} />)} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </div>
    </div>
  );
}

/** An action button that shows its icon only on a phone (its word then stays for screen readers). */
const ICON_ON_PHONE = '!px-3 sm:!px-4 max-sm:[&>span]:sr-only';

function HeaderCard({ lieu, ida }: { lieu: LieuDetail; ida: number }) {
  const m = useLieuMessages();
  // Live, the values and the verdict follow the readings: asked again on the sensors' step and when the tab is shown
  // again (`api/live-refresh.ts`); a place of a recorded episode, like a demonstration, never moves.
  const refetch = liveRefetch(useServiceLive() && !lieu.episode, lieuStepMin(lieu.capteurs));
  const etats = useQuery({ ...entiteLieuxQuery(lieu.entite.id), ...refetch });
  const activites = useQuery(activitesQuery());
  const clock = useDataClock({ tick: false });
  // The place's period matters only to a place of a recorded episode (its verdict day and its own state below).
  const range = useQuery({ ...lieuDaterangeQuery(lieu.id), enabled: !!lieu.episode });
  // The verdict at the data "now", the instant of the values shown above it (`activites/type-{ida}/lieu-{id}`): a
  // place whose data stopped years ago says its reading is too old to judge, instead of giving the verdict of its
  // last day as today's. A place of a recorded episode is judged on its episode's last day (docs/decisions/088).
  const verdict = useQuery({
    ...verdictLieuQuery(ida, lieu.id, lieu.episode ? (range.data?.jour_fin ?? null) : null),
    ...refetch,
    enabled: !lieu.episode || range.isSuccess,
  });
  // A place of a recorded episode: its own state on its episode's clock (the entity's list is on the main clock).
  const own = useQuery({
    ...lieuEtatQuery(lieu.id, range.data?.jour_fin ?? ''),
    enabled: !!lieu.episode && !!range.data?.jour_fin,
  });
  const activite = activites.data?.find((a) => a.id === ida);
  const capteurs = sortCapteurs(
    (lieu.episode ? own.data?.capteurs : etats.data?.lieux.find((l) => l.id === lieu.id)?.capteurs) ?? [],
  );
  const withValue = capteurs.filter((c) => c.valeur !== null);
  const [main, ...others] = withValue;
  // The value that has a usual range for its date (ADR 087): its sentence goes under the values.
  const classed = withValue.find((c) => c.classe !== null);
  const now = (lieu.episode ? own.data?.instant : etats.data?.maintenant) ?? 0;
  const titre = bracketsToParentheses(lieu.libelle);
  const sansAlerte = alerteImpossible(lieu, useServiceLive());
  const abonne = useAccount((s) => s.profile?.lieux.some((l) => l.id === lieu.id) ?? false);

  return (
    <section aria-labelledby="lieu-titre" className="card mt-2 max-sm:!p-3 sm:mt-3 md:p-6">
      {/* On a phone the actions sit beside the kind and département line, the name full width under them (a grid,
          the name's wrapper dissolved into it); from `sm` up the name and the actions share a wrapping row. */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 sm:flex sm:flex-wrap sm:items-start sm:justify-between sm:gap-3">
        <div className="contents min-w-0 sm:block">
          <p className="col-start-1 row-start-1 text-xs font-medium sm:text-sm uppercase tracking-wide text-muted">
            {lieu.entite.type === 'L' ? m('lac') : m('riviere')}
            {lieu.departement && ` · ${libelleDepartement(lieu.departement)}`}
          </p>
          <h1
            id="lieu-titre"
            className="col-span-2 row-start-2 mt-2 text-xl font-bold sm:text-2xl tracking-tight sm:mt-1 text-brand md:text-3xl dark:text-sky-200"
          >
            {titre}
          </h1>
        </div>
        {/* One row on a phone too: icons there, with their words from `sm` up (names kept for screen readers). */}
        <div
          role="group"
          aria-label={m('actions')}
          className="col-start-2 row-start-1 flex flex-nowrap gap-1.5 sm:flex-wrap sm:gap-2"
        >
          <FavoriteStar id={lieu.id} ida={ida} nom={titre} />
          {/* Where no alert can fire, a sentence below says why instead (an existing abonnement stays manageable). */}
          {(!sansAlerte || abonne) && (
            <AbonnementButton lieuId={lieu.id} nom={titre} className={ICON_ON_PHONE} />
          )}
          {!sansAlerte && (
            <MalerterButton lieuId={lieu.id} nom={titre} activiteId={ida} className={ICON_ON_PHONE} />
          )}
          <IntegrerButton lieuId={lieu.id} ida={ida} nom={titre} />
        </div>
      </div>

      <div className="mt-3 sm:mt-4">
        {lieu.capteurs.length === 0 ? (
          <p className="text-muted">{m('aucuneStation')}</p>
        ) : (lieu.episode ? own.isPending : etats.isPending) &&
          lieu.capteurs.some((c) => c.dernier_ts !== null) ? (
          // As high as the value it stands for (label, big value, freshness): no shift when it arrives (ADR 109).
          <Skeleton className="h-[7.5rem] w-64" />
        ) : !main ? (
          <p className="text-muted">{m('aucuneMesure')}</p>
        ) : (
          <div className="flex flex-wrap items-end gap-x-10 gap-y-4">
            <MainValue etat={main} now={now} />
            {others.map((c) => (
              <div key={c.capteur_id}>
                <p className="text-sm text-muted">{nomCapteur(c.libelle)}</p>
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="text-2xl font-semibold tabular-nums">
                    {formatValue(c.valeur, c.unite)}
                  </span>
                  <TrendArrow tendance={c.tendance} variationH={c.variation_h} unite={c.unite} />
                </p>
                <Freshness
                  ts={c.ts}
                  fraicheur={shownFreshness(c.ts, c.fraicheur)}
                  now={now}
                  pasMin={c.pas_min}
                />
              </div>
            ))}
          </div>
        )}
        {classed && classed.ts !== null && (
          <div className="mt-3">
            <Situation lieuId={lieu.id} date={parisDay(classed.ts)} />
          </div>
        )}
        <DerniereDouteuse capteurs={withValue} />
        <StationNotices lieu={lieu} />
        {sansAlerte && (
          <p className="mt-2 text-sm text-muted">
            {m(sansAlerte === 'sans_station' ? 'alerteImpossibleSansStation' : 'alerteImpossibleDemo')}
          </p>
        )}
      </div>

      {/* The vigilance, then the verdict with its reason on the full width (a side column would squeeze the reason).
          On a phone no rule above them: the first screen keeps room for the chart's top. */}
      <div className="mt-2 flex flex-col gap-2 sm:mt-5 sm:gap-3 sm:border-t sm:border-line sm:pt-4">
        {/* During a replay: the bulletin valid at its instant, or none known for that date (ADR 142). */}
        {lieu.troncon && (lieu.troncon.niveau !== null || clock.replay) && (
          <div className="flex flex-wrap items-center gap-2">
            <VigilanceChip niveau={lieu.troncon.niveau} ts={lieu.troncon.niveau_ts} />
            <span className="text-sm text-muted">
              {/* The chip already dates the bulletin: on a phone the sentence is for screen readers only. */}
              <span className="max-sm:sr-only">
                {lieu.troncon.niveau_ts !== null
                  ? m('vigilanceTroncon', {
                      nom: lieu.troncon.nom,
                      date: formatLongDate(lieu.troncon.niveau_ts),
                    })
                  : m('vigilanceTronconSansBulletin', { nom: lieu.troncon.nom })}{' '}
              </span>
              <Link
                className="link underline"
                to={`/entite-troncon/${lieu.troncon.id}/carte/activite/${ida}`}
              >
                {m('voirTroncon')}
              </Link>
            </span>
          </div>
        )}
        <div className="min-w-0">
          {verdict.data ? (
            <VerdictLine verdict={verdict.data} activite={activite} />
          ) : verdict.isPending ? (
            <Skeleton className="h-7 w-56" />
          ) : null}
        </div>
        <SecheresseVerdict
          lieuId={lieu.id}
          activite={activite}
          donneesHref={lieuPath(lieu.id, ida, 'donnees')}
        />
      </div>
    </section>
  );
}

/** The chip and its reason flow as one paragraph; on a phone the chip names the activity itself. */
function VerdictLine({
  verdict,
  activite,
}: {
  verdict: VerdictLieu;
  /** The chosen activity, when known (its name in the page's language). */
  activite: { slug?: string; nom: string } | undefined;
}) {
  const h = useHydroMessages();
  return (
    <div className="text-sm sm:leading-7">
      <span className="mr-1 font-medium max-sm:sr-only">
        {h('verdictPour', { activite: nomActivite(activite ?? verdict.activite) })}
      </span>{' '}
      <VerdictChip
        verdict={verdict.verdict}
        activite={nomActivite(verdict.activite)}
        sansAvis={verdict.fondement?.kind === 'historique_insuffisant'}
      />{' '}
      <span className="text-muted">{verdict.raison}</span>
    </div>
  );
}

function MainValue({ etat, now }: { etat: EtatCapteur; now: number }) {
  return (
    <div>
      <p className="text-sm text-muted">{nomCapteur(etat.libelle)}</p>
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span
          className="text-[2.625rem] font-bold leading-tight tracking-tight tabular-nums sm:text-5xl md:text-6xl"
          data-testid="valeur-principale"
        >
          {formatValue(etat.valeur, etat.unite)}
        </span>
        <TrendArrow
          tendance={etat.tendance}
          variationH={etat.variation_h}
          unite={etat.unite}
          className="text-xl"
        />
      </p>
      <Freshness
        ts={etat.ts}
        fraicheur={shownFreshness(etat.ts, etat.fraicheur)}
        now={now}
        pasMin={etat.pas_min}
      />
    </div>
  );
}
