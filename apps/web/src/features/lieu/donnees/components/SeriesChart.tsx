/**
 * The place chart (uPlot, in its own lazy chunk with its CSS; docs/decisions/040): observed values as an area with a
 * solid line, the forecast as a translucent min–max band with a dashed mean line, activity thresholds as dashed
 * labelled lines, a crosshair tooltip with value and time. Never colour alone: line styles differ and the legend,
 * the threshold labels and the summary say what each line is.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { SeuilOption } from '@limni/shared/contracts/hydro';
import { PARIS_TZ, parisParts } from '@limni/shared/domain/time';
import {
  dateTimeFormat,
  formatDateTime,
  formatLongDate,
  formatNumber,
  formatValue,
} from '../../../../lib/format';
import { currentLocale, withColon } from '../../../../lib/i18n';
import { yieldToBrowser } from '../../../../lib/yield';
import { DARK_QUERY, matchesMedia } from '../../../../lib/use-media-query';
import type { ChartColumns } from '../chart-data';
import { DOUTEUSE_COULEUR } from '../qualite';
import type { HistoryColumns } from '../history';

export interface SeriesChartProps {
  columns: ChartColumns;
  unite: string;
  /** Colour of the observed series (AA on the light surface). */
  couleur: string;
  yMin: number;
  yMax: number;
  xMin: number;
  xMax: number;
  seuils: readonly SeuilOption[];
  /** Accessible name of the chart ("Hauteur d'eau (m) du … au …"). */
  label: string;
  /** Id of the visible plain-language summary. */
  describedBy: string;
  labels: { observe: string; prevision: string; fourchette: string; habituel: string; anDernier: string };
  /** The usual range of each instant's date and last year's values (ADR 087), drawn behind the series. */
  history?: HistoryColumns | null;
  /** One value per day (daily means, the archive): the axis and the tooltip say dates, not hours (ADR 143). */
  daily?: boolean;
  /** Instants of the points their producer judged doubtful: each marked with a hollow triangle (ADR 154). */
  douteuses?: readonly number[];
}

/** Colours of the usual range: light P10–P90, darker P25–P75, median line; last year in a dotted grey. */
const BAND_OUTER = 'rgba(22,128,61,0.14)';
const BAND_INNER = 'rgba(22,128,61,0.26)';
const MEDIAN_COLOR = '#166534';
const LAST_YEAR_COLOR = '#6b7280';

const PREVISION_COLOR = '#4b5563';
const NO_DOUTEUSES: readonly number[] = [];

function hourParts(ms: number): { day: string; hour: number; minute: number } {
  const parts = dateTimeFormat('fr-FR', {
    timeZone: PARIS_TZ,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const day = dateTimeFormat(currentLocale(), {
    timeZone: PARIS_TZ,
    day: 'numeric',
    month: 'short',
  }).format(new Date(ms));
  return {
    day,
    hour: Number(parts.find((p) => p.type === 'hour')?.value ?? 0),
    minute: Number(parts.find((p) => p.type === 'minute')?.value ?? 0),
  };
}

/**
 * The instant as a local Date showing Europe/Paris's wall clock, as `uPlot.tzDate(date, 'Europe/Paris')` gives it,
 * from the shared formatter of `parisParts`: uPlot's own builds a formatter through `toLocaleString` at each call,
 * several hundred times per drawing.
 */
function parisDate(ms: number): Date {
  const p = parisParts(ms);
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, ((ms % 1000) + 1000) % 1000);
}

/** x ticks: "14h" within a day, the day under midnight and under the first tick; days only for long spans. */
function xValues(_u: uPlot, splits: number[], _axisIdx: number, _space: number, incr: number): string[] {
  let lastDay = '';
  // Years of daily values (« 5 ans », « Tout »): months or years, with the year.
  if (incr >= 28 * 86_400_000) {
    const fmt = dateTimeFormat(currentLocale(), {
      timeZone: PARIS_TZ,
      year: 'numeric',
      ...(incr >= 360 * 86_400_000 ? {} : { month: 'short' }),
    });
    return splits.map((ms) => fmt.format(new Date(ms)));
  }
  return splits.map((ms) => {
    const { day, hour, minute } = hourParts(ms);
    if (incr >= 86_400_000) return day;
    const time =
      currentLocale() === 'fr-FR'
        ? `${hour}h${minute ? String(minute).padStart(2, '0') : ''}`
        : `${hour}:${String(minute).padStart(2, '0')}`;
    const label = day !== lastDay ? `${time}\n${day}` : time;
    lastDay = day;
    return label;
  });
}

/** x tick steps of a daily series: whole days and more (uPlot's own steps from a day up), never hours. */
const DAY = 86_400_000;
const DAILY_INCRS = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15].map((d) => d * DAY),
  ...[1, 2, 3, 4, 6].map((mo) => mo * 30 * DAY),
  ...[1, 2, 5, 10, 25, 50].map((y) => y * 365 * DAY),
];

function yDigits(incr: number): number {
  if (incr >= 1) return 0;
  if (incr >= 0.1) return 1;
  if (incr >= 0.01) return 2;
  return 3;
}

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The drawn curves (observed, forecast mean) in CSS pixels of the plot area, as polylines. */
function curvePolylines(u: uPlot): Array<Array<[number, number]>> {
  const xs = u.data[0];
  const lines: Array<Array<[number, number]>> = [];
  for (const k of [1, 2]) {
    const ys = u.data[k];
    if (!ys || !u.series[k]?.show) continue;
    let line: Array<[number, number]> = [];
    for (let i = 0; i < xs.length; i++) {
      const v = ys[i];
      const x = xs[i];
      if (v === null || v === undefined || x === undefined) {
        if (line.length > 0) lines.push(line);
        line = [];
        continue;
      }
      line.push([u.valToPos(x, 'x'), u.valToPos(v, 'y')]);
    }
    if (line.length > 0) lines.push(line);
  }
  return lines;
}

/** Whether a polyline crosses a rectangle (each segment clipped to the rectangle's columns). */
function crosses(line: ReadonlyArray<[number, number]>, r: Rect): boolean {
  for (let i = 0; i < line.length; i++) {
    const [x1, y1] = line[i] as [number, number];
    const [x2, y2] = (line[i + 1] ?? line[i]) as [number, number];
    const lo = Math.max(Math.min(x1, x2), r.left);
    const hi = Math.min(Math.max(x1, x2), r.right);
    if (lo > hi) continue;
    const at = (x: number) => (x2 === x1 ? y1 : y1 + ((y2 - y1) * (x - x1)) / (x2 - x1));
    const ya = x2 === x1 ? Math.min(y1, y2) : Math.min(at(lo), at(hi));
    const yb = x2 === x1 ? Math.max(y1, y2) : Math.max(at(lo), at(hi));
    if (yb >= r.top && ya <= r.bottom) return true;
  }
  return false;
}

/**
 * Activity thresholds: a dashed line each, drawn on the canvas, and its label as an HTML element over the plot
 * (`u.over`), placed where it stays inside the plot and off the curves: right, left or in between, above or below
 * its line (the first free spot; the right end above the line when none is).
 */
function thresholdsPlugin(seuils: readonly SeuilOption[]): uPlot.Plugin {
  let layer: HTMLDivElement | null = null;
  /** Counts the drawings: a label placement still waiting for its task is dropped when a newer one is asked. */
  let labelPass = 0;
  return {
    hooks: {
      init: [
        (u) => {
          layer = document.createElement('div');
          layer.className = 'pointer-events-none absolute inset-0 overflow-hidden';
          // The chart's legend names every threshold for assistive technologies; these labels only place them.
          layer.setAttribute('aria-hidden', 'true');
          u.over.appendChild(layer);
        },
      ],
      draw: [
        (u) => {
          const ctx = u.ctx;
          const { left, top, width, height } = u.bbox;
          const dpr = uPlot.pxRatio;
          ctx.save();
          ctx.beginPath();
          ctx.rect(left, top, width, height);
          ctx.clip();
          for (const s of seuils) {
            const y = Math.round(u.valToPos(s.valeur, 'y', true));
            if (y < top || y > top + height) continue;
            ctx.strokeStyle = s.couleur;
            ctx.lineWidth = 2 * dpr;
            ctx.setLineDash(s.tirets.map((d) => d * dpr));
            ctx.beginPath();
            ctx.moveTo(left, y);
            ctx.lineTo(left + width, y);
            ctx.stroke();
            ctx.setLineDash([]);
          }
          ctx.restore();
          // The labels are placed in the task after the drawing (docs/decisions/133): placing them reads their size
          // (a layout) and tests each spot against every point of the curves, which on a phone made the chart's
          // first drawing one long task with it. A newer drawing (a resize) takes the place of a pending one.
          const pass = ++labelPass;
          void yieldToBrowser().then(() => {
            if (pass === labelPass && layer) layoutLabels(u, layer, seuils);
          });
        },
      ],
      destroy: [
        () => {
          labelPass++;
          layer = null;
        },
      ],
    },
  };
}

/**
 * The points their producer judged doubtful (docs/decisions/154): a hollow amber triangle over each, drawn on the
 * canvas; the legend and the table say it in words.
 */
function douteusesPlugin(douteuses: readonly number[], columns: ChartColumns): uPlot.Plugin {
  const at = new Map(columns.x.map((t, i) => [t, i]));
  return {
    hooks: {
      draw: [
        (u) => {
          if (douteuses.length === 0) return;
          const ctx = u.ctx;
          const dpr = uPlot.pxRatio;
          const r = 6 * dpr;
          ctx.save();
          ctx.strokeStyle = DOUTEUSE_COULEUR;
          ctx.lineWidth = 2 * dpr;
          for (const t of douteuses) {
            const v = columns.obs[at.get(t) ?? -1];
            if (v === null || v === undefined) continue;
            const x = u.valToPos(t, 'x', true);
            const y = u.valToPos(v, 'y', true);
            ctx.beginPath();
            ctx.moveTo(x, y - r);
            ctx.lineTo(x + r, y + r * 0.75);
            ctx.lineTo(x - r, y + r * 0.75);
            ctx.closePath();
            ctx.stroke();
          }
          ctx.restore();
        },
      ],
    },
  };
}

/** Creates the threshold labels over the plot and puts each on the first free spot (see `thresholdsPlugin`). */
function layoutLabels(u: uPlot, layer: HTMLDivElement, seuils: readonly SeuilOption[]): void {
  const plotW = u.over.clientWidth;
  const plotH = u.over.clientHeight;
  const shown = seuils
    .map((s) => ({ s, y: u.valToPos(s.valeur, 'y') }))
    .filter(({ y }) => y >= 0 && y <= plotH);
  const labels = shown.map(({ s }) => {
    const label = document.createElement('span');
    label.dataset.testid = 'seuil-label';
    label.className =
      'absolute whitespace-nowrap rounded bg-white/85 px-1 text-xs font-semibold leading-4 dark:bg-[#0f1a22]/85';
    label.style.color = s.couleur;
    label.style.maxWidth = `${plotW}px`;
    label.textContent = s.libelle;
    return label;
  });
  layer.replaceChildren(...labels);
  // Every label is in the page before the first is measured: one layout for all of them.
  const sizes = labels.map((label) => ({ w: Math.min(label.offsetWidth, plotW), h: label.offsetHeight }));
  const curves = curvePolylines(u);
  const taken: Rect[] = [];
  shown.forEach(({ y }, i) => {
    const label = labels[i] as HTMLSpanElement;
    const { w, h } = sizes[i] as { w: number; h: number };
    const xs = [plotW - w - 4, 4, (plotW - w) / 2, (plotW - w) / 4, (3 * (plotW - w)) / 4];
    const ys = [y - h - 3, y + 3];
    const spots: Rect[] = [];
    for (const ty of ys) {
      if (ty < 0 || ty + h > plotH) continue;
      for (const tx of xs) spots.push({ left: tx, top: ty, right: tx + w, bottom: ty + h });
    }
    const pad = (r: Rect): Rect => ({
      left: r.left - 2,
      top: r.top - 2,
      right: r.right + 2,
      bottom: r.bottom + 2,
    });
    const free = spots.find(
      (r) =>
        !curves.some((c) => crosses(c, pad(r))) &&
        !taken.some((t) => r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top),
    );
    const spot = free ??
      spots[0] ?? {
        left: plotW - w - 4,
        top: Math.min(Math.max(y - h / 2, 0), plotH - h),
        right: plotW - 4,
        bottom: 0,
      };
    taken.push(spot);
    label.style.left = `${Math.max(0, spot.left)}px`;
    label.style.top = `${spot.top}px`;
  });
}

function tooltipPlugin(unite: string, labels: SeriesChartProps['labels'], daily: boolean): uPlot.Plugin {
  let tip: HTMLDivElement | null = null;
  return {
    hooks: {
      init: [
        (u) => {
          tip = document.createElement('div');
          tip.setAttribute('aria-hidden', 'true');
          tip.className =
            'pointer-events-none absolute z-10 hidden rounded-md border border-line bg-white px-2 py-1 text-xs shadow-md text-ink dark:bg-[#0f1a22]';
          u.over.appendChild(tip);
        },
      ],
      setCursor: [
        (u) => {
          if (!tip) return;
          const i = u.cursor.idx;
          if (i === null || i === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
            tip.classList.add('hidden');
            return;
          }
          const x = u.data[0][i];
          const p10 = u.data[5]?.[i] ?? null;
          const p90 = u.data[9]?.[i] ?? null;
          const last = u.data[10]?.[i] ?? null;
          const obs = u.data[1]?.[i] ?? null;
          const mean = u.data[2]?.[i] ?? null;
          const min = u.data[3]?.[i] ?? null;
          const max = u.data[4]?.[i] ?? null;
          if (x === undefined || (obs === null && mean === null)) {
            tip.classList.add('hidden');
            return;
          }
          const lines: string[] = [daily ? formatLongDate(x) : formatDateTime(x)];
          if (obs !== null) lines.push(`${withColon(labels.observe)} ${formatValue(obs, unite)}`);
          if (p10 !== null && p90 !== null) {
            lines.push(
              `${withColon(labels.habituel)} ${formatValue(p10, unite)} – ${formatValue(p90, unite)}`,
            );
          }
          if (last !== null) lines.push(`${withColon(labels.anDernier)} ${formatValue(last, unite)}`);
          else if (mean !== null) {
            lines.push(`${withColon(labels.prevision)} ${formatValue(mean, unite)}`);
            if (min !== null && max !== null && max > min) {
              lines.push(
                `${withColon(labels.fourchette)} ${formatValue(min, unite)} – ${formatValue(max, unite)}`,
              );
            }
          }
          tip.replaceChildren(
            ...lines.map((l, k) => {
              const p = document.createElement('p');
              p.textContent = l;
              if (k === 0) p.className = 'text-muted';
              else p.className = 'font-semibold tabular-nums';
              return p;
            }),
          );
          tip.classList.remove('hidden');
          const left = u.cursor.left;
          const top = u.valToPos(obs ?? mean ?? 0, 'y');
          const w = tip.offsetWidth;
          const overWidth = u.over.clientWidth;
          tip.style.left = `${Math.min(Math.max(left - w / 2, 0), overWidth - w)}px`;
          tip.style.top = `${Math.max(top - tip.offsetHeight - 12, 0)}px`;
        },
      ],
    },
  };
}

/** A series drawn by no line of its own: an edge of one of the bands (forecast spread, usual range). */
function unseen(label: string, show: boolean): uPlot.Series {
  return { label, stroke: 'transparent', width: 0, points: { show: false }, show };
}

/** The chart's series, in the order of its data columns (x, observed, forecast mean/min/max, usual range, last year). */
function seriesOptions(
  lineColor: string,
  labels: SeriesChartProps['labels'],
  hasPrevision: boolean,
  history: HistoryColumns | null | undefined,
): uPlot.Series[] {
  return [
    {},
    {
      label: labels.observe,
      stroke: lineColor,
      width: 2,
      // Behind a usual range the area would hide it: the line alone then.
      fill: history ? undefined : `${lineColor}2e`,
      fillTo: (u) => u.scales.y?.min ?? 0,
      spanGaps: false,
      points: { show: false },
    },
    {
      label: labels.prevision,
      stroke: PREVISION_COLOR,
      width: 2,
      dash: [6, 4],
      spanGaps: true,
      points: { show: false },
      show: hasPrevision,
    },
    unseen('min', hasPrevision),
    unseen('max', hasPrevision),
    unseen('p10', !!history),
    unseen('p25', !!history),
    {
      label: 'p50',
      stroke: MEDIAN_COLOR,
      width: 1.5,
      dash: [2, 3],
      spanGaps: true,
      points: { show: false },
      show: !!history,
    },
    unseen('p75', !!history),
    unseen('p90', !!history),
    {
      label: labels.anDernier,
      stroke: LAST_YEAR_COLOR,
      width: 1.5,
      dash: [1, 3],
      spanGaps: false,
      points: { show: false },
      show: !!history,
    },
  ];
}

export default function SeriesChart(props: SeriesChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const { columns, unite, couleur, yMin, yMax, xMin, xMax, seuils, labels, history } = props;
  const daily = props.daily ?? false;
  const douteuses = props.douteuses ?? NO_DOUTEUSES;

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const ink = style.color || '#1b2733';
    const dark = matchesMedia(DARK_QUERY);
    const grid = dark ? 'rgba(255,255,255,0.12)' : 'rgba(27,39,51,0.1)';
    const lineColor = couleur;
    const hasPrevision = columns.nbPrevisions > 0;
    const height = () => (el.clientWidth < 600 ? 280 : 380);
    const opts: uPlot.Options = {
      width: el.clientWidth,
      height: height(),
      ms: 1,
      tzDate: parisDate,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { size: 8 } },
      scales: {
        x: { time: true, range: () => [xMin, xMax] },
        y: { range: () => [yMin, yMax] },
      },
      axes: [
        {
          stroke: ink,
          grid: { stroke: grid },
          ticks: { stroke: grid },
          values: xValues,
          ...(daily ? { incrs: DAILY_INCRS } : {}),
          space: 60,
          size: 48,
        },
        {
          stroke: ink,
          grid: { stroke: grid },
          ticks: { stroke: grid },
          size: 56,
          values: (_u, splits, _a, _s, incr) => splits.map((v) => formatNumber(v, yDigits(incr))),
        },
      ],
      series: seriesOptions(lineColor, labels, hasPrevision, history),
      bands: [
        ...(hasPrevision ? [{ series: [4, 3] as [number, number], fill: 'rgba(75,85,99,0.18)' }] : []),
        ...(history
          ? [
              { series: [9, 5] as [number, number], fill: BAND_OUTER },
              { series: [8, 6] as [number, number], fill: BAND_INNER },
            ]
          : []),
      ],
      plugins: [
        thresholdsPlugin(seuils),
        tooltipPlugin(unite, labels, daily),
        douteusesPlugin(douteuses, columns),
      ],
    };
    const none = columns.x.map(() => null);
    const h = history ?? { p10: none, p25: none, p50: none, p75: none, p90: none, anDernier: none };
    // uPlot is built and drawn in tasks of their own, after this commit's: on a phone the three together were one
    // long task (docs/decisions/132, 133). First the chart's elements, its series and axes; then, in the next task,
    // its data, scales, size and first drawing (uPlot's `init`, which it hands to a function given in place of the
    // element). The box keeps the chart's height meanwhile, so nothing below it moves.
    el.style.minHeight = `${opts.height}px`;
    const data: uPlot.AlignedData = [
      columns.x,
      columns.obs,
      columns.mean,
      columns.min,
      columns.max,
      h.p10,
      h.p25,
      h.p50,
      h.p75,
      h.p90,
      h.anDernier,
    ];
    let cancelled = false;
    let chart: uPlot | null = null;
    let ro: ResizeObserver | null = null;
    const draw = async () => {
      await yieldToBrowser();
      if (cancelled) return;
      let init: () => void = () => undefined;
      const u = new uPlot(opts, data, (self, start) => {
        el.appendChild(self.root);
        init = start as () => void;
      });
      chart = u;
      await yieldToBrowser();
      if (cancelled) return;
      init();
      // Redrawn only when the size changes (the observer first reports the size just drawn at).
      let drawn = `${opts.width}x${opts.height}`;
      ro = new ResizeObserver(() => {
        const size = { width: el.clientWidth, height: height() };
        if (`${size.width}x${size.height}` !== drawn) u.setSize(size);
        drawn = `${size.width}x${size.height}`;
      });
      ro.observe(el);
    };
    void draw();
    return () => {
      cancelled = true;
      ro?.disconnect();
      chart?.destroy();
    };
  }, [columns, unite, couleur, yMin, yMax, xMin, xMax, seuils, labels, history, daily, douteuses]);

  return (
    <div
      role="img"
      aria-label={props.label}
      aria-describedby={props.describedBy}
      className="relative w-full text-ink"
      ref={host}
      data-testid="graphique"
      data-couleur={couleur}
    />
  );
}
