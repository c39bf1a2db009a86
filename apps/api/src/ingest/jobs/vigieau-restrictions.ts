/**
 * Once a day: the drought orders in force at every place, asked to VigiEau by the place's coordinates
 * (docs/decisions/155). Places never asked, or asked longest ago, come first; answers are written by batches of 50, so
 * a run stopped half-way keeps what it read, and the next run starts with the places it did not reach. A place
 * whose request fails keeps its previous answer (dated: the page says when it was read). A recorded answer (the
 * offline demo's) is replaced by the first live one.
 */
import { DAY_MS, HOUR_MS } from '@limni/shared/domain/time';
import { writeReponsesSecheresse, lieuxASonder, type ReponseLieu } from '../../data/secheresse.repo';
import { pacer, UpstreamError } from '../http';
import { zoneSecheresseAt } from '../sources/vigieau';
import { JobError, type IngestJob } from './runner';

export interface VigieauRestrictionsOptions {
  baseUrl: string;
  /** Requests a minute (default 120: a catalogue of 2,000 places in under 20 minutes). Infinity = no pacing. */
  perMinute?: number;
  /** Failed requests in a row after which the run stops (the service is down: the next retry will tell). */
  maxFailuresInRow?: number;
}

const BATCH = 50;

export function vigieauRestrictionsJob(opts: VigieauRestrictionsOptions): IngestJob {
  const maxFailures = opts.maxFailuresInRow ?? 5;
  return {
    name: 'vigieau-restrictions',
    schedule: '17 5 * * *',
    runAtStartIfOlderThan: 20 * HOUR_MS,
    atStartBeside: true,
    async run(ctx) {
      const lieux = await lieuxASonder(ctx.db, ctx.now() - DAY_MS + HOUR_MS);
      ctx.count('lieux', lieux.length);
      const pace = pacer(opts.perMinute ?? 120, ctx.signal);
      let batch: ReponseLieu[] = [];
      let inRow = 0;
      let lastError: UpstreamError | null = null;
      const flush = async () => {
        await writeReponsesSecheresse(ctx.db, batch);
        batch = [];
      };
      for (const l of lieux) {
        if (ctx.signal.aborted) break;
        try {
          await pace();
          const r = await zoneSecheresseAt(l.lon_gps, l.lat_gps, { ...ctx.http, baseUrl: opts.baseUrl });
          inRow = 0;
          ctx.count(r.etat);
          batch.push({
            lieuId: l.id,
            etat: r.etat,
            zone: r.etat === 'zone' ? r.zone : null,
            luLe: ctx.now(),
            origine: null,
          });
          if (batch.length >= BATCH) await flush();
        } catch (err) {
          if (ctx.signal.aborted) break;
          if (!(err instanceof UpstreamError)) throw err;
          if (err.kind === 'aborted') break;
          ctx.count('echecs');
          lastError = err;
          if (err.kind === 'schema') ctx.warn('schema', err.message);
          if (++inRow >= maxFailures || err.kind === 'pause') {
            await flush();
            throw new JobError(`VigiEau : ${inRow} échecs de suite, arrêt (${err.message})`, err);
          }
        }
      }
      await flush();
      if (lastError && ctx.counts().zone === undefined && ctx.counts().aucune === undefined) {
        throw new JobError(`VigiEau : aucune réponse lisible (${lastError.message})`, lastError);
      }
    },
  };
}
