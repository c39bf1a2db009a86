/**
 * A map that never holds up the page (docs/decisions/118). It paints a static preview at once (`MapPreview`), then
 * loads MapLibre (`MapView`, its own chunk of about 290 KB gzip) once the page has painted and the browser is idle,
 * or at once when the pointer or a wheel reaches the map. The map is drawn under the preview, in the
 * same box, and the preview goes when the map has drawn its points: nothing moves.
 *
 * The box is the `region` named `label`; it carries `data-map-ready` and `data-rendered-points` (points drawn,
 * grouped or not) and `data-rendered-clusters` once the map is idle, for tests.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MapPreview } from './MapPreview';
import type { MapStatus, MapViewProps } from './map-types';

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

export function LightMap(props: MapViewProps) {
  const { label, className, points, bbox, outline, selectedId } = props;
  const host = useRef<HTMLDivElement>(null);
  const [load, setLoad] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => (load ? undefined : afterPaintWhenIdle(() => setLoad(true))), [load]);
  const now = () => setLoad(true);
  const status = (s: MapStatus) => {
    const box = host.current;
    if (!box) return;
    box.dataset.mapReady = String(s.ready);
    if (!s.ready) return;
    box.dataset.renderedPoints = String(s.points);
    box.dataset.renderedClusters = String(s.clusters);
    setReady(true);
  };

  return (
    <div
      ref={host}
      role="region"
      aria-label={label}
      data-map-ready="false"
      className={`relative overflow-hidden ${className ?? 'h-full w-full'}`}
      onPointerEnter={load ? undefined : now}
      onPointerDown={load ? undefined : now}
      onWheel={load ? undefined : now}
    >
      {load && (
        <Suspense fallback={null}>
          <MapView {...props} onStatus={status} />
        </Suspense>
      )}
      {!ready && <MapPreview points={points} bbox={bbox} outline={outline} selectedId={selectedId} />}
    </div>
  );
}
