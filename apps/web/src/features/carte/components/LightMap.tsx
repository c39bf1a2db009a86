/**
 * A map that never holds up the page (docs/decisions/118). It paints a static preview at once (`MapPreview`: land,
 * borders, rivers, lakes, outline and markers, framed as the map will be) and loads MapLibre (`MapView`, its own
 * chunk of about 290 KB gzip) only when the user shows they want the map: the pointer entering or moving over the
 * box, a touch, a wheel, the keyboard focus entering the box (its « Explorer la carte » button), or `requested` (the
 * map's own view or tab was chosen: then it loads after first paint, when the browser is idle). The map is drawn
 * under the preview, in the same box, and the preview goes when the map has drawn its points: nothing moves.
 *
 * The box is the `region` named `label`; it carries `data-map-ready` (true only once MapLibre has drawn the current
 * points: the preview alone is never « ready »), `data-rendered-points` (points drawn, grouped or not) and
 * `data-rendered-clusters` once the map is idle, for tests.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useIsPrerender } from '../../../lib/prerender';
import { MapPreview } from './MapPreview';
import type { MapStatus, MapViewProps } from '../map-types';
import { useLightMapMessages } from '../messages';

const MapView = lazy(() => import('./MapView'));

/** Calls `run` after the next paint, when the browser is idle (at the latest `timeout` ms later). */
function afterPaintWhenIdle(run: () => void, timeout = 1500): () => void {
  let idle: number | null = null;
  let timer: number | null = null;
  const frame = requestAnimationFrame(() => {
    // A task queued from a frame callback runs after that frame is painted.
    timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') {
        idle = window.requestIdleCallback(run, { timeout });
      } else run();
    }, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
    if (idle !== null) window.cancelIdleCallback(idle);
  };
}

export function LightMap({
  requested = false,
  ...props
}: MapViewProps & {
  /** The user already asked for the map (its own view or tab): load it after first paint, without waiting. */
  requested?: boolean;
}) {
  const { label, className, points, bbox, outline, selectedId } = props;
  const m = useLightMapMessages();
  // On the server's first screen the button cannot load the map yet (docs/decisions/116).
  const prerendered = useIsPrerender();
  const host = useRef<HTMLDivElement>(null);
  const explore = useRef<HTMLButtonElement>(null);
  const [load, setLoad] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(
    () => (requested && !load ? afterPaintWhenIdle(() => setLoad(true)) : undefined),
    [requested, load],
  );
  const now = load ? undefined : () => setLoad(true);
  /** What tells that the user wants the map (until it is loading). */
  const intent = now
    ? {
        onPointerEnter: now,
        onPointerMove: now,
        onPointerDown: now,
        onTouchStart: now,
        onWheel: now,
        onFocus: now,
      }
    : {};
  const status = (s: MapStatus) => {
    const box = host.current;
    if (!box) return;
    box.dataset.mapReady = String(s.ready);
    if (!s.ready) return;
    box.dataset.renderedPoints = String(s.points);
    box.dataset.renderedClusters = String(s.clusters);
    // The button goes with the preview: the focus it held moves to the map, which takes the keys.
    if (explore.current && document.activeElement === explore.current) box.querySelector('canvas')?.focus();
    setReady(true);
  };

  return (
    <div
      ref={host}
      role="region"
      aria-label={label}
      data-map-ready="false"
      className={`relative overflow-hidden ${className ?? 'h-full w-full'}`}
      {...intent}
    >
      {load && (
        <Suspense fallback={null}>
          <MapView {...props} onStatus={status} />
        </Suspense>
      )}
      {!ready && (
        <>
          <MapPreview points={points} bbox={bbox} outline={outline} selectedId={selectedId} />
          <button
            ref={explore}
            type="button"
            onClick={now}
            disabled={prerendered}
            className="absolute top-2.5 right-2.5 z-[2] rounded-md bg-white px-3 py-1.5 text-sm font-medium text-[#1b2733] shadow focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-500"
          >
            {m(load ? 'chargement' : 'explorer')}
          </button>
        </>
      )}
    </div>
  );
}
