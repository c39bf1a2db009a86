/**
 * The paced catch-up of Hub'Eau real-time series (docs/decisions/091, 135): every series more than a day behind, or
 * never read, is read from its latest reading minus 3 hours — at most 29 days back, all that `observations_tr`
 * keeps — oldest first, in requests of up to 100 codes whose starts are within 6 hours. Requests leave at the pace of
 * long reads (HUBEAU_BACKFILL_PER_MINUTE, shared with the obs_elab backfill), and after every page each station's
 * series moves to the latest instant it returned, so a stopped run resumes there. A station that returned nothing
 * stays where it was and is asked again at the next run: a backlog that appears late upstream is read whole.
 *
 * The sweep (`hubeau-observations`) makes every station current first; this job fills the days behind.
 */
import { pacer } from '../http';
import { ObservationStore } from '../observation-store';
import { catchUp, endRun, loadSeries } from './hubeau-read';
import { RequestTracker, type IngestJob } from './runner';

export interface HubeauRattrapageOptions {
  baseUrl: string;
  /** Pace when the job runs outside a runtime (tests); a runtime's shared pace wins. */
  perMinute?: number;
  codesPerRequest?: number;
  pageSize?: number;
}

export function hubeauRattrapageJob(opts: HubeauRattrapageOptions): IngestJob {
  return {
    name: 'hubeau-rattrapage',
    schedule: '5-55/10 * * * *',
    runAtStartIfOlderThan: 0,
    async run(ctx) {
      const s = await loadSeries(ctx);
      const store = new ObservationStore(ctx.db, 'hubeau', undefined, { live: true });
      const requests = new RequestTracker();
      const beforeRequest = ctx.pace ?? pacer(opts.perMinute ?? Infinity, ctx.signal);
      for (const grandeur of ['H', 'Q'] as const) {
        const n = await catchUp(ctx, store, s, grandeur, 'long', { ...opts, beforeRequest }, requests);
        ctx.count(`series_a_rattraper_${grandeur}`, n);
      }
      await endRun(ctx, store, requests);
    },
  };
}
