/**
 * Daily: Hub'Eau `obs_elab` daily values into the archive (docs/decisions/092). Each station of a place is read
 * once from the start of its record (QmnJ, the daily mean flow, then QIXnJ, the daily maximum instantaneous flow,
 * where Hub'Eau serves it), then every day from a week-aligned start 10 days before its last stored day (recent
 * values are revised). Requests are paced (`HUBEAU_BACKFILL_PER_MINUTE`) and share up to 100 codes; each page is
 * written with the new standing of its stations (`hubeau_elab_reprise`) in one transaction, so a run stopped
 * anywhere resumes after the last page kept. Idempotent: only new or changed values are written. The climatology
 * of the sensors whose archive grew or changed is brought up to date at the end (ADR 086). A day its producer judges
 * doubtful (qualification 12) is not written (docs/decisions/154).
 */
import { addDays, DAY_MS, HOUR_MS, parisDay } from '@limni/shared/domain/time';
import { estDouteuse } from '@limni/shared/domain/qualite';
import { lpsToM3s } from '@limni/shared/domain/units';
import { ORIGINES_ARCHIVE_FR } from '@limni/shared/domain/sources';
import { climatologyOrigin } from '../../data/archive.repo';
import { recomputeClimatology, refreshGrownClimatologies } from '../../data/climatologie';
import { pacer, UpstreamError } from '../http';
import { ObservationStore } from '../observation-store';
import { ELAB_GRANDEURS, obsElab, OBS_MAX_SIZE, type ElabGrandeur } from '../sources/hubeau';
import {
  elabStandings,
  stationCodes,
  writeElabPage,
  type ElabStanding,
  type ElabValue,
} from './hubeau-elab.repo';
import { RequestTracker, type IngestJob } from './runner';

/** Days re-read before a station's last stored day at each daily extension (pré-validée values get validated). */
export const ELAB_OVERLAP_DAYS = 10;
/** A station read to its end that has no value yet is asked for the last 40 days. */
export const ELAB_EMPTY_LOOKBACK_DAYS = 40;
/** Default pace of the long reads: one request a second (docs/decisions/092). */
export const DEFAULT_BACKFILL_PER_MINUTE = 60;

/** Monday-aligned day on or before `day` (1970-01-05 was a Monday): stations of a week share a request. */
export function weekStart(day: string): string {
  const d = Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
  return addDays(day, -((((d - 4) % 7) + 7) % 7));
}

/** First day to ask for a station: null = from the start of the record. */
export function elabStart(st: ElabStanding | undefined, today: string): string | null {
  if (!st) return null;
  if (!st.historique_complet) return st.dernier_jour;
  return weekStart(
    addDays(st.dernier_jour ?? today, -(st.dernier_jour ? ELAB_OVERLAP_DAYS : ELAB_EMPTY_LOOKBACK_DAYS)),
  );
}

/** Named with the band of a sensor whose archive holds obs_elab days (ADR 086: the origin is always said). */
export const HUBEAU_ELAB_ORIGIN: string = ORIGINES_ARCHIVE_FR.hubeauElab;

/** The origin of a sensor's archive once obs_elab days are in it: Hub'Eau added to what was named before. */
export function withHubeauOrigin(before: string | null): string {
  if (!before) return HUBEAU_ELAB_ORIGIN;
  return before.includes("Hub'Eau") ? before : `${before} ; ${HUBEAU_ELAB_ORIGIN}`;
}

export interface HubeauElabOptions {
  baseUrl: string;
  /** Requests a minute (pages included); Infinity = no pacing. */
  perMinute?: number;
  codesPerRequest?: number;
  pageSize?: number;
  grandeurs?: readonly ElabGrandeur[];
}

export function hubeauElabJob(opts: HubeauElabOptions): IngestJob {
  const perRequest = opts.codesPerRequest ?? 100;
  const grandeurs = opts.grandeurs ?? ELAB_GRANDEURS;
  return {
    name: 'hubeau-elab',
    schedule: '41 4 * * *',
    runAtStartIfOlderThan: 20 * HOUR_MS,
    async run(ctx) {
      const codes = await stationCodes(ctx.db);
      ctx.count('stations', codes.length);
      const store = new ObservationStore(ctx.db, 'hubeau');
      const created = { n: 0 };
      const pace = pacer(opts.perMinute ?? DEFAULT_BACKFILL_PER_MINUTE, ctx.signal);
      const requests = new RequestTracker();
      const modified = new Set<number>();
      const written = new Set<number>();
      const today = parisDay(ctx.now());

      for (const grandeur of grandeurs) {
        const standings = await elabStandings(ctx.db, grandeur);
        const groups = new Map<string, string[]>();
        for (const code of codes) {
          const key = elabStart(standings.get(code), today) ?? '';
          groups.set(key, [...(groups.get(key) ?? []), code]);
        }
        // From the start of the record first (key ''), then the oldest starts.
        for (const since of [...groups.keys()].sort()) {
          const group = groups.get(since) ?? [];
          for (let i = 0; i < group.length; i += perRequest) {
            const chunk = group.slice(i, i + perRequest);
            if (!requests.proceed()) continue;
            const mine = new Set(chunk);
            try {
              for await (const page of obsElab(
                { codes: chunk, grandeur, since: since || null, size: opts.pageSize ?? OBS_MAX_SIZE },
                { ...ctx.http, baseUrl: opts.baseUrl, beforeRequest: pace },
              )) {
                ctx.count('pages');
                if (page.status === 206) ctx.count('pages_206');
                if (page.data.length === 0) ctx.count('pages_vides');
                const values: ElabValue[] = [];
                const last = new Map<string, string>();
                let lastCode = '';
                for (const r of page.data) {
                  const code = r.code_station;
                  if (!code) {
                    ctx.count('doublons_site_ignores');
                    continue;
                  }
                  if (!mine.has(code) || r.grandeur_hydro_elab !== grandeur) {
                    ctx.count('lignes_hors_demande');
                    continue;
                  }
                  const capteurId = await store.sensorFor(code, 'Q', created);
                  if (capteurId === null) continue;
                  if (r.date_obs_elab > (last.get(code) ?? '')) last.set(code, r.date_obs_elab);
                  // A day its producer judges doubtful never enters the archive (its bands, records, classes): a
                  // stored value stays, and the day is written when a later answer qualifies it (docs/decisions/154).
                  if (estDouteuse(r.code_qualification)) {
                    ctx.count('jours_douteux');
                    continue;
                  }
                  values.push({ capteurId, jour: r.date_obs_elab, valeur: lpsToM3s(r.resultat_obs_elab) });
                  if (code > lastCode) lastCode = code;
                }
                // Rows come by station then day: stations before the last one on this page are read to their end.
                const moved = chunk
                  .filter((c) => last.has(c) || (!since && c < lastCode))
                  .map((code) => {
                    const before = standings.get(code);
                    const seen = last.get(code) ?? null;
                    const dernier =
                      before?.dernier_jour && (!seen || before.dernier_jour > seen)
                        ? before.dernier_jour
                        : seen;
                    const complet: 0 | 1 =
                      before?.historique_complet || (since === '' && code < lastCode) ? 1 : 0;
                    const st = { dernier_jour: dernier, historique_complet: complet };
                    standings.set(code, st);
                    return { code, ...st };
                  });
                const w = await writeElabPage(ctx.db, { grandeur, values, standings: moved, now: ctx.now() });
                ctx.count('jours_recus', values.length);
                ctx.count('jours_nouveaux', w.nouveaux);
                ctx.count('jours_modifies', w.modifies);
                ctx.count('jours_inchanges', w.inchanges);
                if (w.sansMoyenne) ctx.count('maxima_sans_moyenne', w.sansMoyenne);
                if (w.gardesDemo) ctx.count('jours_demo_gardes', w.gardesDemo);
                for (const id of w.capteursEcrits) written.add(id);
                for (const id of w.capteursModifies) modified.add(id);
              }
              // The paging ended: every station of the request is read to its end.
              const done = chunk.map((code) => {
                const st = {
                  dernier_jour: standings.get(code)?.dernier_jour ?? null,
                  historique_complet: 1 as const,
                };
                standings.set(code, st);
                return { code, ...st };
              });
              await writeElabPage(ctx.db, { grandeur, values: [], standings: done, now: ctx.now() });
              requests.ok();
            } catch (err) {
              if (ctx.signal.aborted) throw err;
              requests.fail(
                err instanceof UpstreamError
                  ? err
                  : new UpstreamError("Hub'Eau", 'network', String(err), true),
              );
            }
          }
        }
      }
      requests.count(ctx);
      ctx.count('capteurs_crees', created.n);

      // The climatology follows the archive: recomputed where values changed or Hub'Eau becomes one of its origins
      // (named with the band), brought up to date where it only grew.
      const now = ctx.now();
      let recomputed = 0;
      for (const id of written) {
        const before = await climatologyOrigin(ctx.db, id);
        const origin = withHubeauOrigin(before);
        if (origin !== before || modified.has(id)) {
          await recomputeClimatology(ctx.db, id, now, origin);
          recomputed++;
        }
      }
      const { refreshed } =
        written.size > 0 ? await refreshGrownClimatologies(ctx.db, now) : { refreshed: 0 };
      ctx.count('climatologies_mises_a_jour', refreshed + recomputed);
      requests.throwIfFailed();
    },
  };
}
