/**
 * Weather of a place from Open-Meteo (docs/decisions/025, 104), without burning the shared quota:
 * - one upstream request per cell of 0.1° (about 11 km × 7.5 km in France) at most every 30 minutes, kept in the
 *   database (`meteo_cache`) so that every place of the cell and every API instance share it;
 * - concurrent requests for one cell wait for the same call (one in flight per cell and process);
 * - a cell not in the cache costs its asker one event of a per-IP limit (30 per 10 minutes), and one call of a daily
 *   budget shared by every instance (`METEO_DAILY_BUDGET`, counted in `rate_event`);
 * - unreachable, refused, unreadable, budget spent or too many asks: 200 with `indisponible`, a reason and a French
 *   message — a failure is remembered for a while (a refusal for quota longer), never an error page.
 */
import type { Kysely } from 'kysely';
import type { MeteoIndisponible, MeteoLieuResponse, MeteoSource } from '@limni/shared/contracts/meteo';
import { METEO_ATTRIBUTION, METEO_SOURCE_URL } from '@limni/shared/domain/meteo';
import type { Database } from '../../db/schema';
import { notFound, RateLimitError } from '../../http/errors';
import { RateLimiter, reseauClient, type LimitPolicy } from '../../http/limiter';
import { UpstreamError, type HttpOptions, type IngestLogger } from '../../ingest/http';
import { fetchMeteo, normaliseMeteo, type NormalisedMeteo } from '../../ingest/sources/open-meteo';
import { deleteCellsExpiredBefore, lieuCoordinates, readCell, writeCell } from './meteo.repo';
import { inconnu } from '../../http/messages';

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
/** Expired cells are deleted a day after their expiry, every this many writes. */
const PURGE_EVERY = 100;
const DAY_MS = 24 * 3600_000;

/** Cells not in the cache one address may ask in 10 minutes (a sweep of every place is 2,000). */
export const METEO_IP_RULE: LimitPolicy = { bucket: 'meteo-ip', max: 30, windowMs: 10 * 60_000 };
/** The daily budget of Open-Meteo requests, all instances together (`max` from METEO_DAILY_BUDGET). */
export const meteoBudgetPolicy = (max: number): LimitPolicy => ({
  bucket: 'meteo-budget',
  max,
  windowMs: DAY_MS,
});
const BUDGET_KEY = 'open-meteo';

type Raison = MeteoIndisponible['raison'];

const MESSAGES: Record<Raison, string> = {
  injoignable:
    'La météo est momentanément indisponible : le service Open-Meteo ne répond pas. Réessayez dans quelques minutes.',
  quota:
    "La météo est momentanément indisponible : le nombre de demandes autorisées auprès d'Open-Meteo est atteint. Réessayez plus tard.",
  reponse_invalide:
    "La météo est momentanément indisponible : la réponse d'Open-Meteo n'a pas pu être lue. Réessayez plus tard.",
  budget:
    'La météo est indisponible pour le reste de la journée : Limni a utilisé toutes ses demandes quotidiennes à Open-Meteo. Réessayez demain.',
  trop_de_demandes:
    'La météo est momentanément indisponible : trop de lieux différents ont été demandés depuis votre connexion. Réessayez dans quelques minutes.',
};

type Outcome = { ok: true; data: NormalisedMeteo; fetchedAt: number } | { ok: false; raison: Raison };

/** 0.1°: neighbouring places share one upstream call (docs/decisions/104). */
export function roundCoord(v: number): number {
  return Math.round(v * 10) / 10;
}

export const cellOf = (lat: number, lon: number) =>
  `${roundCoord(lat).toFixed(1)},${roundCoord(lon).toFixed(1)}`;

function raisonOf(err: unknown): Raison {
  if (err instanceof UpstreamError) {
    if (err.status === 429) return 'quota';
    if (err.kind === 'json' || err.kind === 'schema') return 'reponse_invalide';
  }
  return 'injoignable';
}

export interface MeteoOptions {
  db: Kysely<Database>;
  baseUrl: string;
  now: () => number;
  /** Open-Meteo requests allowed per 24 hours (METEO_DAILY_BUDGET). */
  dailyBudget: number;
  log?: IngestLogger;
}

export class MeteoService {
  private readonly inflight = new Map<string, Promise<Outcome>>();
  private readonly limiter: RateLimiter;
  private writes = 0;

  constructor(private readonly opts: MeteoOptions) {
    this.limiter = new RateLimiter(opts.db, opts.now);
  }

  /** The weather at a place (404 when it does not exist), for a request from `ip`. */
  async forLieu(id: number, ip: string): Promise<MeteoLieuResponse> {
    const lieu = await lieuCoordinates(this.opts.db, id);
    if (!lieu) throw notFound(inconnu('lieu', id));
    const outcome = await this.load(roundCoord(lieu.lat_gps), roundCoord(lieu.lon_gps), ip);
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

  private async load(lat: number, lon: number, ip: string): Promise<Outcome> {
    const cell = cellOf(lat, lon);
    const cached = await readCell(this.opts.db, cell);
    if (cached && cached.expires_at > this.opts.now()) return JSON.parse(cached.outcome) as Outcome;
    const pending = this.inflight.get(cell);
    if (pending) return pending;
    const p = this.refresh(cell, lat, lon, ip).finally(() => this.inflight.delete(cell));
    this.inflight.set(cell, p);
    return p;
  }

  /** Asks Open-Meteo for a cell, within the asker's limit and the daily budget, and stores the outcome. */
  private async refresh(cell: string, lat: number, lon: number, ip: string): Promise<Outcome> {
    const allowed = await this.reserve(ip);
    if (allowed !== true) return { ok: false, raison: allowed };
    let outcome: Outcome;
    let ttl: number;
    let retries = 0;
    try {
      const payload = await fetchMeteo(lat, lon, {
        ...meteoHttp,
        baseUrl: this.opts.baseUrl,
        log: this.opts.log,
        onRetry: () => retries++,
      });
      outcome = { ok: true, data: normaliseMeteo(payload), fetchedAt: this.opts.now() };
      ttl = METEO_TTL_MS;
    } catch (err) {
      const raison = raisonOf(err);
      this.opts.log?.warn(
        { cell, raison, err: err instanceof Error ? err.message : String(err) },
        'Météo indisponible',
      );
      outcome = { ok: false, raison };
      ttl = raison === 'quota' ? QUOTA_TTL_MS : FAILURE_TTL_MS;
    }
    // A retry was one more request to Open-Meteo: it counts too (beyond the budget it simply is not recorded).
    for (let i = 0; i < retries; i++) await this.spendBudget().catch(() => undefined);
    const now = this.opts.now();
    await writeCell(this.opts.db, {
      cell,
      outcome: JSON.stringify(outcome),
      fetched_at: now,
      expires_at: now + ttl,
    });
    if (++this.writes % PURGE_EVERY === 0) await deleteCellsExpiredBefore(this.opts.db, now - DAY_MS);
    return outcome;
  }

  private spendBudget(): Promise<number> {
    return this.limiter.consume(meteoBudgetPolicy(this.opts.dailyBudget), BUDGET_KEY);
  }

  /** One event of the asker's limit, then one call of the daily budget; the reason when either is spent. */
  private async reserve(ip: string): Promise<true | Raison> {
    let ipEvent: number;
    try {
      ipEvent = await this.limiter.consume(METEO_IP_RULE, reseauClient(ip));
    } catch (err) {
      if (err instanceof RateLimitError) return 'trop_de_demandes';
      throw err;
    }
    try {
      await this.spendBudget();
      return true;
    } catch (err) {
      // No call is made: the asker's event is given back.
      await this.limiter.release(ipEvent);
      if (err instanceof RateLimitError) {
        this.opts.log?.warn({ budget: this.opts.dailyBudget }, 'Budget quotidien Open-Meteo épuisé');
        return 'budget';
      }
      throw err;
    }
  }
}
