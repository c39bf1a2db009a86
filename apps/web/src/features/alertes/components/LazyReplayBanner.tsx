/**
 * The replay banner in its own chunk (out of the first load of `/`); render it inside a `Suspense`.
 * The page carries the replay state the server read when it sent it (`<meta name="limni-replay">`,
 * docs/decisions/052): the banner's code, its query and the contract load at once only when a replay runs (or the
 * page carries no state); otherwise the first poll is the one a minute later, the cadence of a page with no replay.
 */
import { lazy, useEffect, useState } from 'react';
import { readPageMeta } from '../../../api/page-health';

const Banner = lazy(() => import('./ReplayBanner'));

/** The poll interval of `api/replay.ts` while no replay runs. */
const IDLE_POLL_MS = 60_000;

function replayMayRun(): boolean {
  const r = readPageMeta('limni-replay');
  return typeof r !== 'object' || r === null || (r as Record<string, unknown>)['en_cours'] !== false;
}

export function ReplayBanner() {
  const [load, setLoad] = useState(replayMayRun);
  useEffect(() => {
    if (load) return;
    const timer = window.setTimeout(() => setLoad(true), IDLE_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [load]);
  return load ? <Banner /> : null;
}
