/**
 * The names over the MapLibre map (docs/decisions/124): HTML text in a layer of the map's canvas container (so
 * markers and controls stay above it), moved with the map. Which names show is `layoutLabels`' choice, made again
 * at every move. Decorative (`aria-hidden`) like the preview: the page's list names the places.
 */
import type * as maplibregl from 'maplibre-gl';
import noms from 'virtual:limni-geo-noms';
import { type Box, byImportance, type MapLabel, layoutLabels } from './labels';
import type { mapPalette } from './map-types';
import { type MapPoint, markerStyle } from './map-types';

type Palette = ReturnType<typeof mapPalette>;

const GENRES = ['ville', 'lac', 'riviere'] as const;

/** The base's names, unpacked from the build's compact form (`packNoms` in scripts/geo-levels.ts). */
function unpack(): MapLabel[] {
  const out: MapLabel[] = [];
  const a = noms.ancres;
  for (let i = 0; i + 5 < a.length; i += 6) {
    out.push({
      key: `n${i / 6}`,
      text: noms.textes[a[i] ?? 0] ?? '',
      genre: GENRES[a[i + 1] ?? 0] ?? 'ville',
      lon: (a[i + 2] ?? 0) / 1000,
      lat: (a[i + 3] ?? 0) / 1000,
      zoom: (a[i + 4] ?? 0) / 10,
      poids: a[i + 5] ?? 0,
    });
  }
  return out;
}

const BASE: readonly MapLabel[] = unpack();

interface Item {
  node: HTMLElement;
  dot: HTMLElement | null;
  size: [number, number] | null;
}

function styleName(node: HTMLElement, l: MapLabel, p: Palette): void {
  const s = node.style;
  s.position = 'absolute';
  s.left = s.top = '0';
  s.whiteSpace = 'nowrap';
  s.lineHeight = '1.25';
  s.visibility = 'hidden';
  const halo = `0 0 2px ${p.halo}, 0 0 2px ${p.halo}, 0 0 3px ${p.halo}`;
  switch (l.genre) {
    case 'ici':
    case 'lieu':
      s.fontSize = l.genre === 'ici' ? '13px' : '12px';
      s.fontWeight = l.genre === 'ici' ? '700' : '600';
      s.color = p.texte;
      s.background = p.etiquette;
      s.border = `1px solid ${l.genre === 'ici' ? p.texte : p.limites}`;
      s.borderRadius = '4px';
      s.padding = '0 4px';
      break;
    case 'ville':
      s.fontSize = '13px';
      s.fontWeight = '600';
      s.color = p.texte;
      s.textShadow = halo;
      break;
    default:
      s.fontSize = '12px';
      s.fontStyle = 'italic';
      s.fontWeight = l.genre === 'lac' ? '600' : '500';
      s.color = p.eau;
      s.textShadow = halo;
  }
}

export class LabelLayer {
  private readonly root: HTMLDivElement;
  private readonly items = new Map<string, Item>();
  private labels: MapLabel[] = [...BASE];
  private byKey = new Map<string, MapLabel>();
  private points: readonly MapPoint[] = [];
  private selectedId: number | null = null;
  private pointNames = false;
  private obstacles = true;
  private frame: number | null = null;

  constructor(
    private readonly map: maplibregl.Map,
    private readonly palette: Palette,
  ) {
    this.root = document.createElement('div');
    this.root.setAttribute('aria-hidden', 'true');
    this.root.dataset.testid = 'noms-carte';
    this.root.style.cssText = 'position:absolute;inset:0;overflow:hidden;pointer-events:none';
    // Over the canvas, under the markers and group buttons (added later to the same container).
    map.getCanvas().after(this.root);
    this.sync();
  }

  /** The map's points: named when `named`, and kept clear of names when `avoid` (not when they are grouped). */
  setPoints(points: readonly MapPoint[], selectedId: number | null, named: boolean, avoid: boolean): void {
    this.points = points;
    this.selectedId = selectedId;
    this.pointNames = named;
    this.obstacles = avoid;
    this.sync();
    this.schedule();
  }

  /** Places the names again at the next frame (after a move). */
  schedule(): void {
    if (this.frame !== null) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.place();
    });
  }

  remove(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.root.remove();
  }

  private pointLabels(zoom: number): MapLabel[] {
    if (!this.pointNames) return [];
    const sel = this.points.find((p) => p.id === this.selectedId);
    return this.points.map((p) => {
      const selected = p.id === this.selectedId;
      const m = markerStyle(p.shape, selected, zoom);
      return {
        key: `p${p.id}`,
        text: p.label,
        genre: selected ? 'ici' : 'lieu',
        lon: p.lon,
        lat: p.lat,
        zoom: 0,
        // Nearest to the viewed place first.
        poids: sel ? -Math.hypot(p.lon - sel.lon, p.lat - sel.lat) : 0,
        gap: m.radius + m.ringWidth,
      };
    });
  }

  /** The names to place; the elements of the points' old names go. */
  private sync(): void {
    this.labels = [...this.pointLabels(this.map.getZoom()), ...BASE].sort(byImportance);
    this.byKey = new Map(this.labels.map((l) => [l.key, l]));
    for (const [key, item] of this.items) {
      if (!key.startsWith('p')) continue;
      item.node.remove();
      item.dot?.remove();
      this.items.delete(key);
    }
  }

  /** A name's element (and a town's dot), made when the name is first a candidate on screen. */
  private item(l: MapLabel): Item {
    const found = this.items.get(l.key);
    if (found) return found;
    const node = document.createElement('span');
    node.textContent = l.text;
    styleName(node, l, this.palette);
    let dot: HTMLElement | null = null;
    if (l.genre === 'ville') {
      dot = document.createElement('span');
      dot.style.cssText =
        'position:absolute;left:0;top:0;width:7px;height:7px;border-radius:50%;visibility:hidden;' +
        `background:${this.palette.texte};box-shadow:0 0 0 1.5px ${this.palette.halo}`;
      this.root.append(dot);
    }
    this.root.append(node);
    const item = { node, dot, size: null };
    this.items.set(l.key, item);
    return item;
  }

  private place(): void {
    const zoom = this.map.getZoom();
    // Point names' gaps follow the markers' size at this zoom.
    if (this.pointNames) {
      this.labels = [...this.pointLabels(zoom), ...BASE].sort(byImportance);
      this.byKey = new Map(this.labels.map((l) => [l.key, l]));
    }
    const canvas = this.map.getCanvas();
    const view: [number, number] = [canvas.clientWidth, canvas.clientHeight];
    const project = (lon: number, lat: number): [number, number] => {
      const p = this.map.project([lon, lat]);
      return [p.x, p.y];
    };
    const obstacles: Box[] = [];
    if (this.obstacles) {
      for (const p of this.points) {
        const [x, y] = project(p.lon, p.lat);
        const m = markerStyle(p.shape, p.id === this.selectedId, zoom);
        const r = m.radius + m.ringWidth;
        obstacles.push([x - r, y - r, x + r, y + r]);
      }
    }
    const size = (key: string): [number, number] => {
      const l = this.byKey.get(key);
      if (!l) return [0, 0];
      const item = this.item(l);
      item.size ??= [item.node.offsetWidth, item.node.offsetHeight];
      return item.size;
    };
    const laidOut = layoutLabels(this.labels, project, size, zoom, view, obstacles);
    const shown = new Set<string>();
    for (const p of laidOut) {
      const item = this.items.get(p.key);
      if (!item) continue;
      shown.add(p.key);
      item.node.style.transform = `translate(${Math.round(p.x)}px, ${Math.round(p.y)}px)`;
      item.node.style.visibility = 'visible';
      const l = this.byKey.get(p.key);
      if (item.dot && l) {
        const [x, y] = project(l.lon, l.lat);
        item.dot.style.transform = `translate(${Math.round(x - 3.5)}px, ${Math.round(y - 3.5)}px)`;
        item.dot.style.visibility = p.dot ? 'visible' : 'hidden';
      }
    }
    for (const [key, item] of this.items) {
      if (shown.has(key)) continue;
      item.node.style.visibility = 'hidden';
      if (item.dot) item.dot.style.visibility = 'hidden';
    }
  }
}
