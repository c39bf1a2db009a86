/**
 * The start-up probe of live-by-default (docs/decisions/134): one short request to each source, in parallel, each
 * bounded by `PROBE_TIMEOUT_MS` and never retried. Hub'Eau decides: its readings are what the service is about;
 * a Vigicrues that does not answer is reported by its jobs, it does not keep the demo on.
 */
import type { Env } from '../config/env';
import { getJson, parsePayload, type HttpOptions, type SourceName } from './http';
import { StationsPage } from './sources/hubeau';

export const PROBE_TIMEOUT_MS = 5_000;

export interface ProbeResult {
  ok: boolean;
  /** Per source: null when it answered, else why not (French). */
  sources: Partial<Record<SourceName, string | null>>;
  /** The banner's reason when not ok: « sources injoignables depuis ce serveur (…) ». */
  raison: string | null;
}

type ProbeHttp = Pick<HttpOptions, 'userAgent' | 'gates' | 'log'>;

async function answer(fn: () => Promise<unknown>): Promise<string | null> {
  try {
    await fn();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export async function probeSources(
  env: Pick<Env, 'HUBEAU_BASE_URL' | 'VIGICRUES_BASE_URL'>,
  http: ProbeHttp,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<ProbeResult> {
  const opts: HttpOptions = { ...http, timeoutMs, retries: 0, backoffMs: 0 };
  const hubeau = env.HUBEAU_BASE_URL.replace(/\/+$/, '');
  const vigicrues = env.VIGICRUES_BASE_URL.replace(/\/+$/, '');
  const [h, v] = await Promise.all([
    answer(async () => {
      const res = await getJson(
        "Hub'Eau",
        `${hubeau}/referentiel/stations?format=json&size=1&fields=code_station`,
        { ...opts, base: hubeau },
      );
      parsePayload("Hub'Eau", 'referentiel/stations', StationsPage, res.body);
    }),
    answer(() => getJson('Vigicrues', `${vigicrues}/1/TerEntVigiCru.jsonld/`, { ...opts, base: vigicrues })),
  ]);
  const ok = h === null;
  // Public words (the banner, /api/health): never the configured address (ADR 105); the details are in the logs.
  return {
    ok,
    sources: { "Hub'Eau": h, Vigicrues: v },
    raison: ok ? null : "sources injoignables depuis ce serveur : Hub'Eau ne répond pas",
  };
}
