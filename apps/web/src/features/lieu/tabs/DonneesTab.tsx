/**
 * Données: one chart per quantity (H/Q switch), period chips 24 h / 7 j / 30 j and a date picker limited to the
 * place's date range (default: its end), the activity's thresholds, the forecast when the user may view it, a
 * plain-language summary the chart refers to, the hourly table (c-h) and the CSV of what is drawn.
 * State lives in the URL (`?date=&jours=&g=`, docs/decisions/042). A failed series fetch is swallowed (spec §8):
 * an empty state, never a broken chart.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import type { LieuDetail, SerieDonnees } from '@limni/shared/contracts/hydro';
import { serieLibelle, SERIE_STYLES, yRange } from '@limni/shared/domain/series';
import { slugify } from '@limni/shared/domain/names';
import {
  addDays,
  DAY_MS,
  HOUR_MS,
  isIsoDay,
  PARIS_TZ,
  parisDay,
  parisWallToUtc,
} from '@limni/shared/domain/time';
import type { Grandeur } from '@limni/shared/domain/units';
import {
  chroniqueQuery,
  graphOptionsQuery,
  lieuDaterangeQuery,
  lieuDonneesQuery,
  lieuPrevisionsQuery,
} from '../../../api/lieu';
import { sortCapteurs } from '../../../components/hydro/sensors';
import { LineIcon } from '../../../components/ui/LineIcon';
import { EmptyState, ErrorState, Skeleton, SkeletonBlock } from '../../../components/ui/States';
import { formatDateTime, formatLongDate, formatNumber, formatValue } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { selectCanViewPrevision, useAccount } from '../../../stores/account';
import { buildColumns, csvFileName, summaryFigures, toCsv, type ChartColumns } from '../chartData';
import { useLieuMessages, type LieuMessages } from '../messages';
import { MeteoWidget } from '../MeteoWidget';

const SeriesChart = lazy(() => import('../SeriesChart'));

const PERIODES = [1, 7, 30] as const;
type Periode = (typeof PERIODES)[number];
const PERIODE_KEYS = { 1: 'periode1', 7: 'periode7', 30: 'periode30' } as const;
const RESUME_KEYS = { 1: 'resumePeriode1', 7: 'resumePeriode7', 30: 'resumePeriode30' } as const;

/** "28 janvier à 14h15" (Europe/Paris). */
function dayTime(ms: number): string {
  const d = new Date(ms);
  const day = new Intl.DateTimeFormat(currentLocale(), {
    timeZone: PARIS_TZ,
    day: 'numeric',
    month: 'long',
  }).format(d);
  const time = formatDateTime(ms).split(/ à | /).pop() ?? '';
  return currentLocale() === 'fr-FR' ? `${day} à ${time}` : `${day} ${time}`;
}

function clampDay(day: string, min: string, max: string): string {
  return day < min ? min : day > max ? max : day;
}

export default function DonneesTab({ lieu, ida }: { lieu: LieuDetail; ida: number }) {
  const m = useLieuMessages();
  const meteoId = useId();
  const range = useQuery(lieuDaterangeQuery(lieu.id));
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem] md:items-start">
      <div className="min-w-0 space-y-5">
        {lieu.capteurs.length === 0 ? (
          <EmptyState title={m('aucuneStation')} icon="∅" />
        ) : range.isPending ? (
          <SkeletonBlock lines={8} />
        ) : range.isError ? (
          <ErrorState onRetry={() => void range.refetch()} />
        ) : range.data.jour_debut === null || range.data.jour_fin === null || range.data.fin === null ? (
          <EmptyState title={m('aucuneDonnee')} icon="∅" />
        ) : (
          <Donnees
            lieu={lieu}
            ida={ida}
            jourDebut={range.data.jour_debut}
            jourFin={range.data.jour_fin}
            derniere={range.data.fin}
          />
        )}
      </div>
      <MeteoWidget lieuId={lieu.id} titleId={meteoId} />
    </div>
  );
}

interface Fenetre {
  debut: number;
  fin: number;
}

function Donnees({
  lieu,
  ida,
  jourDebut,
  jourFin,
  derniere,
}: {
  lieu: LieuDetail;
  ida: number;
  jourDebut: string;
  jourFin: string;
  derniere: number;
}) {
  const m = useLieuMessages();
  const ids = { date: useId(), resume: useId() };
  const [params, setParams] = useSearchParams();
  const canView = useAccount(selectCanViewPrevision);

  const grandeurs = useMemo(
    () => [...new Set(sortCapteurs(lieu.capteurs).map((c) => c.grandeur))],
    [lieu.capteurs],
  );
  const jours: Periode = PERIODES.find((p) => String(p) === params.get('jours')) ?? 7;
  const rawDate = params.get('date');
  const date = rawDate && isIsoDay(rawDate) ? clampDay(rawDate, jourDebut, jourFin) : jourFin;
  const g: Grandeur = grandeurs.find((x) => x === params.get('g')) ?? grandeurs[0] ?? 'H';
  // At the end of the range, "24 h" means the last 24 hours of readings, not the last calendar day.
  const latest = date === jourFin;
  const nbFetch = latest ? jours + 1 : jours;

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  const donnees = useQuery(lieuDonneesQuery(lieu.id, date, nbFetch));
  const options = useQuery(graphOptionsQuery(lieu.id, date, nbFetch, ida));
  const chronique = useQuery(chroniqueQuery(lieu.id, date, nbFetch));
  const previsions = useQuery({
    ...lieuPrevisionsQuery(lieu.id),
    enabled: canView && lieu.a_previsions && latest,
  });

  const serie: SerieDonnees | undefined = donnees.data?.series.find((s) => s.grandeur === g);
  const prevision =
    canView && latest && serie
      ? (previsions.data?.series.find((p) => p.capteur_id === serie.capteur_id) ?? null)
      : null;

  // The window drawn: the last `jours` × 24 h of readings at the end of the range, else the API's days.
  const debutFenetre = donnees.data ? (latest ? derniere - jours * DAY_MS : donnees.data.debut) : null;
  const finFenetre = donnees.data ? (latest ? derniere : donnees.data.fin) : null;
  const fenetre: Fenetre | null =
    debutFenetre !== null && finFenetre !== null ? { debut: debutFenetre, fin: finFenetre } : null;

  const observed = useMemo(
    () => filterWindow(serie, debutFenetre ?? 0, finFenetre ?? -1),
    [serie, debutFenetre, finFenetre],
  );

  const columns = useMemo<ChartColumns>(
    () => buildColumns(observed, serie?.pas_min ?? null, prevision),
    [observed, serie?.pas_min, prevision],
  );
  const seuils = useMemo(
    () => (options.data?.seuils ?? []).filter((s) => s.grandeur === g),
    [options.data, g],
  );
  const figures = useMemo(() => summaryFigures(observed, g), [observed, g]);

  const unite = serie?.unite ?? lieu.capteurs.find((c) => c.grandeur === g)?.unite ?? '';
  const libelle = serieLibelle(serie?.libelle ?? null, g, unite);
  const dark = usePrefersDark();
  // The quantity's colour (ADR 012); a light blue on the dark theme, where the brand blue has no contrast.
  const couleur = dark
    ? '#7fc3e3'
    : (options.data?.series.find((s) => s.grandeur === g)?.couleur ?? SERIE_STYLES[g].couleur);

  const forecastValues = columns.nbPrevisions
    ? [...columns.min, ...columns.max].filter((v): v is number => v !== null)
    : [];
  const y =
    figures &&
    yRange(
      g,
      Math.min(figures.min, ...forecastValues),
      Math.max(figures.max, ...forecastValues),
      seuils.map((s) => s.valeur),
    );
  const lastX = columns.x.length ? (columns.x[columns.x.length - 1] ?? 0) : 0;
  const xMin = fenetre?.debut ?? 0;
  const xMax = fenetre
    ? latest
      ? Math.max(fenetre.fin, lastX) + 0.02 * (fenetre.fin - fenetre.debut)
      : fenetre.fin
    : 0;

  const chartLabels = useMemo(
    () => ({ observe: m('observe'), prevision: m('prevision'), fourchette: m('fourchette') }),
    [m],
  );

  const csv = () => {
    const titles = {
      valeur: libelle,
      prevision: {
        mean: `${m('prevision')} (${unite})`,
        min: `${m('prevision')} min (${unite})`,
        max: `${m('prevision')} max (${unite})`,
      },
    };
    const blob = new Blob([toCsv(columns, titles)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = csvFileName(slugify(lieu.libelle), g, fenetre ? parisDay(fenetre.debut) : date, date);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  /** The end date, clamped to the range; the end of the range is the default (no parameter). */
  const setDate = (day: string) => {
    const next = clampDay(day, jourDebut, jourFin);
    setParam('date', next === jourFin ? null : next);
  };

  return (
    <>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
        <ChipGroup
          label={m('periode')}
          options={PERIODES.map((p) => ({ value: p, label: m(PERIODE_KEYS[p]) }))}
          current={jours}
          onSelect={(p) => setParam('jours', p === 7 ? null : String(p))}
        />
        <div>
          <label htmlFor={ids.date} className="mb-1 block text-sm font-medium">
            {m('jusquau')}
          </label>
          <div className="flex items-center gap-1">
            {([-1, 1] as const).map((dir) => (
              <button
                key={dir}
                type="button"
                className={`btn-secondary !px-3 ${dir > 0 ? 'order-3' : ''}`}
                onClick={() => setDate(addDays(date, dir * jours))}
                disabled={dir < 0 ? date <= jourDebut : date >= jourFin}
                aria-label={m(dir < 0 ? 'precedente' : 'suivante')}
                title={m(dir < 0 ? 'precedente' : 'suivante')}
              >
                <span aria-hidden="true">{dir < 0 ? '‹' : '›'}</span>
              </button>
            ))}
            <input
              id={ids.date}
              type="date"
              className="field order-2 !w-auto dark:scheme-dark"
              min={jourDebut}
              max={jourFin}
              value={date}
              onChange={(e) => {
                if (isIsoDay(e.target.value)) setDate(e.target.value);
              }}
            />
          </div>
        </div>
        {grandeurs.length > 1 && (
          <ChipGroup
            label={m('grandeur')}
            options={grandeurs.map((x) => ({ value: x, label: SERIE_STYLES[x].nom }))}
            current={g}
            onSelect={(x) => setParam('g', x === grandeurs[0] ? null : x)}
          />
        )}
      </div>
      <p className="text-sm text-muted">
        {m('plage', { debut: formatLongDate(parisWallToUtcDay(jourDebut)), fin: formatLongDate(derniere) })}
      </p>

      {donnees.isPending ? (
        <Skeleton className="h-72 w-full md:h-96" />
      ) : donnees.isError ? (
        <EmptyState title={m('indisponible')} icon="∿">
          <p>{m('indisponibleTexte')}</p>
          <button type="button" className="btn-secondary mt-3" onClick={() => void donnees.refetch()}>
            {m('reessayer')}
          </button>
        </EmptyState>
      ) : !figures || !y || !fenetre ? (
        <EmptyState title={m('pasDeMesure')} icon="∿">
          {m('pasDeMesureTexte', {
            debut: formatLongDate(parisWallToUtcDay(jourDebut)),
            fin: formatLongDate(derniere),
          })}
        </EmptyState>
      ) : (
        <figure className="space-y-3">
          <div className="card !p-2 sm:!p-3">
            <Suspense fallback={<Skeleton className="h-72 w-full md:h-96" />}>
              <SeriesChart
                columns={columns}
                unite={unite}
                couleur={couleur}
                yMin={y.min}
                yMax={y.max}
                xMin={xMin}
                xMax={xMax}
                seuils={seuils}
                label={m('graphique', {
                  serie: libelle,
                  debut: formatDateTime(fenetre.debut),
                  fin: formatDateTime(Math.min(fenetre.fin, lastX || fenetre.fin)),
                })}
                describedBy={ids.resume}
                labels={chartLabels}
              />
            </Suspense>
          </div>
          <Legend m={m} unite={unite} couleur={couleur} forecast={columns.nbPrevisions > 0} seuils={seuils} />
          {seuils.some((s) => s.texte) && (
            <ul className="space-y-1 text-sm text-muted">
              {[...new Set(seuils.map((s) => s.texte).filter((x): x is string => !!x))].map((texte) => (
                <li key={texte}>{texte}</li>
              ))}
            </ul>
          )}
          <figcaption id={ids.resume} className="rounded-lg bg-sky-50 px-4 py-3 dark:bg-white/5">
            <span className="font-semibold">{m('resumeTitre')} </span>
            {m('resume', {
              periode: serie?.sous_echantillonne
                ? `${m(RESUME_KEYS[jours])} ${m('resumeSimplifie')}`
                : m(RESUME_KEYS[jours]),
              min: formatValue(figures.min, unite),
              max: formatValue(figures.max, unite),
              pic: dayTime(figures.maxTs),
              direction: m(
                figures.direction === 'hausse'
                  ? 'resumeHausse'
                  : figures.direction === 'baisse'
                    ? 'resumeBaisse'
                    : 'resumeStable',
              ),
            })}{' '}
            {m('resumeDerniere', { valeur: formatValue(figures.last, unite), date: dayTime(figures.lastTs) })}
            {columns.nbPrevisions > 0 && prevision && forecastValues.length > 0 && (
              <>
                {' '}
                {m('resumePrevision', {
                  date: dayTime(lastX),
                  min: formatValue(Math.min(...forecastValues), unite),
                  max: formatValue(Math.max(...forecastValues), unite),
                })}{' '}
                {m('previsionRun', { date: formatDateTime(prevision.run_ts) })}
              </>
            )}
          </figcaption>
          {serie?.sous_echantillonne && (
            <p className="text-sm text-muted">
              <span aria-hidden="true">ⓘ </span>
              {latest
                ? m('lttbFin', { n: formatNumber(observed.ts.length) })
                : m('lttb', { n: formatNumber(observed.ts.length), total: formatNumber(serie.nb_brut) })}
            </p>
          )}
          {lieu.a_previsions && !canView && <p className="text-sm text-muted">{m('previsionReservee')}</p>}
          <div>
            <button type="button" className="btn-secondary" onClick={csv}>
              <LineIcon d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" />
              {m('telecharger')}
            </button>
          </div>
        </figure>
      )}

      {fenetre && serie && (
        <HourlyTable
          m={m}
          rows={
            chronique.data?.series
              .find((s) => s.capteur_id === serie.capteur_id)
              ?.lignes.filter((l) => {
                const ts = parisWallToUtcDay(l.date) + l.heure * HOUR_MS;
                return ts >= fenetre.debut - HOUR_MS && ts <= fenetre.fin + HOUR_MS;
              }) ?? []
          }
          unite={unite}
          pending={chronique.isPending}
        />
      )}
    </>
  );
}

const DARK_QUERY = '(prefers-color-scheme: dark)';
function subscribeDark(cb: () => void): () => void {
  const mq = window.matchMedia?.(DARK_QUERY);
  mq?.addEventListener('change', cb);
  return () => mq?.removeEventListener('change', cb);
}
/** True while the system is in dark mode. */
function usePrefersDark(): boolean {
  return useSyncExternalStore(
    subscribeDark,
    () => window.matchMedia?.(DARK_QUERY).matches ?? false,
    () => false,
  );
}

/** A labelled group of toggle chips (period, quantity). */
function ChipGroup<V extends string | number>({
  label,
  options,
  current,
  onSelect,
}: {
  label: string;
  options: { value: V; label: string }[];
  current: V;
  onSelect: (value: V) => void;
}) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <p id={id} className="mb-1 text-sm font-medium">
        {label}
      </p>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            className="chip"
            aria-pressed={current === o.value}
            onClick={() => onSelect(o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The readings of a series within [debut, fin]. */
function filterWindow(serie: SerieDonnees | undefined, debut: number, fin: number) {
  const ts: number[] = [];
  const valeur: number[] = [];
  serie?.ts.forEach((t, i) => {
    const v = serie.valeur[i];
    if (t >= debut && t <= fin && v !== undefined) {
      ts.push(t);
      valeur.push(v);
    }
  });
  return { ts, valeur };
}

/** Midnight (Europe/Paris) of a `YYYY-MM-DD` day. */
function parisWallToUtcDay(day: string): number {
  const [y, mo, d] = day.split('-').map(Number);
  return parisWallToUtc(y ?? 1970, mo ?? 1, d ?? 1);
}

function Legend({
  m,
  unite,
  couleur,
  forecast,
  seuils,
}: {
  m: LieuMessages;
  unite: string;
  couleur: string;
  forecast: boolean;
  seuils: readonly { libelle: string; couleur: string; tirets: number[] }[];
}) {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
      <li className="inline-flex items-center gap-2">
        <svg width="28" height="12" aria-hidden="true">
          <rect x="0" y="4" width="28" height="8" fill={couleur} fillOpacity="0.18" />
          <line x1="0" y1="4" x2="28" y2="4" stroke={couleur} strokeWidth="2.5" />
        </svg>
        {m('legendeObserve', { unite })}
      </li>
      {forecast && (
        <li className="inline-flex items-center gap-2">
          <svg width="28" height="12" aria-hidden="true">
            <rect x="0" y="1" width="28" height="10" fill="#4b5563" fillOpacity="0.18" />
            <line x1="0" y1="6" x2="28" y2="6" stroke="#4b5563" strokeWidth="2" strokeDasharray="6 4" />
          </svg>
          {m('legendePrevision')}
        </li>
      )}
      {seuils.map((s) => (
        <li key={s.libelle} className="inline-flex items-center gap-2">
          <svg width="28" height="12" aria-hidden="true">
            <line
              x1="0"
              y1="6"
              x2="28"
              y2="6"
              stroke={s.couleur}
              strokeWidth="2.5"
              strokeDasharray={s.tirets.join(' ')}
            />
          </svg>
          {m('legendeSeuil', { libelle: s.libelle })}
        </li>
      ))}
    </ul>
  );
}

function HourlyTable({
  m,
  rows,
  unite,
  pending,
}: {
  m: LieuMessages;
  rows: readonly { date: string; heure: number; valeur: number }[];
  unite: string;
  pending: boolean;
}) {
  // Open by default on a desktop, collapsed on a phone.
  const [open, setOpen] = useState(() => window.matchMedia?.('(min-width: 1024px)').matches ?? true);
  const sorted = useMemo(() => [...rows].reverse(), [rows]);
  return (
    <details
      className="card"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 font-semibold [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className={`inline-block transition-transform ${open ? 'rotate-90' : ''}`}>
          ▸
        </span>
        {pending ? m('tableau') : m('tableauResume', { n: rows.length })}
      </summary>
      <p className="mt-1 text-sm text-muted">{m('tableauAide')}</p>
      {pending ? (
        <SkeletonBlock lines={4} />
      ) : rows.length === 0 ? (
        <p className="mt-3 text-muted">{m('tableauVide')}</p>
      ) : (
        <div className="mt-3 max-h-96 overflow-auto rounded-lg border border-line" tabIndex={0}>
          <table className="w-full text-sm">
            <caption className="sr-only">{m('tableau')}</caption>
            <thead className="sticky top-0 bg-slate-100 dark:bg-[#16242f]">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  {m('colDate')}
                </th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  {m('colHeure')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {m('colValeur', { unite })}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {sorted.map((r) => (
                <tr key={`${r.date}-${r.heure}`}>
                  <td className="px-3 py-1.5">{formatLongDate(parisWallToUtcDay(r.date) + 12 * HOUR_MS)}</td>
                  <td className="px-3 py-1.5">{m('heure', { h: r.heure })}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {formatValue(r.valeur, unite).slice(0, -(unite.length + 1))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
