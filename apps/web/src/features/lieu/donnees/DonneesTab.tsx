/**
 * Données: one chart per quantity (H/Q switch), period chips 24 h / 7 j / 30 j and a date picker limited to the
 * place's date range (default: its end), the activity's thresholds, the forecast when the user may view it, a
 * plain-language summary the chart refers to, the hourly table (c-h) and the CSV of what is drawn.
 * State lives in the URL (`?date=&jours=&g=`, docs/decisions/042): `donnees/use-donnees-window.ts`; the data and
 * what is drawn: `donnees/use-donnees-chart.ts`. A failed series fetch is swallowed (docs/requirements.md R11): an empty state,
 * never a broken chart.
 */
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useMemo } from 'react';
import type { Interruption, LieuDetail } from '@limni/shared/contracts/hydro';
import { HOUR_MS } from '@limni/shared/domain/time';
import { useServiceLive } from '../../../api/health';
import { lieuDaterangeQuery } from '../../../api/lieu';
import { liveRefetch, lieuStepMin } from '../../../api/live-refresh';
import { EmptyState, ErrorState, Skeleton, SkeletonBlock } from '../../../components/ui/States';
import { formatLongDate } from '../../../lib/format';
import { parisWallToUtcDay } from './chart-data';
import { DonneesControls } from './components/DonneesControls';
import { DonneesFigure } from './components/DonneesFigure';
import { isDaily } from '../../hydro';
import { HourlyTable } from './components/HourlyTable';
import { useDonneesChart } from './hooks/use-donnees-chart';
import { Situation } from './components/Situation';
import { useDonneesWindow } from './hooks/use-donnees-window';
import { useLieuMessages } from '../messages';
import { MeteoWidget } from './components/MeteoWidget';
import { NiveauPhotos } from './components/NiveauPhotos';
import { SecheresseCard } from '../../secheresse';
import { SansObservationsTexte, VoisinAvecObservationsLien } from './components/SansObservations';
import { ICON } from '../../../components/ui/icons';

const NO_ROWS: never[] = [];

export default function DonneesTab({ lieu, ida }: { lieu: LieuDetail; ida: number }) {
  const m = useLieuMessages();
  const meteoId = useId();
  const photosId = useId();
  const secheresseId = useId();
  // Live, the end of the range (the latest reading, the window's end) follows the readings (`api/live-refresh.ts`).
  const live = useServiceLive() && !lieu.episode;
  const range = useQuery({
    ...lieuDaterangeQuery(lieu.id),
    ...liveRefetch(live, lieuStepMin(lieu.capteurs)),
  });
  // The tab is built from a deferred copy of the range, in a transition that yields to the browser (the answer's own
  // render is synchronous; docs/decisions/131). Until then, the skeleton. The tab is mounted again for
  // another place (LieuPage shows its skeleton in between), so the copy is always this place's.
  const dates = useDeferredValue(range.data);
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem] md:items-start">
      <div className="min-w-0 space-y-3 sm:space-y-5">
        {lieu.capteurs.length === 0 ? (
          <EmptyState title={m('aucuneStation')} icon={ICON.vide}>
            <VoisinAvecObservationsLien voisin={lieu.sans_mesures?.voisin ?? null} ida={ida} />
          </EmptyState>
        ) : range.isError && !dates ? (
          <ErrorState onRetry={() => void range.refetch()} />
        ) : !dates ? (
          <SkeletonBlock lines={8} />
        ) : dates.jour_debut === null || dates.jour_fin === null || dates.fin === null ? (
          <EmptyState title={m(live ? 'aucuneDonnee' : 'aucuneDonneeDemo')} icon={ICON.vide}>
            <SansObservationsTexte lieu={lieu} />
            <VoisinAvecObservationsLien voisin={lieu.sans_mesures?.voisin ?? null} ida={ida} />
          </EmptyState>
        ) : (
          <Donnees
            lieu={lieu}
            ida={ida}
            jourDebut={dates.jour_debut}
            jourFin={dates.jour_fin}
            derniere={dates.fin}
            interruption={dates.interruption}
          />
        )}
      </div>
      <div className="space-y-6">
        <MeteoWidget lieuId={lieu.id} titleId={meteoId} />
        <SecheresseCard lieuId={lieu.id} titleId={secheresseId} />
        {lieu.capteurs.length > 0 && <NiveauPhotos lieuId={lieu.id} titleId={photosId} />}
      </div>
    </div>
  );
}

function Donnees({
  lieu,
  ida,
  jourDebut,
  jourFin,
  derniere,
  interruption,
}: {
  lieu: LieuDetail;
  ida: number;
  jourDebut: string;
  jourFin: string;
  derniere: number;
  /** The break between the place's archive and its live readings (docs/decisions/138). */
  interruption: Interruption | undefined;
}) {
  const m = useLieuMessages();
  const view = useDonneesWindow(lieu, jourDebut, jourFin);
  const chart = useDonneesChart(lieu, ida, view, derniere);
  const { donnees, chronique, figures, y, fenetre, serie } = chart;
  const plage = {
    debut: formatLongDate(parisWallToUtcDay(jourDebut)),
    fin: formatLongDate(derniere),
    du: interruption ? formatLongDate(interruption.du) : '',
    au: interruption ? formatLongDate(interruption.au) : '',
  };

  const controls = (
    <DonneesControls
      view={view}
      jourDebut={jourDebut}
      jourFin={jourFin}
      archive={!!chart.normales.data?.archive}
    />
  );
  // The same rows while the window and the table's answer stay: each of the tab's other answers renders this again,
  // and the (memoised) table is then left as it is.
  const capteurId = serie?.capteur_id;
  const debut = fenetre?.debut;
  const fin = fenetre?.fin;
  const rows = useMemo(
    () =>
      debut === undefined || fin === undefined
        ? NO_ROWS
        : (chronique.data?.series
            .find((s) => s.capteur_id === capteurId)
            ?.lignes.filter((l) => {
              const ts = parisWallToUtcDay(l.date) + l.heure * HOUR_MS;
              return ts >= debut - HOUR_MS && ts <= fin + HOUR_MS;
            }) ?? NO_ROWS),
    [chronique.data, capteurId, debut, fin],
  );
  const drawn = !donnees.isPending && !donnees.isError && !!figures && !!y && !!fenetre;

  return (
    <>
      {/* With a chart, the figure places them (under it on a phone); without, they lead to another window. */}
      {!drawn && controls}
      {donnees.isPending ? (
        <Skeleton className="h-72 w-full md:h-96" />
      ) : donnees.isError ? (
        <EmptyState title={m('indisponible')} icon={ICON.courbe}>
          <p>{m('indisponibleTexte')}</p>
          <button type="button" className="btn-secondary mt-3" onClick={() => void donnees.refetch()}>
            {m('reessayer')}
          </button>
        </EmptyState>
      ) : !figures || !y || !fenetre ? (
        <EmptyState title={m('pasDeMesure')} icon={ICON.courbe}>
          {m(interruption ? 'pasDeMesureInterrompueTexte' : 'pasDeMesureTexte', plage)}
        </EmptyState>
      ) : (
        <DonneesFigure
          lieu={lieu}
          view={view}
          chart={chart}
          figures={figures}
          y={y}
          fenetre={fenetre}
          controls={controls}
        />
      )}
      {/* Under the chart, which comes first on a phone's first screen. */}
      <p className="text-sm text-muted">{m(interruption ? 'plageInterrompue' : 'plage', plage)}</p>
      <Situation lieuId={lieu.id} date={view.date} />

      {fenetre && serie && view.jours !== 0 && view.jours <= 30 && (
        <HourlyTable
          rows={rows}
          unite={chart.unite}
          pending={chronique.isPending}
          daily={isDaily(serie.pas_min)}
        />
      )}
    </>
  );
}
