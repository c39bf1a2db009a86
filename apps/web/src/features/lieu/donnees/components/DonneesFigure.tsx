/**
 * The chart of the Données tab as a figure: the uPlot chart (its own lazy chunk, docs/decisions/040), its legend
 * and thresholds, the plain-language summary the chart refers to (`aria-describedby`), the notes on simplified
 * curves and reserved forecasts, and the CSV of what is drawn (docs/decisions/041).
 */
import { lazy, Suspense, useId, useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Fiabilite, LieuDetail } from '@limni/shared/contracts/hydro';
import type { PeriodSummary } from '@limni/shared/domain/period-summary';
import { PARIS_TZ, parisParts } from '@limni/shared/domain/time';
import { useDataClock } from '../../../../api/health';
import { LineIcon } from '../../../../components/ui/LineIcon';
import { Skeleton } from '../../../../components/ui/States';
import {
  dateTimeFormat,
  formatDateTime,
  formatNumber,
  formatTimeOfDay,
  formatValue,
} from '../../../../lib/format';
import { currentLangue, currentLocale } from '../../../../lib/i18n';
import { useLieuMessages } from '../../messages';
import { parisDay } from '@limni/shared/domain/time';
import { ChartLegend } from './ChartLegend';
import { usePeriodeLabel } from './DonneesControls';
import { ofMaxima, situation } from '../history';
import { useHistoryMessages } from '../history-messages';
import { dayMonth } from './Situation';
import { downloadCsv } from '../download-csv';
import { formatSeriesDate, seriesDateStyle, type SeriesDateStyle } from '../step-format';
import type { DonneesChart } from '../hooks/use-donnees-chart';
import type { DonneesWindow, Fenetre } from '../hooks/use-donnees-window';

const SeriesChart = lazy(() => import('./SeriesChart'));

const RESUME_KEYS = { 1: 'resumePeriode1', 7: 'resumePeriode7', 30: 'resumePeriode30' } as const;

/** « 24 heures », « 7 jours », « 1 an », « toute l’archive » for the summary. */
function useResumePeriode(): (jours: DonneesWindow['jours']) => string {
  const m = useLieuMessages();
  const h = useHistoryMessages();
  const label = usePeriodeLabel();
  return (jours) =>
    jours === 1 || jours === 7 || jours === 30
      ? m(RESUME_KEYS[jours])
      : jours === 0
        ? h('resumeTout')
        : label(jours);
}

/** The band's sentence of the summary: the end day's value, class and usual range (ADR 087). */
function BandSummary({ chart, date }: { chart: DonneesChart; date: string }) {
  const h = useHistoryMessages();
  const n = chart.normales.data;
  const s = n && chart.history ? situation(n) : null;
  const b = n?.jour.bande;
  if (!n || !s || !b) return null;
  return (
    <>
      {' '}
      {h(ofMaxima(n) ? 'resumeBandeMax' : 'resumeBande', {
        jour: `${dayMonth(date)} ${date.slice(0, 4)}`,
        valeur: formatValue(s.valeur, chart.unite),
        classe: h(s.classe),
        p10: formatValue(b.p10, chart.unite),
        p90: formatValue(b.p90, chart.unite),
        p50: formatValue(b.p50, chart.unite),
      })}
    </>
  );
}

/**
 * The daily table of what is drawn with the usual range, for windows of daily values up to a year. Raw observations
 * (several a day, each day's band the same) have the hourly table instead: one row a day is what this table means.
 */
function BandTable({ chart, daily }: { chart: DonneesChart; daily: boolean }) {
  const h = useHistoryMessages();
  const { columns, history, unite } = chart;
  if (!daily || !history || columns.x.length > 400) return null;
  const rows = columns.x
    .map((x, i) => ({ x, i }))
    .filter(({ i }) => columns.obs[i] !== null && columns.obs[i] !== undefined)
    .reverse();
  const cell = (v: number | null | undefined) =>
    v === null || v === undefined ? '—' : formatNumber(v, v >= 100 ? 0 : 2);
  return (
    <details className="card">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold">
        {h('tableauBande', { n: rows.length })}
      </summary>
      <div className="mt-2 max-h-96 overflow-auto">
        <table className="w-full min-w-[38rem] text-sm tabular-nums [&_td]:px-1 [&_th]:px-1">
          <thead>
            <tr className="text-left">
              <th scope="col">{h('colJour')}</th>
              <th scope="col">
                {h(chart.fromArchive && ofMaxima(chart.normales.data) ? 'colValeurMax' : 'colValeur', {
                  unite,
                })}
              </th>
              <th scope="col">P10</th>
              <th scope="col">P25</th>
              <th scope="col">{h('colMediane')}</th>
              <th scope="col">P75</th>
              <th scope="col">P90</th>
              <th scope="col">{h('colAnDernier', { unite })}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ x, i }) => (
              <tr key={x} className="border-t border-line">
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  {parisDay(x)}
                </th>
                <td>{cell(columns.obs[i])}</td>
                <td>{cell(history.p10[i])}</td>
                <td>{cell(history.p25[i])}</td>
                <td>{cell(history.p50[i])}</td>
                <td>{cell(history.p75[i])}</td>
                <td>{cell(history.p90[i])}</td>
                <td>{cell(history.anDernier[i])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** The source and reference period of the band, or why the place has none. */
function BandNote({ chart }: { chart: DonneesChart }) {
  const h = useHistoryMessages();
  const n = chart.normales.data;
  if (!n) return null;
  if (!n.periode) {
    return n.raison ? (
      <p className="text-sm text-muted" data-testid="sans-bande">
        {n.raison}
      </p>
    ) : null;
  }
  if (!chart.history) return null;
  const max = ofMaxima(n);
  return (
    <p className="text-sm text-muted">
      {h(max ? 'sourceMax' : 'source', {
        n: n.periode.nb_annees,
        periode: `${n.periode.debut}–${n.periode.fin}`,
        origine: n.origine ?? '—',
      })}
      {/* Readings drawn against daily maxima: said so (docs/decisions/140). */}
      {max && !chart.fromArchive && ` ${h('compareMax')}`}
    </p>
  );
}

/** "11 janvier à 7 h 15", "1er février à 0 h 45"; "January 11, 7:15 AM" (Europe/Paris). */
export function dayTime(ms: number): string {
  const d = new Date(ms);
  const fr = currentLocale() === 'fr-FR';
  const day = dateTimeFormat(currentLocale(), {
    timeZone: PARIS_TZ,
    day: 'numeric',
    month: 'long',
  }).format(d);
  return fr ? `${day.replace(/^1 /, '1er ')} à ${formatTimeOfDay(ms)}` : `${day}, ${formatTimeOfDay(ms)}`;
}

/** `YYYY-MM-DD` of the Paris day `offset` days after the instant. */
function parisDayPlus(ms: number, offset: number): string {
  const { year, month, day } = parisParts(ms);
  return new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
}

/**
 * The path of the period in words (docs/decisions/093): start, extremes inside, end, net change; dates said as the
 * series' step and span need (days of daily values, the year of a multi-year window: docs/decisions/143).
 */
function pathSentence(
  s: PeriodSummary,
  periode: string,
  unite: string,
  m: ReturnType<typeof useLieuMessages>,
  style: SeriesDateStyle,
) {
  const v = (x: number) => formatValue(x, unite);
  if (s.shape === 'stable') {
    return m('resumeStable', { periode, min: v(s.min.valeur), max: v(s.max.valeur), bande: v(s.band) });
  }
  const inside = [
    ...(s.peak ? [{ r: s.peak, key: 'resumePic' as const }] : []),
    ...(s.trough ? [{ r: s.trough, key: 'resumeCreux' as const }] : []),
  ].sort((a, b) => a.r.ts - b.r.ts);
  const delta = v(Math.abs(s.netChange));
  const bilan =
    Math.abs(s.netChange) <= s.band + 1e-9
      ? m('resumeRetour', { delta })
      : m(s.netChange > 0 ? 'resumeHausse' : 'resumeBaisse', { delta });
  return [
    m('resumeDepart', { periode, valeur: v(s.start.valeur), date: formatSeriesDate(s.start.ts, style) }),
    ...inside.map(({ r, key }) => m(key, { valeur: v(r.valeur), date: formatSeriesDate(r.ts, style) })),
    m('resumeArrivee', { valeur: v(s.end.valeur), date: formatSeriesDate(s.end.ts, style) }),
  ]
    .join(', ')
    .concat(`${currentLangue() === 'en' ? ';' : ' ;'} ${bilan}.`);
}

/** The summary the chart refers to: the path over the period, a peak of the last 30 days outside it, last value, forecast. */
function ChartSummary({
  id,
  chart,
  figures,
  jours,
  date,
  style,
}: {
  id: string;
  chart: DonneesChart;
  figures: PeriodSummary;
  jours: DonneesWindow['jours'];
  date: string;
  style: SeriesDateStyle;
}) {
  const m = useLieuMessages();
  const [params] = useSearchParams();
  const resumePeriode = useResumePeriode();
  const { serie, unite, columns, prevision, previsionValues, lastX } = chart;
  const periode = serie?.sous_echantillonne
    ? `${resumePeriode(jours)} ${m('resumeSimplifie')}`
    : resumePeriode(jours);
  const pic = figures.contextPeak;
  const showPeak = new URLSearchParams(params);
  // The peak in the middle of a 7-day window, on its own day for 24 hours.
  if (pic) showPeak.set('date', parisDayPlus(pic.ts, jours === 1 ? 0 : Math.floor(jours / 2)));
  return (
    <figcaption id={id} className="rounded-lg bg-sky-50 px-4 py-3 dark:bg-white/5">
      <span className="font-semibold">{m('resumeTitre')} </span>
      {pathSentence(figures, periode, unite, m, style)}{' '}
      {m('resumeDerniere', {
        valeur: formatValue(figures.end.valeur, unite),
        date: formatSeriesDate(figures.end.ts, style),
      })}
      {pic && (
        <span className="mt-1 block" data-testid="resume-pic">
          {m('resumeContexte', {
            valeur: formatValue(pic.valeur, unite),
            date: formatSeriesDate(pic.ts, style),
          })}{' '}
          —{' '}
          <Link
            to={{ search: showPeak.toString() }}
            className="link underline"
            aria-label={m('resumeAfficherAide')}
          >
            {m('resumeAfficher')}
          </Link>
        </span>
      )}
      <BandSummary chart={chart} date={date} />
      {chart.superpose && prevision && previsionValues.length > 0 && <PastPrevisionSummary chart={chart} />}
      {!chart.superpose && columns.nbPrevisions > 0 && prevision && previsionValues.length > 0 && (
        <>
          {' '}
          {m('resumePrevision', {
            date: dayTime(lastX),
            min: formatValue(Math.min(...previsionValues), unite),
            max: formatValue(Math.max(...previsionValues), unite),
          })}{' '}
          {m('previsionRun', { date: formatDateTime(prevision.run_ts) })}
        </>
      )}
      {chart.fiabilite && prevision && <SkillSentence fiabilite={chart.fiabilite} unite={unite} />}
    </figcaption>
  );
}

/**
 * How good this sensor's past forecasts were, at the data clock (docs/decisions/152): hours inside the published band
 * and the central value's mean and median errors, with how many forecasts are behind the figures.
 */
function SkillSentence({ fiabilite, unite }: { fiabilite: Fiabilite; unite: string }) {
  const m = useLieuMessages();
  const {
    previsions: n,
    dans_fourchette: dans,
    avec_fourchette: avec,
    biais,
    erreur_mediane_abs: mediane,
  } = fiabilite;
  return (
    <span className="mt-1 block" data-testid="fiabilite-previsions">
      {n === 0 || fiabilite.comparees === 0
        ? m('fiabiliteAucune')
        : m(n === 1 ? 'fiabiliteUne' : 'fiabilitePlusieurs', { n, dans, avec })}
      {biais !== null && mediane !== null && n > 0 && (
        <>
          {' '}
          {m(biais > 0 ? 'fiabiliteSur' : 'fiabiliteSous', {
            biais: formatValue(Math.abs(biais), unite),
            mediane: formatValue(mediane, unite),
          })}
        </>
      )}
    </span>
  );
}

/**
 * A past forecast run drawn over the observations (docs/decisions/089): what it announced, then what was observed at the
 * same instants — the highest central forecast against the observation of that hour, the observed range, and how many
 * observations fell inside the 10–90 % band.
 */
function PastPrevisionSummary({ chart }: { chart: DonneesChart }) {
  const m = useLieuMessages();
  const { prevision, unite, compare } = chart;
  if (!prevision) return null;
  const central = prevision.points.flatMap((p) => (p.valeur === null ? [] : [p.valeur]));
  const last = prevision.points[prevision.points.length - 1];
  return (
    <span className="mt-1 block" data-testid="resume-prevision-passee">
      {m('previsionPassee', {
        run: formatDateTime(prevision.run_ts),
        min: formatValue(Math.min(...central), unite),
        max: formatValue(Math.max(...central), unite),
        date: last ? dayTime(last.ts) : '',
      })}
      {compare && (
        <>
          {' '}
          <strong>
            {m('prevuObserve', {
              prevu: formatValue(compare.prevu.valeur, unite),
              quand: dayTime(compare.prevu.ts),
              observe: formatValue(compare.observe, unite),
            })}
          </strong>{' '}
          {m('prevuObserveBilan', {
            debut: dayTime(compare.debut),
            fin: dayTime(compare.fin),
            min: formatValue(compare.min, unite),
            max: formatValue(compare.max, unite),
            dans: String(compare.dansFourchette),
            n: String(compare.n),
          })}
        </>
      )}
    </span>
  );
}

/** How the window's dates are said: days of daily values, years of a window out of this year (docs/decisions/143). */
function useDateStyle(chart: DonneesChart, fenetre: Fenetre): SeriesDateStyle {
  const now = useDataClock({ tick: false }).now;
  const pasMin = chart.serie?.pas_min;
  const { fromArchive } = chart;
  const { debut, fin } = fenetre;
  return useMemo(
    () => seriesDateStyle({ pasMin, fromArchive, debut, fin, now }),
    [pasMin, fromArchive, debut, fin, now],
  );
}

/** The CSV's columns of the usual range and last year, aligned with the drawn instants (ADR 087). */
function csvHistoryColumns(chart: DonneesChart, h: ReturnType<typeof useHistoryMessages>) {
  const { history, unite } = chart;
  const periode = chart.normales.data?.periode;
  if (!history) return undefined;
  const span = periode ? `${periode.debut}-${periode.fin}` : '';
  return [
    ...(['p10', 'p25', 'p50', 'p75', 'p90'] as const).map((k) => ({
      titre: ofMaxima(chart.normales.data)
        ? h('colPMax', { p: k.toUpperCase(), periode: span, unite })
        : `${k.toUpperCase()} ${span} (${unite})`,
      valeurs: history[k],
    })),
    { titre: h('colAnDernier', { unite }), valeurs: history.anDernier },
  ];
}

export function DonneesFigure({
  lieu,
  view,
  chart,
  figures,
  y,
  fenetre,
  controls,
}: {
  lieu: LieuDetail;
  view: DonneesWindow;
  chart: DonneesChart;
  figures: PeriodSummary;
  y: { min: number; max: number };
  fenetre: Fenetre;
  /** The period and date controls: under the chart on a phone (its top on the first screen), above it from `md`. */
  controls: ReactNode;
}) {
  const m = useLieuMessages();
  const h = useHistoryMessages();
  const resumeId = useId();
  const { columns, unite, couleur, libelle, seuils, lastX, serie, observed, history } = chart;
  const periode = chart.normales.data?.periode;
  const max = ofMaxima(chart.normales.data);
  const style = useDateStyle(chart, fenetre);
  const chartLabels = useMemo(
    () => ({
      observe: m('observe'),
      prevision: m('prevision'),
      fourchette: m('fourchette'),
      habituel: !periode
        ? ''
        : max
          ? h('infobulleMax', { periode: `${periode.debut}–${periode.fin}` })
          : `P10–P90 ${periode.debut}–${periode.fin}`,
      anDernier: h('legendeAnDernier'),
    }),
    [m, h, periode, max],
  );
  const extra = csvHistoryColumns(chart, h);
  const csv = () =>
    downloadCsv(
      columns,
      {
        valeur: libelle,
        prevision: {
          mean: `${m('prevision')} (${unite})`,
          min: `${m('prevision')} min (${unite})`,
          max: `${m('prevision')} max (${unite})`,
        },
        extra,
        ...(style.daily ? { jour: m('csvJour') } : {}),
      },
      { lieu: lieu.libelle, grandeur: view.g, debut: fenetre.debut, fin: view.date },
    );

  return (
    <figure className="flex flex-col gap-3">
      <div className="md:order-first">{controls}</div>
      <div className="card !p-2 max-md:order-first sm:!p-3">
        <Suspense fallback={<Skeleton className="h-72 w-full md:h-96" />}>
          <SeriesChart
            columns={columns}
            unite={unite}
            couleur={couleur}
            yMin={y.min}
            yMax={y.max}
            xMin={chart.xMin}
            xMax={chart.xMax}
            seuils={seuils}
            label={m('graphique', {
              serie: libelle,
              debut: formatDateTime(fenetre.debut),
              fin: formatDateTime(Math.min(fenetre.fin, lastX || fenetre.fin)),
            })}
            describedBy={resumeId}
            labels={chartLabels}
            history={history}
            daily={style.daily}
            douteuses={chart.qualite.douteuses}
          />
        </Suspense>
      </div>
      <ChartLegend
        unite={unite}
        couleur={couleur}
        forecast={columns.nbPrevisions > 0}
        forecastLabel={
          chart.superpose && chart.prevision
            ? m('legendePrevisionPassee', { run: formatDateTime(chart.prevision.run_ts) })
            : undefined
        }
        seuils={seuils}
        habituel={
          history && periode
            ? {
                periode: `${periode.debut}–${periode.fin}`,
                anDernier: history.anDernier.some((v) => v !== null),
                maxima: max,
              }
            : null
        }
        qualite={chart.qualite}
      />
      <BandNote chart={chart} />
      {seuils.some((s) => s.texte) && (
        <ul className="space-y-1 text-sm text-muted">
          {[...new Set(seuils.map((s) => s.texte).filter((x): x is string => !!x))].map((texte) => (
            <li key={texte}>{texte}</li>
          ))}
        </ul>
      )}
      <ChartSummary
        id={resumeId}
        chart={chart}
        figures={figures}
        jours={view.jours}
        date={view.date}
        style={style}
      />
      <BandTable chart={chart} daily={style.daily} />
      {serie?.sous_echantillonne && (
        <p className="text-sm text-muted">
          <LineIcon
            d={['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 11v5', 'M12 8h.01']}
            size={16}
            className="mr-1 inline align-[-3px]"
          />
          {view.jours === 0 || view.jours > 30
            ? h('lttbLong', { n: formatNumber(observed.ts.length), total: formatNumber(serie.nb_brut) })
            : view.latest
              ? m('lttbFin', { n: formatNumber(observed.ts.length) })
              : m('lttb', { n: formatNumber(observed.ts.length), total: formatNumber(serie.nb_brut) })}
        </p>
      )}
      {lieu.a_previsions && !chart.canView && <p className="text-sm text-muted">{m('previsionReservee')}</p>}
      <div>
        <button type="button" className="btn-secondary" onClick={csv}>
          <LineIcon d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" />
          {m('telecharger')}
        </button>
      </div>
    </figure>
  );
}
