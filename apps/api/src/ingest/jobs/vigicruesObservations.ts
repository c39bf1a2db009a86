/**
 * Fallback while Hub'Eau fails (docs/decisions/020-ingest-schedule-and-overlap.md): every 10 minutes, when the
 * last Hub'Eau observations run ended in error, the stations on a Vigicrues tronçon (those that matter for
 * vigilance) are read from Vigicrues `observations.json` — H in m and Q in m³/s, no conversion — and inserted
 * where no reading exists yet. Hub'Eau stays the reference: a stored reading is never overwritten from here.
 */
import { UpstreamError } from '../http';
import { ReadingStore } from '../readings';
import { observations } from '../sources/vigicrues';
import { readJobRow, RequestTracker, type IngestJob } from './runner';

export interface VigicruesObservationsOptions {
  baseUrl: string;
  /** Job whose failure turns the fallback on. */
  primaryJob?: string;
}

export function vigicruesObservationsJob(opts: VigicruesObservationsOptions): IngestJob {
  const primary = opts.primaryJob ?? 'hubeau-observations';
  return {
    name: 'vigicrues-observations',
    schedule: '3-59/10 * * * *',
    async run(ctx) {
      const hub = await readJobRow(ctx.db, primary);
      const failing = (hub?.consecutive_failures ?? 0) > 0;
      if (!failing) {
        ctx.count('inutile_hubeau_ok');
        return;
      }
      const sensors = await ctx.db
        .selectFrom('lieu')
        .innerJoin('capteur', 'capteur.lieu_id', 'lieu.id')
        .select(['lieu.code_station', 'capteur.grandeur'])
        .where('lieu.troncon_id', 'is not', null)
        .where('lieu.code_station', 'is not', null)
        .where('lieu.station_mesure_ok', '=', 1)
        .where('capteur.grandeur', 'in', ['H', 'Q'])
        .orderBy('lieu.code_station')
        .execute();
      const store = new ReadingStore(ctx.db, 'vigicrues');
      const requests = new RequestTracker();
      for (const s of sensors) {
        const code = s.code_station as string;
        const grandeur = s.grandeur as 'H' | 'Q';
        if (!requests.proceed()) continue;
        try {
          const readings = await observations(code, grandeur, { ...ctx.http, baseUrl: opts.baseUrl });
          requests.ok();
          ctx.count('lectures_recues', readings.length);
          const w = await store.write(
            readings.map((r) => ({
              codeStation: code,
              grandeur,
              ts: r.ts,
              valeur: r.valeur,
              statut: null,
              qualification: null,
            })),
            { onConflict: 'ignore' },
          );
          ctx.count('lectures_nouvelles', w.nouvelles);
          ctx.count('lectures_deja_connues', w.inchangees);
        } catch (err) {
          if (ctx.signal.aborted || !(err instanceof UpstreamError)) throw err;
          requests.fail(err);
        }
      }
      requests.count(ctx);
      await ctx.events.emit({
        type: 'readings',
        origin: 'live',
        source: 'vigicrues',
        at: ctx.now(),
        sensors: store.summary.sensors,
      });
      requests.throwIfFailed();
    },
  };
}
