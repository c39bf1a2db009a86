/**
 * The state of the service for `/api/health` (docs/decisions/105, 134): database, version, period covered by the
 * data, live or demo mode and why, ingestion jobs, and each source as an operator sees it. A job's last error is
 * published as a French summary and a code, never as its message (which may quote an upstream address or body: that
 * stays in the logs). The service is `degraded` when the database does not answer, or, live, when a job failed
 * past its tolerance, a run outlasts its budget, or Hub'Eau brought no reading for an hour.
 */
import type { HealthResponse, HealthSource, IngestJobStatus } from '@limni/shared/contracts/health';
import { HOUR_MS } from '@limni/shared/domain/time';
import type { AppDeps } from '../../deps';
import { serviceModeOf, type ServiceModeState } from '../../data/service-mode';
import { replayInstant } from '../../data/observations';
import { pingDb } from '../../db/client';
import { APP_VERSION } from '../../version';
import {
  dataPeriod,
  datasetVersion,
  episodePeriods,
  leaseHolder,
  meteoOutcomes,
  observationsSince,
  stationsBehind,
} from './health.repo';

/** A job's recorded state, as ingestion keeps it (`ingest/jobs/runner.ts`). */
export interface IngestJobState {
  job: string;
  lastSuccess: number | null;
  lastErrorCode: string | null;
  lastErrorAt: number | null;
  consecutiveFailures: number;
  counts: Record<string, number>;
  runningSince?: number | null;
  warnings?: Array<{ code: string; message: string }>;
  /** How long a run may last before it is reported. */
  budgetMs?: number;
}

/** Ingestion jobs report here (see ingest/); empty when ingestion is off. */
export type IngestStatusProvider = () => Promise<IngestJobState[]>;

/** The `INSTANCE_ID` of the ingestion leader of the database, null when none (see ingest/). */
export type IngestLeaderProvider = () => Promise<string | null>;

/**
 * Failed runs in a row after which a job counts as failing. A failed run is retried after 1, 2 then 4 minutes
 * (docs/decisions/022): three failures in a row is about 7 minutes of a service that does not answer, whatever the
 * job's schedule.
 */
export const JOB_FAILURES_TOLERATED = 3;

const SOURCES: Array<[RegExp, string]> = [
  [/^hubeau/, "Hub'Eau"],
  [/^vigicrues/, 'Vigicrues'],
  [/^open-?meteo/, 'Open-Meteo'],
  [/^vigieau/, 'VigiEau'],
];

const CAUSES: Record<string, string> = {
  timeout: 'le service ne répond pas dans le délai',
  network: 'le service est injoignable',
  json: 'la réponse du service est illisible',
  schema: 'la réponse du service a un format inattendu',
  pagination: 'la pagination du service est incohérente',
  lien_refuse: 'un lien de page suivante menait hors de l’adresse configurée : refusé',
  redirection_refusee: 'une redirection menait hors de l’adresse configurée : refusée, rien n’a été lu',
  pause: 'le service a demandé une pause (Retry-After) : aucune requête avant la fin de la pause',
  bulletin_futur: 'un bulletin daté dans le futur a été refusé',
  aborted: 'arrêt du serveur pendant la tâche',
  interne: 'erreur interne (voir les journaux du serveur)',
};

/** « Hub'Eau : le service a répondu HTTP 503 (2 requêtes sur 42 en échec) ». */
export function errorSummary(job: string, code: string, counts: Record<string, number> = {}): string {
  const source = SOURCES.find(([pattern]) => pattern.test(job))?.[1] ?? job;
  const http = /^http_(\d{3})$/.exec(code)?.[1];
  const cause = http ? `le service a répondu HTTP ${http}` : (CAUSES[code] ?? CAUSES.interne);
  const failed = counts.requetes_en_echec;
  const total = counts.requetes;
  const share =
    failed && total ? ` (${failed} ${failed > 1 ? 'requêtes' : 'requête'} sur ${total} en échec)` : '';
  return `${source} : ${cause}${share}`;
}

/** The last run failed (a success resets the count). */
const lastRunFailed = (s: IngestJobState) => s.consecutiveFailures > 0;

export function publicJobStatus(s: IngestJobState, now = Date.now()): IngestJobStatus {
  const failing = s.consecutiveFailures >= JOB_FAILURES_TOLERATED;
  const running = s.runningSince ?? null;
  return {
    enCoursDepuis: running,
    tropLong: running !== null && s.budgetMs !== undefined && now - running > s.budgetMs,
    avertissements: s.warnings ?? [],
    job: s.job,
    lastSuccess: s.lastSuccess,
    // The counts are the last run's: they tell about the error only when that run is the one that failed.
    lastError: s.lastErrorCode
      ? errorSummary(s.job, s.lastErrorCode, lastRunFailed(s) ? s.counts : {})
      : null,
    lastErrorCode: s.lastErrorCode,
    lastErrorAt: s.lastErrorAt,
    consecutiveFailures: s.consecutiveFailures,
    enEchec: failing,
    counts: s.counts,
  };
}

const SOURCE_NAMES: Array<HealthSource['nom']> = ["Hub'Eau", 'Vigicrues', 'Open-Meteo', 'VigiEau'];
/** A station without a reading for this long is behind. */
export const STATION_BEHIND_MS = 3 * HOUR_MS;

const sourceOf = (job: string) => SOURCES.find(([pattern]) => pattern.test(job))?.[1] ?? null;
const latest = (xs: Array<number | null>) =>
  xs.reduce<number | null>((m, x) => (x !== null && (m === null || x > m) ? x : m), null);

/** Each source from its jobs (and, for Hub'Eau, what the database received), as the « État des sources » page shows. */
async function sourcesOf(
  deps: Pick<AppDeps, 'db'>,
  jobs: IngestJobStatus[],
  live: boolean,
  now: number,
): Promise<HealthSource[]> {
  const db = deps.db.db;
  const [recent, behind, meteo] = await Promise.all([
    observationsSince(db, now - HOUR_MS),
    stationsBehind(db, now - STATION_BEHIND_MS),
    meteoOutcomes(db),
  ]);
  return SOURCE_NAMES.map((nom): HealthSource => {
    const mine = jobs.filter((j) => sourceOf(j.job) === nom);
    const failing = mine.filter((j) => j.consecutiveFailures > 0 && j.lastError);
    const last = failing.sort((a, b) => (b.lastErrorAt ?? 0) - (a.lastErrorAt ?? 0))[0];
    const avertissements = mine.flatMap((j) => j.avertissements ?? []);
    const base = {
      nom,
      derniereReussite: latest(mine.map((j) => j.lastSuccess)),
      derniereErreur: last?.lastError ?? null,
      derniereErreurLe: last?.lastErrorAt ?? null,
      avertissements,
    };
    if (nom === 'Open-Meteo') {
      const erreur = meteo.dernierEchec !== null && (meteo.derniereReussite ?? 0) < meteo.dernierEchec;
      return {
        ...base,
        etat: erreur ? 'en_echec' : 'ok',
        derniereReussite: meteo.derniereReussite,
        derniereErreur: erreur ? 'Open-Meteo : la dernière demande de météo a échoué' : null,
        derniereErreurLe: erreur ? meteo.dernierEchec : null,
      };
    }
    const silent =
      nom === "Hub'Eau" && live && recent.capteurs === 0 && mine.some((j) => j.lastSuccess !== null);
    const etat = !live ? 'inactive' : mine.some((j) => j.enEchec) || silent ? 'en_echec' : 'ok';
    if (nom !== "Hub'Eau") return { ...base, etat };
    return {
      ...base,
      etat,
      observationsDerniereHeure: recent.mesures,
      capteursAJour: recent.capteurs,
      stationsEnRetard: behind.n,
      stationLaPlusAncienne: behind.oldest,
    };
  });
}

/** What makes a live service `degraded`: failing jobs, runs past their budget, a silent Hub'Eau. */
function liveProblems(jobs: IngestJobStatus[], sources: HealthSource[]): HealthResponse['problemes'] {
  const problemes: HealthResponse['problemes'] = [];
  for (const j of jobs.filter((x) => x.enEchec)) {
    problemes.push({
      code: `ingestion_${j.job}`,
      message: `Ingestion « ${j.job} » en échec depuis ${j.consecutiveFailures} passages : ${j.lastError ?? ''}`,
    });
  }
  for (const j of jobs.filter((x) => x.tropLong)) {
    problemes.push({
      code: `ingestion_${j.job}_trop_longue`,
      message: `Ingestion « ${j.job} » en cours depuis ${new Date(j.enCoursDepuis ?? 0).toISOString()}, au-delà de sa durée prévue`,
    });
  }
  const hub = sources.find((x) => x.nom === "Hub'Eau");
  if (hub?.etat === 'en_echec' && hub.capteursAJour === 0 && !jobs.some((j) => j.enEchec)) {
    problemes.push({
      code: 'hubeau_sans_mesure',
      message:
        "Hub'Eau n'a apporté aucune mesure depuis une heure (réponses vides) : les séries seront redemandées",
    });
  }
  return problemes;
}

/**
 * The service's state. `detail` false — what every HTML page carries for its banner and data clock, and what a load
 * balancer probes (`?strict=1`) — leaves out the sources (their queries) and the jobs (their counts), the status
 * still judged from the jobs.
 */
export async function healthStatus(
  deps: Pick<AppDeps, 'db' | 'env' | 'now'> & Pick<Partial<AppDeps>, 'mode'>,
  ingestStatus?: IngestStatusProvider,
  ingestLeader?: IngestLeaderProvider,
  detail = true,
): Promise<HealthResponse> {
  const now = deps.now();
  const ok = await pingDb(deps.db);
  const { debut, fin } = ok ? await dataPeriod(deps.db.db) : { debut: null, fin: null };
  const jeu = ok ? await datasetVersion(deps.db.db) : null;
  const episodes = ok ? await episodePeriods(deps.db.db) : [];
  const mode: ServiceModeState = ok
    ? await serviceModeOf(deps).current()
    : { mode: 'off', raison: null, depuis: null, prochainEssai: null };
  const live = mode.mode === 'live';
  // The main dataset's clock while `npm run replay` writes it (docs/decisions/142).
  const relecture = ok && !live ? await replayInstant(deps.db.db, now, fin) : null;
  const jobs = (ok && ingestStatus ? await ingestStatus() : []).map((j) => publicJobStatus(j, now));
  const meneuse = ok ? await leaderOf(deps, now, ingestLeader) : null;
  const sources = detail && ok && deps.env.INGEST !== 'off' ? await sourcesOf(deps, jobs, live, now) : [];
  const problemes: HealthResponse['problemes'] = [];
  if (!ok) problemes.push({ code: 'base_de_donnees', message: 'La base de données ne répond pas.' });
  // Job rows left by an earlier live run do not count while the service is not live.
  if (live) problemes.push(...liveProblems(jobs, sources));
  return {
    status: problemes.length === 0 ? 'ok' : 'degraded',
    version: APP_VERSION,
    database: { ok, dialect: deps.db.dialect },
    donnees: { debut, fin, jeu, relecture },
    episodes,
    ingestion: { ...mode, jobs: detail ? jobs : [] },
    ...(detail ? { sources } : {}),
    instance: { id: deps.env.INSTANCE_ID, meneuse, estMeneuse: meneuse === deps.env.INSTANCE_ID },
    problemes,
  };
}

/** SQLite: the holder of the lease (ADR 137). PostgreSQL: the holder of the lock, whatever its mode. */
async function leaderOf(
  deps: Pick<AppDeps, 'db' | 'env'>,
  now: number,
  ingestLeader?: IngestLeaderProvider,
): Promise<string | null> {
  if (deps.db.dialect === 'sqlite') return leaseHolder(deps.db.db, now);
  return ingestLeader ? ingestLeader() : null;
}
