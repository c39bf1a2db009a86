/**
 * The state of a replay of recorded data (`npm run replay`, docs/decisions/059), for the web app's banner.
 * Kept apart from the alerts contracts so that the shell imports nothing else.
 */
import * as z from 'zod/mini';
import { EpochMs } from './common';

/** `GET replay`: the replay of recorded data (`npm run replay`), shown as a banner while it runs. */
export const ReplayStatus = z.object({
  en_cours: z.boolean(),
  statut: z.enum(['aucune', 'en_cours', 'termine', 'interrompu', 'echec']),
  /** Window replayed [debut, fin) and speed (simulated seconds per real second). */
  debut: z.nullable(EpochMs),
  fin: z.nullable(EpochMs),
  vitesse: z.nullable(z.number()),
  /** Simulated time reached. */
  temps_simule: z.nullable(EpochMs),
  lectures: z.int(),
  notifications: z.int(),
  maj_at: z.nullable(EpochMs),
});
export type ReplayStatus = z.infer<typeof ReplayStatus>;
