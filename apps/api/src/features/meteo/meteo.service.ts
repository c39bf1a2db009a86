/**
 * Weather of a place from Open-Meteo (docs/decisions/025-weather-cache-and-unavailable.md): one request per
 * rounded coordinates (0.01°, about 1 km) at most every 30 minutes, shared by every place in that cell and by
 * concurrent requests. When Open-Meteo cannot be reached, refuses (429) or answers something unexpected, the
 * answer is `indisponible` with a French message — remembered for a short while so a failing service is not
 * hammered — never an error page.
 */
import type { MeteoIndisponible, MeteoLieuResponse, MeteoSource } from '@limni/shared/contracts/meteo';
import { METEO_ATTRIBUTION, METEO_SOURCE_URL } from '@limni/shared/domain/meteo';
import { UpstreamError, type HttpOptions, type IngestLogger } from '../../ingest/http';
import { fetchForecast, normaliseForecast, type NormalisedForecast } from '../../ingest/sources/openMeteo';

export const METEO_SOURCE: MeteoSource = {
  nom: 'Open-Meteo',
  attribution: METEO_ATTRIBUTION,
  url: METEO_SOURCE_URL,
};

/** A person is waiting: short timeout, one quick retry. Tests may shorten it. */
export const meteoHttp: Pick<HttpOptions, 'timeoutMs' | 'retries' | 'backoffMs'> = {
  timeoutMs: 5_000,
  retries: 1,
  backoffMs: 300,
};

export const METEO_TTL_MS = 30 * 60_000;
/** How long a failure is remembered (a refusal for quota longer). */
const FAILURE_TTL_MS = 60_000;
const QUOTA_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 5_000;

type Raison = MeteoIndisponible['raison'];

const MESSAGES: Record<Raison, string> = {
  injoignable:
    'La météo est momentanément indisponible : le service Open-Meteo ne répond pas. Réessayez dans quelques minutes.',
  quota:
    "La météo est momentanément indisponible : le nombre de demandes autorisées auprès d'Open-Meteo est atteint. Réessayez plus tard.",
  reponse_invalide:
    "La météo est momentanément indisponible : la réponse d'Open-Meteo n'a pas pu être lue. Réessayez plus tard.",
};

type Outcome = { ok: true; data: NormalisedForecast; fetchedAt: number } | { ok: false; raison: Raison };

interface Entry {
  outcome: Outcome;
  expires: number;
}

export function roundCoord(v: number): number {
  return Math.round(v * 100) / 100;
}

function raisonOf(err: unknown): Raison {
  if (err instanceof UpstreamError) {
    if (err.status === 429) return 'quota';
    if (err.kind === 'json' || err.kind === 'schema') return 'reponse_invalide';
  }
  return 'injoignable';
}

export class MeteoService {
  private readonly cache = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<Outcome>>();

  constructor(
    private readonly baseUrl: string,
    private readonly now: () => number,
    private readonly log?: IngestLogger,
  ) {}

  private async load(lat: number, lon: number): Promise<Outcome> {
    const key = `${lat.toFixed(2)},${lon.toFixed(2)}`;
    const hit = this.cache.get(key);
    if (hit && hit.expires > this.now()) return hit.outcome;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const p = (async (): Promise<Outcome> => {
      let outcome: Outcome;
      let ttl: number;
      try {
        const payload = await fetchForecast(lat, lon, { ...meteoHttp, baseUrl: this.baseUrl, log: this.log });
        outcome = { ok: true, data: normaliseForecast(payload), fetchedAt: this.now() };
        ttl = METEO_TTL_MS;
      } catch (err) {
        const raison = raisonOf(err);
        this.log?.warn(
          { key, raison, err: err instanceof Error ? err.message : String(err) },
          'Météo indisponible',
        );
        outcome = { ok: false, raison };
        ttl = raison === 'quota' ? QUOTA_TTL_MS : FAILURE_TTL_MS;
      }
      if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(key, { outcome, expires: this.now() + ttl });
      return outcome;
    })().finally(() => this.inflight.delete(key));
    this.inflight.set(key, p);
    return p;
  }

  async forPlace(lieu: { id: number; lat_gps: number; lon_gps: number }): Promise<MeteoLieuResponse> {
    const outcome = await this.load(roundCoord(lieu.lat_gps), roundCoord(lieu.lon_gps));
    if (!outcome.ok) {
      return {
        etat: 'indisponible',
        lieu_id: lieu.id,
        source: METEO_SOURCE,
        raison: outcome.raison,
        message: MESSAGES[outcome.raison],
      };
    }
    return {
      etat: 'disponible',
      lieu_id: lieu.id,
      source: METEO_SOURCE,
      mise_a_jour: outcome.fetchedAt,
      ...outcome.data,
    };
  }
}
