/**
 * The data of the Données tab for its window: the series (`d/{date}/{nb}`), the graph options (`g-options`:
 * colours and the activity's thresholds), the hourly table (`c-h`) and, for a person allowed to see them and at the
 * end of the range, the forecasts; then what the chart draws — observations of the window, forecast merged, the
 * y range, the x range — and the figures of its summary (docs/decisions/040).
 */
import { qualiteTrace } from '../qualite';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import type { NormalesLieu } from '@limni/shared/contracts/historique';
import type {
  ChroniqueHoraire,
  GraphOptions,
  LieuDetail,
  LieuDonnees,
  LieuPrevisions,
  SerieDonnees,
} from '@limni/shared/contracts/hydro';
import { oneYearEarlier } from '@limni/shared/domain/climatologie';
import { summarizePeriod } from '@limni/shared/domain/period-summary';
import type { Observation } from '@limni/shared/domain/series';
import { serieLibelle, SERIE_STYLES, yRange } from '@limni/shared/domain/series';
import { DAY_MS } from '@limni/shared/domain/time';
import type { Grandeur } from '@limni/shared/domain/units';
import { useServiceLive } from '../../../../api/health';
import { liveRefetch, lieuStepMin } from '../../../../api/live-refresh';
import {
  archiveQuery,
  chroniqueQuery,
  graphOptionsQuery,
  lieuDonneesQuery,
  lieuPrevisionsQuery,
  normalesQuery,
} from '../../../../api/lieu';
import { nomCapteur } from '../../../../lib/capteur-nom';
import { DARK_QUERY, useMediaQuery } from '../../../../lib/use-media-query';
import { selectCanViewPrevision, useAccount } from '../../../../stores/account';
import {
  buildColumns,
  filterWindow,
  previsionAgainstObserved,
  previsionMode,
  parisWallToUtcDay,
  type ChartColumns,
  type Observations,
} from '../chart-data';
import { bandColumns, drawnStepMin, lastYearColumn, type HistoryColumns } from '../history';
import { ARCHIVE_PERIODES, fenetreOf, type DonneesWindow, type Periode } from './use-donnees-window';

/** Days of context the summary looks at for an extreme outside the window (docs/decisions/093). */
export const CONTEXT_DAYS = 30;

const observationsOf = (o: Observations): Observation[] =>
  o.ts.map((ts, i) => ({ ts, valeur: o.valeur[i] ?? 0 }));

/** A light blue for the dark theme, where the brand blue of a quantity has no contrast. */
const DARK_SERIE_COLOR = '#7fc3e3';

export function useDonneesChart(lieu: LieuDetail, ida: number, view: DonneesWindow, derniere: number) {
  const { date, nbFetch, latest, g } = view;
  const canView = useAccount(selectCanViewPrevision);
  const fromArchive = ARCHIVE_PERIODES[view.jours];
  // Live, the window that ends with the latest reading is asked again on the sensors' step and when the tab is shown
  // again (`api/live-refresh.ts`); a past window, the archive and a recorded episode do not move.
  const refetch = liveRefetch(
    useServiceLive() && !lieu.episode && latest && !fromArchive,
    lieuStepMin(lieu.capteurs),
  );
  const raw = useQuery({ ...lieuDonneesQuery(lieu.id, date, nbFetch), ...refetch, enabled: !fromArchive });
  const archived = useQuery({
    ...archiveQuery(lieu.id, date, fromArchive ?? 'tout'),
    enabled: !!fromArchive,
  });
  const donnees = fromArchive ? archived : raw;
  // The last 30 days ending with the window (the same request as the 30-day view, so often already cached).
  const contextFetch = latest ? CONTEXT_DAYS + 1 : CONTEXT_DAYS;
  const contexte = useQuery({
    ...lieuDonneesQuery(lieu.id, date, contextFetch),
    ...refetch,
    enabled: view.jours !== 0 && view.jours < CONTEXT_DAYS,
  });
  const options = useQuery(graphOptionsQuery(lieu.id, date, nbFetch, ida));
  // The hourly table covers up to 30 days; longer periods have the daily table of the band instead.
  const chronique = useQuery({
    ...chroniqueQuery(lieu.id, date, nbFetch),
    ...refetch,
    enabled: view.jours !== 0 && view.jours <= 30,
  });
  const normales = useQuery(normalesQuery(lieu.id, date));
  const withBand = !!normales.data?.periode && normales.data.capteur?.grandeur === g;
  const lastYearDate = oneYearEarlier(date);
  const lastYear = useQuery({
    ...lieuDonneesQuery(lieu.id, lastYearDate, nbFetch),
    enabled: withBand && !fromArchive,
  });
  const previsions = useQuery({
    ...lieuPrevisionsQuery(lieu.id),
    enabled: canView && lieu.a_previsions && !fromArchive,
  });

  const dark = useMediaQuery(DARK_QUERY);

  // What is drawn comes from a deferred copy of the window and of the answers (docs/decisions/131). Each
  // answer re-renders this component at once (TanStack Query subscribes with useSyncExternalStore, whose updates
  // cannot wait); with the copy, that render keeps what is drawn as it is, and React prepares the new drawing in a
  // background pass that yields to the browser every few milliseconds; answers arriving close together make one pass.
  // The copy is whole: a window is never drawn with another window's answers.
  const live = useMemo(
    () => ({
      date,
      latest,
      g,
      jours: view.jours,
      fromArchive,
      derniere,
      canView,
      dark,
      donnees: {
        data: donnees.data,
        isPending: donnees.isPending,
        isError: donnees.isError,
        refetch: donnees.refetch,
      },
      contexte: contexte.data,
      options: options.data,
      chronique: { data: chronique.data, isPending: chronique.isPending },
      normales: { data: normales.data },
      lastYear: lastYear.data,
      previsions: previsions.data,
    }),
    [
      date,
      latest,
      g,
      view.jours,
      fromArchive,
      derniere,
      canView,
      dark,
      donnees.data,
      donnees.isPending,
      donnees.isError,
      donnees.refetch,
      contexte.data,
      options.data,
      chronique.data,
      chronique.isPending,
      normales.data,
      lastYear.data,
      previsions.data,
    ],
  );
  return useDrawn(lieu, useDeferredValue(live));
}

/** The answers and the window a drawing is made of (one consistent, possibly deferred, copy). */
interface Shown {
  date: string;
  latest: boolean;
  g: Grandeur;
  jours: Periode;
  fromArchive: '5' | 'tout' | undefined;
  derniere: number;
  canView: boolean;
  dark: boolean;
  donnees: {
    data: LieuDonnees | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => Promise<unknown>;
  };
  contexte: LieuDonnees | undefined;
  options: GraphOptions | undefined;
  chronique: { data: ChroniqueHoraire | undefined; isPending: boolean };
  normales: { data: NormalesLieu | undefined };
  lastYear: LieuDonnees | undefined;
  previsions: LieuPrevisions | undefined;
}

/** What the chart draws and its summary says, from one copy of the window and the answers. */
function useDrawn(lieu: LieuDetail, shown: Shown) {
  const { date, latest, g, fromArchive, derniere, canView, dark, donnees, normales } = shown;
  const view = { jours: shown.jours, latest };
  const lastYearDate = oneYearEarlier(date);
  const withBand = !!normales.data?.periode && normales.data.capteur?.grandeur === g;
  const serie: SerieDonnees | undefined = donnees.data?.series.find((s) => s.grandeur === g);
  const run =
    canView && serie && !fromArchive
      ? (shown.previsions?.series.find((p) => p.capteur_id === serie.capteur_id) ?? null)
      : null;
  const fenetre = fenetreOf(donnees.data, view, derniere);
  const debut = fenetre?.debut ?? 0;
  const fin = fenetre?.fin ?? -1;
  const observed = useMemo(() => filterWindow(serie, debut, fin), [serie, debut, fin]);
  // The quality of the values drawn: doubtful points marked, validation levels in the legend (ADR 154).
  const qualite = useMemo(() => qualiteTrace(serie, debut, fin), [serie, debut, fin]);
  const mode = previsionMode(run, observed, latest, debut, fin);
  const prevision = mode === null ? null : run;
  const columns = useMemo<ChartColumns>(
    () =>
      buildColumns(
        observed,
        drawnStepMin(serie),
        prevision,
        mode === 'superpose' && prevision ? { runTs: prevision.run_ts } : null,
      ),
    [observed, serie, prevision, mode],
  );
  const compare = useMemo(
    () => (mode === 'superpose' && prevision ? previsionAgainstObserved(observed, prevision.points) : null),
    [mode, prevision, observed],
  );
  const seuils = useMemo(
    () => (shown.options?.seuils ?? []).filter((s) => s.grandeur === g),
    [shown.options, g],
  );
  const contextSerie = (view.jours < CONTEXT_DAYS ? shown.contexte : donnees.data)?.series.find(
    (s) => s.grandeur === g,
  );
  const figures = useMemo(() => {
    const context = filterWindow(contextSerie, fin - CONTEXT_DAYS * DAY_MS, fin);
    return summarizePeriod(observationsOf(observed), g, observationsOf(context));
  }, [observed, g, contextSerie, fin]);
  const history = useMemo<HistoryColumns | null>(() => {
    if (!withBand || !normales.data) return null;
    const shift = parisWallToUtcDay(date) - parisWallToUtcDay(lastYearDate);
    const lastSerie = shown.lastYear?.series.find((s) => s.grandeur === g);
    return {
      ...bandColumns(columns.x, normales.data.bande),
      anDernier: fromArchive ? columns.x.map(() => null) : lastYearColumn(columns.x, lastSerie, shift),
    };
  }, [withBand, normales.data, columns.x, shown.lastYear, g, date, lastYearDate, fromArchive]);
  const historyValues = history
    ? [...history.p10, ...history.p90, ...history.anDernier].filter((v): v is number => v !== null)
    : [];

  const unite = serie?.unite ?? lieu.capteurs.find((c) => c.grandeur === g)?.unite ?? '';
  // The quantity's colour (ADR 012).
  const couleur = dark
    ? DARK_SERIE_COLOR
    : (shown.options?.series.find((s) => s.grandeur === g)?.couleur ?? SERIE_STYLES[g].couleur);

  const previsionValues = columns.nbPrevisions
    ? [...columns.min, ...columns.max].filter((v): v is number => v !== null)
    : [];
  const y =
    figures &&
    yRange(
      g,
      Math.min(figures.min.valeur, ...previsionValues, ...historyValues),
      Math.max(figures.max.valeur, ...previsionValues, ...historyValues),
      seuils.map((s) => s.valeur),
    );
  const lastX = columns.x.length ? (columns.x[columns.x.length - 1] ?? 0) : 0;
  const xMax = fenetre
    ? latest || columns.nbPrevisions > 0
      ? Math.max(fenetre.fin, lastX) + 0.02 * (fenetre.fin - fenetre.debut)
      : fenetre.fin
    : 0;

  return {
    canView,
    donnees,
    normales,
    /** Whether the drawn values are the archive's daily values rather than raw observations. */
    fromArchive: !!fromArchive,
    history,
    chronique: shown.chronique,
    serie,
    prevision,
    /** A past run drawn over the observations, and how they compare (docs/decisions/089). */
    superpose: mode === 'superpose',
    /** How good the sensor's past forecasts were at the data clock (docs/decisions/152); null without any. */
    fiabilite:
      (canView &&
        serie &&
        shown.previsions?.fiabilite.find((f) => f.capteur_id === serie.capteur_id)?.fiabilite) ||
      null,
    compare,
    fenetre,
    observed,
    columns,
    qualite,
    seuils,
    figures,
    unite,
    // The sensor's name in the page's language (the chart's accessible name, the CSV's column).
    libelle: serieLibelle(nomCapteur(serie?.libelle?.trim() || SERIE_STYLES[g].nom), g, unite),
    couleur,
    previsionValues: previsionValues,
    y,
    lastX,
    xMin: fenetre?.debut ?? 0,
    xMax,
  };
}

export type DonneesChart = ReturnType<typeof useDrawn>;
