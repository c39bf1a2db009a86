/**
 * Every 30 minutes: Vigicrues forecasts (min / mean / max) of the stations on a Vigicrues tronçon, into
 * `prevision` (one run per production time, upserted). "No forecast" — an error payload, empty `Prevs`, a 204 —
 * is the normal case, counted, not an error. A station that says it is not a forecast station is left alone for a
 * day (checkpoint). Values are already in m and m³/s.
 */
import { DAY_MS } from '@limni/shared/domain/time';
import type { PlaceForecast } from '../events';
import { UpstreamError } from '../http';
import { previsions } from '../sources/vigicrues';
import { RequestTracker, type IngestJob } from './runner';
import { forecastSensors, isRunKnown, upsertPrevisions } from './vigicrues.repo';

interface PrevisionsCheckpoint {
  /** station code → instant until which it is not asked again. */
  skipUntil: Record<string, number>;
}

export interface VigicruesPrevisionsOptions {
  baseUrl: string;
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
      const sensors = await forecastSensors(ctx.db);
      const requests = new RequestTracker();
      const places: PlaceForecast[] = [];
      for (const s of sensors) {
        const code = s.code_station as string;
        const grandeur = s.grandeur as 'H' | 'Q';
        if (cp.skipUntil[code] !== undefined) {
          ctx.count('stations_sans_prevision_ignorees');
          continue;
        }
        if (!requests.proceed()) continue;
        try {
          const r = await previsions(code, grandeur, { ...ctx.http, baseUrl: opts.baseUrl });
          requests.ok();
          if (r.kind === 'pas_station_prevision') {
            cp.skipUntil[code] = now + DAY_MS;
            ctx.count('pas_station_de_prevision');
            continue;
          }
          if (r.kind === 'aucune') {
            ctx.count('sans_prevision');
            continue;
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
          await upsertPrevisions(ctx.db, rows);
          ctx.count('previsions_points', rows.length);
          if (known) {
            ctx.count('runs_deja_connus');
            continue;
          }
          ctx.count('runs_nouveaux');
          const values = r.points.map((p) => p.moy ?? p.max).filter((v): v is number => v !== null);
          places.push({
            lieuId: s.lieuId,
            capteurId: s.capteurId,
            grandeur,
            codeStation: code,
            runTs: r.runTs,
            points: rows.length,
            from: Math.min(...r.points.map((p) => p.ts)),
            to: Math.max(...r.points.map((p) => p.ts)),
            maxValeur: values.length ? Math.max(...values) : null,
          });
        } catch (err) {
          if (ctx.signal.aborted || !(err instanceof UpstreamError)) throw err;
          requests.fail(err);
        }
      }
      requests.count(ctx);
      ctx.setCheckpoint(cp);
      await ctx.events.emit({ type: 'forecasts', origin: 'live', at: ctx.now(), places });
      requests.throwIfFailed();
    },
  };
}
