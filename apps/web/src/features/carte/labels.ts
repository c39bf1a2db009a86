/**
 * Names on the map (docs/decisions/124): towns, lakes and rivers of the offline base (`virtual:limni-geo-noms`) and,
 * when asked, the map's own points. They are HTML text laid over the map, not MapLibre symbols: no glyphs to bundle
 * or fetch. This module decides which names show and where, from their positions on screen; `MapView` draws them.
 *
 * Names are taken in order of importance (the viewed place, the other points, towns by population, lakes by size,
 * rivers by length) and each is kept only if its box meets no box already kept and no marker: on a phone showing
 * France only the biggest names remain, and more come as one zooms in.
 */

export type LabelGenre = 'ici' | 'lieu' | 'ville' | 'lac' | 'riviere';

export interface MapLabel {
  key: string;
  text: string;
  genre: LabelGenre;
  lon: number;
  lat: number;
  /** Shown from this zoom. */
  zoom: number;
  /** Higher first among names of one kind. */
  poids: number;
  /** For a map point: its marker's radius in pixels, so the name starts beside it. */
  gap?: number;
}

/** A rectangle on screen: left, top, right, bottom (pixels). */
export type Box = [number, number, number, number];

export interface PlacedLabel {
  key: string;
  /** Top-left corner of the name's box. */
  x: number;
  y: number;
  /** A town's dot is drawn at its anchor, unless a marker covers it. */
  dot: boolean;
}

const ORDER: Record<LabelGenre, number> = { ici: 0, lieu: 1, ville: 2, lac: 3, riviere: 4 };
/** Space kept free around every name, in pixels. */
const MARGIN = 2;
/** Two names of one river at least this far apart on screen. */
const SAME_NAME_SPACING = 220;
/** Distance between a town's anchor (its dot) and its name. */
const TOWN_GAP = 5;

export function byImportance(a: MapLabel, b: MapLabel): number {
  return ORDER[a.genre] - ORDER[b.genre] || b.poids - a.poids || a.key.localeCompare(b.key);
}

const meets = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/**
 * Where a name's box may go: beside its point or town (right, left, above, below, `gap` pixels away), centred on
 * its anchor for lakes and rivers.
 */
function candidates(l: MapLabel, x: number, y: number, w: number, h: number, gap: number): Box[] {
  if (l.genre === 'lac' || l.genre === 'riviere') return [[x - w / 2, y - h / 2, x + w / 2, y + h / 2]];
  return [
    [x + gap, y - h / 2, x + gap + w, y + h / 2],
    [x - gap - w, y - h / 2, x - gap, y + h / 2],
    [x - w / 2, y - gap - h, x + w / 2, y - gap],
    [x - w / 2, y + gap, x + w / 2, y + gap + h],
  ];
}

/** A marker's box holding the point, if any. */
const under = (x: number, y: number, obstacles: readonly Box[]) =>
  obstacles.find((b) => b[0] <= x && x <= b[2] && b[1] <= y && y <= b[3]);

/**
 * The names that show, with their position: `labels` sorted by `byImportance`, `project` from [lon, lat] to screen
 * pixels, `size` of each name's box, `view` the map's size, `obstacles` the markers' boxes.
 */
export function layoutLabels(
  labels: readonly MapLabel[],
  project: (lon: number, lat: number) => [number, number],
  size: (key: string) => [number, number],
  zoom: number,
  view: [number, number],
  obstacles: readonly Box[] = [],
): PlacedLabel[] {
  const kept: Box[] = [...obstacles];
  const shown = new Map<string, Array<[number, number]>>();
  const laidOut: PlacedLabel[] = [];
  for (const l of labels) {
    if (zoom < l.zoom) continue;
    const [x, y] = project(l.lon, l.lat);
    if (x < 0 || y < 0 || x > view[0] || y > view[1]) continue;
    const same = shown.get(l.text) ?? [];
    if (l.genre === 'riviere' && same.some(([sx, sy]) => Math.hypot(sx - x, sy - y) < SAME_NAME_SPACING)) {
      continue;
    }
    const [w, h] = size(l.key);
    // A town under a marker (a place in that town) is named beside the marker, without its dot.
    const covering = l.genre === 'ville' ? under(x, y, obstacles) : undefined;
    const gap = covering
      ? (covering[2] - covering[0]) / 2 + 3
      : l.genre === 'ville'
        ? TOWN_GAP
        : (l.gap ?? 6) + 3;
    const box = candidates(l, x, y, w, h, gap).find(
      (b) =>
        b[0] >= 0 &&
        b[1] >= 0 &&
        b[2] <= view[0] &&
        b[3] <= view[1] &&
        !kept.some((k) => meets([b[0] - MARGIN, b[1] - MARGIN, b[2] + MARGIN, b[3] + MARGIN], k)),
    );
    if (!box) continue;
    kept.push(box);
    shown.set(l.text, [...same, [x, y]]);
    laidOut.push({ key: l.key, x: box[0], y: box[1], dot: l.genre === 'ville' && !covering });
  }
  return laidOut;
}
