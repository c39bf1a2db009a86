/**
 * What every feature may use, given by the composition root (`app.ts`, `server.ts`, the CLIs) when routes are
 * registered. Features import this type from here, never from `app.ts`.
 */
import type { Env } from './config/env';
import type { Secrets } from './config/secrets';
import type { ServiceMode } from './data/service-mode';
import type { Db } from './db/client';
import type { IngestEvents } from './ingest/events';
import type { Mailer } from './notify/mail';
import type { PushService } from './notify/push';

export interface AppDeps {
  env: Env;
  db: Db;
  secrets: Secrets;
  /** Current time in epoch ms (tests may pin it). */
  now: () => number;
  /** E-mail transport (SMTP or the outbox in DATA_DIR). */
  mailer: Mailer;
  /**
   * Web Push with the server's VAPID keys (notify/push.ts): `sendToUser` reaches every browser of a user.
   * Optional: `pushFor(deps)` gives this one, or one created on first use for the database.
   */
  push?: PushService;
  /** What ingestion (live or replay) reports after each run: subscribe with `.on(...)` (ingest/events.ts). */
  ingestEvents?: IngestEvents;
  /** Live or demo (data/service-mode.ts); by default read from the database (`serviceModeOf`). */
  mode?: ServiceMode;
}
