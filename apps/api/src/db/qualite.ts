/**
 * The SQL form of `estDouteuse` (packages/shared/src/domain/qualite.ts, docs/decisions/154), for the reads that must
 * skip doubtful readings in the database (the sensor's latest usable reading, the daily roll-up): qualification null
 * or other than `QUALIFICATION_DOUTEUSE`.
 */
import type { ExpressionBuilder } from 'kysely';
import { QUALIFICATION_DOUTEUSE } from '@limni/shared/domain/qualite';
import type { Database } from './schema';

export function nonDouteuse(eb: ExpressionBuilder<Database, 'observation'>) {
  return eb.or([
    eb('observation.qualification', 'is', null),
    eb('observation.qualification', '<>', QUALIFICATION_DOUTEUSE),
  ]);
}
