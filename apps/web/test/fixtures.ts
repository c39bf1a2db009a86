/**
 * Recorded answers of the real API (`test/fixtures/*.json`, made by `scripts/record-web-fixtures.ts` from the app
 * on its demo dataset), parsed with the endpoint's contract, so that a fixture that drifted from the API fails here
 * before any test reads it. A test imports the JSON and gets its path and parsed body:
 *
 *   import lieuJson from '../../../test/fixtures/lieu-toulouse.json';
 *   const lieu = fixture(lieuJson, LieuDetail);   // lieu.path, lieu.body
 */
import * as z from 'zod/mini';

export interface Fixture<T> {
  /** The API path the body was recorded from (`/api/…`). */
  path: string;
  body: T;
}

export function fixture<S extends z.ZodMiniType>(
  raw: { path: string; body: unknown },
  schema: S,
): Fixture<z.output<S>> {
  return { path: raw.path, body: z.parse(schema, raw.body) };
}
