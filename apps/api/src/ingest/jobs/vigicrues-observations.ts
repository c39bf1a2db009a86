/**
 * Fallback while Hub'Eau fails (docs/decisions/020-ingest-schedule-and-overlap.md): every 10 minutes, when the
 * last Hub'Eau observations run ended in error, the stations on a Vigicrues tronçon (those that matter for
 * vigilance) are read from Vigicrues `observations.json` — H in m and Q in m³/s, no conversion — and inserted
 * where no observation exists yet. Hub'Eau stays the reference: a stored observation is never overwritten from here.
 */
import { UpstreamError } from '../http';
import { ObservationStore } from '../observation-store';
import { observations } from '../sources/vigicrues';
import { readJobRow } from '../ingest-job.repo';
import { RequestTracker, type IngestJob } from './runner';
import { fallbackCapteurs } from './vigicrues.repo';

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
      const capteurs = await fallbackCapteurs(ctx.db);
      const store = new ObservationStore(ctx.db, 'vigicrues', undefined, { live: true });
      const requests = new RequestTracker();
      for (const s of capteurs) {
        const code = s.code_station as string;
        const grandeur = s.grandeur as 'H' | 'Q';
        if (!requests.proceed()) continue;
        try {
          const observed = await observations(code, grandeur, { ...ctx.http, baseUrl: opts.baseUrl });
          requests.ok();
          ctx.count('lectures_recues', observed.length);
          const w = await store.write(
            observed.map((r) => ({
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
        type: 'observations',
        origin: 'live',
        source: 'vigicrues',
        at: ctx.now(),
        sensors: store.summary.sensors,
      });
      requests.throwIfFailed();
    },
  };
}
