/**
 * Weather of a place from Open-Meteo (docs/decisions/025, 104), without burning the shared quota:
 * - one upstream request per cell of 0.1° (about 11 km × 7.5 km in France) at most every 30 minutes, kept in the
 *   database (`meteo_cache`) so that every place of the cell and every API instance share it;
 * - concurrent requests for one cell wait for the same call (one in flight per cell and process);
 * - a cell not in the cache costs its asker one event of a per-IP limit (30 per 10 minutes), and one call of a daily
 *   budget shared by every instance (`METEO_DAILY_BUDGET`, counted in `rate_event`);
 * - one network (IPv4 /24, IPv6 /48) spends at most a small share of that budget, and its last part is kept for the
 *   networks that have asked little today (docs/decisions/161): many addresses together cannot spend it all;
 * - unreachable, refused, unreadable, budget spent or too many asks: 200 with `indisponible`, a reason and a French
 *   message — a failure is remembered for a while (a refusal for quota longer), never an error page.
 */
import type { Kysely } from 'kysely';
import type { MeteoIndisponible, MeteoLieuResponse, MeteoSource } from '@limni/shared/contracts/meteo';
import { METEO_ATTRIBUTION, METEO_SOURCE_URL } from '@limni/shared/domain/meteo';
import type { Database } from '../../db/schema';
import { notFound, RateLimitError } from '../../http/errors';
import { RateLimiter, reseauClient, reseauLarge, type LimitPolicy } from '../../http/limiter';
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

/**
 * Shares of the daily budget (docs/decisions/161). One network (`reseauLarge`: an IPv4 /24, an IPv6 /48) spends at
 * most METEO_PART_RESEAU of the budget in 24 hours. The last METEO_RESERVE of the budget is the reserve: once the
 * calls of the day reach it, only a network that has made at most METEO_RESERVE_PAR_RESEAU calls in 24 hours
 * (this one included) gets a new cell. Cells in the cache are served whatever the budget.
 */
export const METEO_PART_RESEAU = 0.02;
export const METEO_RESERVE = 0.4;
export const METEO_RESERVE_PAR_RESEAU = 4;

export interface MeteoBudgetParts {
  /** The whole daily budget (METEO_DAILY_BUDGET). */
  total: number;
  /** Calls one network may make in 24 hours. */
  parReseau: number;
  /** Calls anyone may make before the reserve. */
  ouvert: number;
  /** The calls kept for networks that have asked little. */
  reserve: number;
}

export function meteoBudgetParts(total: number): MeteoBudgetParts {
  const reserve = Math.floor(total * METEO_RESERVE);
  return {
    total,
    parReseau: Math.max(1, Math.floor(total * METEO_PART_RESEAU)),
    ouvert: total - reserve,
    reserve,
  };
}

/**
 * The most that clients in `networks` networks can spend of a day's budget, however they order their asks: no more
 * than their shares, nor than the open part plus what each network may take from the reserve; and the part of the
 * reserve they cannot take, left to everyone else even when the open part is spent.
 */
export function meteoPireCas(
  total: number,
  networks: number,
): { depense: number; reste: number; resteReserve: number } {
  const p = meteoBudgetParts(total);
  const dansReserve = networks * METEO_RESERVE_PAR_RESEAU;
  const depense = Math.min(total, networks * p.parReseau, p.ouvert + dansReserve);
  return { depense, reste: total - depense, resteReserve: Math.max(0, p.reserve - dansReserve) };
}

/** A network past the reserve's allowance asked while the budget is in its reserve. */
class ReserveRefusal extends Error {}

/** The calls of one network in 24 hours (`max`: its share). */
export const meteoReseauPolicy = (max: number): LimitPolicy => ({
  bucket: 'meteo-reseau',
  max,
  windowMs: DAY_MS,
});

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
  reseau:
    "La météo est momentanément indisponible : beaucoup de lieux ont déjà été demandés aujourd'hui depuis votre réseau. Les lieux consultés récemment restent affichés ; réessayez plus tard.",
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
  private readonly parts: MeteoBudgetParts;
  private writes = 0;

  constructor(private readonly opts: MeteoOptions) {
    this.limiter = new RateLimiter(opts.db, opts.now);
    this.parts = meteoBudgetParts(opts.dailyBudget);
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
    // A retry was one more request to Open-Meteo: it counts too, in the budget and in the asker's network's share
    // (beyond either it simply is not recorded).
    for (let i = 0; i < retries; i++) {
      await this.spendBudget().catch(() => undefined);
      await this.limiter.consume(this.reseauPolicy(), reseauLarge(ip)).catch(() => undefined);
    }
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

  private spendBudget(): Promise<{ id: number; count: number }> {
    return this.limiter.take(meteoBudgetPolicy(this.opts.dailyBudget), BUDGET_KEY);
  }

  private reseauPolicy(): LimitPolicy {
    return meteoReseauPolicy(this.parts.parReseau);
  }

  /**
   * One event of the asker's limit, one of its network's share, then one call of the daily budget — within its
   * open part, or in the reserve for a network that has asked little; the reason when one of them says no. Events
   * are recorded before they are counted (`RateLimiter.take`), so concurrent asks cannot slip past together.
   */
  private async reserve(ip: string): Promise<true | Raison> {
    const reseau = reseauLarge(ip);
    const taken: number[] = [];
    // The limit that says no names the reason.
    let stage: Raison = 'trop_de_demandes';
    try {
      taken.push(await this.limiter.consume(METEO_IP_RULE, reseauClient(ip)));
      stage = 'reseau';
      const share = await this.limiter.take(this.reseauPolicy(), reseau);
      taken.push(share.id);
      stage = 'budget';
      const call = await this.spendBudget();
      taken.push(call.id);
      // In the reserve, only a network that has asked little today gets a new cell.
      if (call.count > this.parts.ouvert && share.count > METEO_RESERVE_PAR_RESEAU) {
        throw new ReserveRefusal();
      }
      return true;
    } catch (err) {
      // No call is made: the events already taken are given back.
      for (const id of taken) await this.limiter.release(id);
      if (err instanceof ReserveRefusal) return 'reseau';
      if (!(err instanceof RateLimitError)) throw err;
      if (stage === 'budget') {
        this.opts.log?.warn({ budget: this.opts.dailyBudget }, 'Budget quotidien Open-Meteo épuisé');
      } else if (stage === 'reseau') {
        this.opts.log?.info(
          { reseau, part: this.parts.parReseau },
          'Part du budget Open-Meteo du réseau épuisée',
        );
      }
      return stage;
    }
  }
}
