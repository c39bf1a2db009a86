/**
 * The only reader of `process.env` in the API. Every variable is parsed with Zod once at start-up;
 * when something is wrong, every problem is listed and the process stops before listening.
 */
import net from 'node:net';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { fr } from 'zod/locales';

z.config(fr());

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** proxy-addr's named ranges, accepted in a TRUST_PROXY list as Fastify accepts them. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(item: string): boolean {
  if (PROXY_RANGE_NAMES.has(item)) return true;
  const [address = '', prefix, extra] = item.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies are believed for the client address (docs/decisions/102), with Fastify's `trustProxy` semantics:
 * unset or `false`/`0` = none (the socket address is the client); a number = that many proxy hops in front of the
 * app; a comma-separated list of addresses or CIDR ranges = those proxies only. `true` (believe every
 * X-Forwarded-For entry, so the one the client writes) is refused.
 */
export type TrustProxy = false | number | string[];

const trustProxy = z.string().transform((raw, ctx): TrustProxy => {
  const v = raw.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(v)) return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  if (['true', 'yes', 'on'].includes(v)) {
    ctx.addIssue({
      code: 'custom',
      message:
        "« true » croirait l'adresse que le client écrit lui-même dans X-Forwarded-For : indiquez le nombre de proxys devant Limni (ex. 1) ou leurs adresses (ex. 10.0.0.2,192.168.0.0/16)",
    });
    return z.NEVER;
  }
  const items = raw
    .split(',')
    .map((i) => i.trim())
    .filter(Boolean);
  const wrong = items.filter((i) => !isAddressOrRange(i));
  if (items.length === 0 || wrong.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `nombre de proxys ou liste d'adresses IP / CIDR attendue (invalide : ${wrong.join(', ') || raw})`,
    });
    return z.NEVER;
  }
  return items;
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL doit commencer par postgres:// (ou être absente pour SQLite)')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET doit faire au moins 32 caractères').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL doit commencer par smtp:// ou smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Limni <ne-pas-repondre@limni.example>'),
  CONTACT_TO: z.email().default('contact@limni.example'),
  /**
   * Live or demo (docs/decisions/134): unset = `auto` (probe the sources at start, live when they answer, the demo
   * dataset with the reason when they do not, probed again until they answer); `live` or `off` force either.
   */
  INGEST: z.enum(['auto', 'off', 'live']).default('auto'),
  /**
   * How often an instance that is not the ingestion leader tries to become it, in seconds (docs/decisions/121): a
   * dead leader's jobs resume on another instance within this time (plus PostgreSQL noticing the lost session).
   */
  INGEST_LEADER_RETRY_S: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * Name of this instance in `/api/health` and in PostgreSQL's `application_name` (docs/decisions/121); by default
   * `host:port:pid`. Printable ASCII, at most 63 characters (PostgreSQL's limit).
   */
  INSTANCE_ID: z
    .string()
    .regex(/^[\x20-\x7e]{1,63}$/, 'au plus 63 caractères ASCII imprimables')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  /** Swagger UI at /api/docs: on outside production, off in production unless `public` (docs/decisions/101). */
  API_DOCS: z.enum(['public', 'off']).optional(),
  /** Open-Meteo requests allowed per 24 h, all instances together (docs/decisions/104). */
  METEO_DAILY_BUDGET: z.coerce.number().int().min(0).max(1_000_000).default(5_000),
  TILE_URL: z.url().optional(),
  WEB_DIST: z.string().optional(),
  /**
   * Pace of Hub'Eau's long reads in live mode — the obs_elab backfill and the 29-day first read of a station — in
   * requests a minute (docs/decisions/091, 092). Default 60 (one a second), a tenth of the capacity Hub'Eau mentions.
   */
  HUBEAU_BACKFILL_PER_MINUTE: z.coerce.number().int().min(1).max(600).default(60),
  HUBEAU_BASE_URL: z.url().default('https://hubeau.eaufrance.fr/api/v2/hydrometrie'),
  VIGICRUES_BASE_URL: z.url().default('https://www.vigicrues.gouv.fr/services'),
  OPEN_METEO_BASE_URL: z.url().default('https://api.open-meteo.com/v1'),
  VIGIEAU_BASE_URL: z.url().default('https://api.vigieau.gouv.fr/api'),
  /** Legal notice (`/legal/terms/update`, ADR 061): who publishes and hosts the site; required in production. */
  EDITEUR: z.string().max(500).optional(),
  DIRECTEUR_PUBLICATION: z.string().max(200).optional(),
  HEBERGEUR: z.string().max(500).optional(),
  /** The e-mail provider named in the privacy notice (optional). */
  PRESTATAIRE_EMAIL: z.string().max(200).optional(),
  /** Tests only: accept Web Push endpoints on 127.0.0.1 / localhost (a local push service); refused in production. */
  PUSH_LOCAL_ENDPOINTS: booleanish.default(false),
});

export type RawEnv = z.output<typeof EnvSchema>;

export interface Env extends Omit<RawEnv, 'PUBLIC_URL' | 'DATA_DIR' | 'API_DOCS' | 'INSTANCE_ID'> {
  /** This instance's name (`INSTANCE_ID`, by default `host:port:pid`). */
  INSTANCE_ID: string;
  /** Whether Swagger UI is served (`API_DOCS`, by default everywhere but in production). */
  API_DOCS: 'public' | 'off';
  /** Absolute path of the data directory (database file, secrets, outbox, uploads). */
  DATA_DIR: string;
  /** Public base URL used in e-mails and links, without a trailing slash. */
  PUBLIC_URL: string;
  /** True when `DATABASE_URL` is unset: the embedded SQLite file in `DATA_DIR` is used. */
  isSqlite: boolean;
}

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuration invalide :\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment (by default `process.env`); throws an `EnvError` listing every problem. */
export function loadEnv(source: Record<string, string | undefined> = process.env, cwd = process.cwd()): Env {
  // Empty strings (as in a copied .env.example) mean "unset".
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''),
  ) as Record<string, string>;
  const parsed = EnvSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.') || '(racine)'} : ${i.message}`);
  if (cleaned.NODE_ENV === 'production' && !cleaned.JWT_SECRET) {
    problems.push('JWT_SECRET : JWT_SECRET est obligatoire en production');
  }
  if (cleaned.NODE_ENV === 'production') {
    // A site published in France must name its publisher, publication director and host (LCEN, art. 6).
    for (const key of ['EDITEUR', 'DIRECTEUR_PUBLICATION', 'HEBERGEUR'] as const) {
      if (!cleaned[key]) problems.push(`${key} : obligatoire en production (mentions légales)`);
    }
  }
  if (cleaned.NODE_ENV === 'production' && parsed.success && parsed.data.PUSH_LOCAL_ENDPOINTS) {
    problems.push('PUSH_LOCAL_ENDPOINTS : réservé aux tests, interdit en production');
  }
  if (!parsed.success || problems.length > 0) throw new EnvError(problems);
  const raw = parsed.data;
  const dataDir = path.resolve(cwd, raw.DATA_DIR);
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    ...raw,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    API_DOCS: raw.API_DOCS ?? (raw.NODE_ENV === 'production' ? 'off' : 'public'),
    isSqlite: raw.DATABASE_URL === undefined,
    // In production `/api/health` is public: an unnamed instance is named without its host, port and pid.
    INSTANCE_ID:
      raw.INSTANCE_ID ??
      (raw.NODE_ENV === 'production'
        ? opaqueInstanceId(defaultInstanceId(raw.PORT))
        : defaultInstanceId(raw.PORT)),
  });
}

/** `instance-` and 8 hex digits of a hash of `host:port:pid`: stable for a process, distinct between processes. */
export function opaqueInstanceId(hostPortPid: string): string {
  return `instance-${crypto.createHash('sha256').update(hostPortPid).digest('hex').slice(0, 8)}`;
}

/** `host:port:pid`, cut to PostgreSQL's 63 characters (from the host's end: port and pid tell instances apart). */
export function defaultInstanceId(port: number, host = os.hostname(), pid = process.pid): string {
  const tail = `:${port}:${pid}`;
  return `${host.replace(/[^\x20-\x7e]/g, '?').slice(0, 63 - tail.length)}${tail}`;
}
