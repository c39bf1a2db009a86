/**
 * What a seed step is: a function run inside the seed transaction with the built referential. Its own module so
 * that the steps (steps/*) and the loader (seed.ts) both depend on it and never on each other.
 */
import type { Transaction } from 'kysely';
import type { DialectName } from '../db/dialect';
import type { Database } from '../db/schema';
import type { BuiltReferentiel } from './build';

/** Where the seed says what it loaded (the CLI prints it; the server and tests pass nothing). */
export type SeedLog = (msg: string) => void;

export const silentSeedLog: SeedLog = () => {};

export interface SeedContext {
  dialect: DialectName;
  ref: BuiltReferentiel;
  now: number;
  log: SeedLog;
}

export type SeedStep = (trx: Transaction<Database>, ctx: SeedContext) => Promise<void>;
