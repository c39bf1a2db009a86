/**
 * The state of the service for `/api/health` (docs/decisions/105): database, version, period covered by the
 * data, ingestion. A job's last error is published as a French summary and a code, never as its message (which
 * may quote an upstream address or body: that stays in the logs). The service is `degraded` when the database
 * does not answer, or when live ingestion has a job that failed past its tolerance.
 */
import type { HealthResponse, IngestJobStatus } from '@limni/shared/contracts/health';
import type { AppDeps } from '../../deps';
import { pingDb } from '../../db/client';
import { APP_VERSION } from '../../version';
import { dataPeriod, datasetVersion, episodePeriods } from './health.repo';

/** A job's recorded state, as ingestion keeps it (`ingest/jobs/runner.ts`). */
export interface IngestJobState {
  job: string;
  lastSuccess: number | null;
  lastErrorCode: string | null;
  lastErrorAt: number | null;
  consecutiveFailures: number;
  counts: Record<string, number>;
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
];

const CAUSES: Record<string, string> = {
  timeout: 'le service ne répond pas dans le délai',
  network: 'le service est injoignable',
  json: 'la réponse du service est illisible',
  schema: 'la réponse du service a un format inattendu',
  pagination: 'la pagination du service est incohérente',
  lien_refuse: 'un lien de page suivante menait hors de l’adresse configurée : refusé',
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

export function publicJobStatus(s: IngestJobState): IngestJobStatus {
  const failing = s.consecutiveFailures >= JOB_FAILURES_TOLERATED;
  return {
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

export async function healthStatus(
  deps: Pick<AppDeps, 'db' | 'env'>,
  ingestStatus?: IngestStatusProvider,
  ingestLeader?: IngestLeaderProvider,
): Promise<HealthResponse> {
  const ok = await pingDb(deps.db);
  const { debut, fin } = ok ? await dataPeriod(deps.db.db) : { debut: null, fin: null };
  const jeu = ok ? await datasetVersion(deps.db.db) : null;
  const episodes = ok ? await episodePeriods(deps.db.db) : [];
  const jobs = (ok && ingestStatus ? await ingestStatus() : []).map(publicJobStatus);
  const meneuse = ok ? await leaderOf(deps, ingestLeader) : null;
  const problemes: HealthResponse['problemes'] = [];
  if (!ok) problemes.push({ code: 'base_de_donnees', message: 'La base de données ne répond pas.' });
  // Job rows left by an earlier live run do not count while ingestion is off.
  if (deps.env.INGEST === 'live') {
    for (const j of jobs.filter((x) => x.enEchec)) {
      problemes.push({
        code: `ingestion_${j.job}`,
        message: `Ingestion « ${j.job} » en échec depuis ${j.consecutiveFailures} passages : ${j.lastError ?? ''}`,
      });
    }
  }
  return {
    status: problemes.length === 0 ? 'ok' : 'degraded',
    version: APP_VERSION,
    database: { ok, dialect: deps.db.dialect },
    donnees: { debut, fin, jeu },
    episodes,
    ingestion: { mode: deps.env.INGEST, jobs },
    instance: { id: deps.env.INSTANCE_ID, meneuse, estMeneuse: meneuse === deps.env.INSTANCE_ID },
    problemes,
  };
}

/** SQLite: one process per file, the leader when live. PostgreSQL: the holder of the lock, whatever its mode. */
async function leaderOf(
  deps: Pick<AppDeps, 'db' | 'env'>,
  ingestLeader?: IngestLeaderProvider,
): Promise<string | null> {
  if (deps.db.dialect === 'sqlite') return deps.env.INGEST === 'live' ? deps.env.INSTANCE_ID : null;
  return ingestLeader ? ingestLeader() : null;
}
