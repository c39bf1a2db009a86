/**
 * Every 30 minutes: Vigicrues forecasts (min / mean / max) of every station in service (docs/decisions/134): Vigicrues
 * says which ones are forecast stations. A station that answers it is not one is left alone for a day (checkpoint),
 * so after the first run only forecast stations are asked. "No forecast" — an error payload, empty `Prevs`, a 204 —
 * is the normal case, counted, not an error. Requests go out a few at a time through the shared Vigicrues gate
 * (a `Retry-After` pauses them all). Each run is stored in `prevision` (one run per production time, upserted).
 * Values are already in m and m³/s.
 */
import { DAY_MS } from '@limni/shared/domain/time';
import type { LieuPrevision } from '../events';
import { UpstreamError } from '../http';
import { previsions } from '../sources/vigicrues';
import { RequestTracker, type IngestJob, type JobContext } from './runner';
import { previsionCapteurs, isRunKnown, storePrevisions } from './vigicrues.repo';

interface PrevisionsCheckpoint {
  /** station code → instant until which it is not asked again. */
  skipUntil: Record<string, number>;
}

export interface VigicruesPrevisionsOptions {
  baseUrl: string;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
}

type Sensor = Awaited<ReturnType<typeof previsionCapteurs>>[number];

/** Asks one sensor's forecast and stores a new run; returns the place's forecast when the run is new. */
async function previsionOf(
  ctx: JobContext,
  s: Sensor,
  baseUrl: string,
  cp: PrevisionsCheckpoint,
  now: number,
): Promise<LieuPrevision | null> {
  const code = s.code_station as string;
  const grandeur = s.grandeur as 'H' | 'Q';
  const r = await previsions(code, grandeur, { ...ctx.http, baseUrl });
  if (r.kind === 'pas_station_prevision') {
    cp.skipUntil[code] = now + DAY_MS;
    ctx.count('pas_station_de_prevision');
    return null;
  }
  if (r.kind === 'aucune') {
    ctx.count('sans_prevision');
    return null;
  }
  const known = await isRunKnown(ctx.db, s.capteurId, r.runTs);
  const rows = r.points.map((p) => ({
    capteur_id: s.capteurId,
    run_ts: r.runTs,
    ts: p.ts,
    valeur: p.moy,
    min: p.min,
    max: p.max,
    commentaire: r.commentaire,
  }));
  await storePrevisions(ctx.db, rows);
  ctx.count('previsions_points', rows.length);
  if (known) {
    ctx.count('runs_deja_connus');
    return null;
  }
  ctx.count('runs_nouveaux');
  const values = r.points.map((p) => p.moy ?? p.max).filter((v): v is number => v !== null);
  return {
    lieuId: s.lieuId,
    capteurId: s.capteurId,
    grandeur,
    codeStation: code,
    runTs: r.runTs,
    points: rows.length,
    from: Math.min(...r.points.map((p) => p.ts)),
    to: Math.max(...r.points.map((p) => p.ts)),
    maxValeur: values.length ? Math.max(...values) : null,
  };
}

export function vigicruesPrevisionsJob(opts: VigicruesPrevisionsOptions): IngestJob {
  return {
    name: 'vigicrues-previsions',
    schedule: '5,35 * * * *',
    runAtStartIfOlderThan: 0,
    async run(ctx) {
      const prev = (ctx.checkpoint as Partial<PrevisionsCheckpoint> | undefined)?.skipUntil ?? {};
      const now = ctx.now();
      const cp: PrevisionsCheckpoint = {
        skipUntil: Object.fromEntries(Object.entries(prev).filter(([, until]) => until > now)),
      };
      const capteurs = (await previsionCapteurs(ctx.db)).filter((s) => {
        const skip = cp.skipUntil[s.code_station as string] !== undefined;
        if (skip) ctx.count('stations_sans_prevision_ignorees');
        return !skip;
      });
      const requests = new RequestTracker();
      const lieux: LieuPrevision[] = [];
      let next = 0;
      const worker = async () => {
        while (next < capteurs.length) {
          const s = capteurs[next++] as Sensor;
          if (!requests.proceed()) continue;
          try {
            const lieu = await previsionOf(ctx, s, opts.baseUrl, cp, now);
            requests.ok();
            if (lieu) lieux.push(lieu);
          } catch (err) {
            if (ctx.signal.aborted || !(err instanceof UpstreamError)) throw err;
            requests.fail(err);
          }
        }
      };
      await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
      requests.count(ctx);
      ctx.setCheckpoint(cp);
      lieux.sort((a, b) => a.capteurId - b.capteurId);
      await ctx.events.emit({ type: 'forecasts', origin: 'live', at: ctx.now(), places: lieux });
      requests.throwIfFailed();
    },
  };
}
