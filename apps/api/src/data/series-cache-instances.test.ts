/**
 * Series bodies are cached per instance (docs/decisions/013, 121): a write made through instance A reaches the
 * bodies instance B serves within VERSION_TTL_MS (1 s), because B reads the sensors' data version from the shared
 * database (memoised at most that long), not from A's memory. PostgreSQL only: two API instances, two pools, one
 * database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestContext } from '../../test/helpers';
import { ObservationStore } from '../ingest/observation-store';
import { VERSION_TTL_MS } from './series-cache';

describe.skipIf(TEST_DB !== 'postgres')('series cache across instances (PostgreSQL)', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ databaseUrl: a.databaseUrl ?? '' });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a value corrected through A is served by B within the memo bound', async () => {
    const capteur = await a.db.db
      .selectFrom('capteur')
      .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
      .select(['lieu.id as lieuId', 'lieu.code_station', 'capteur.id', 'capteur.grandeur'])
      .where('lieu.code_station', 'is not', null)
      .where('lieu.episode', 'is', null)
      .where('capteur.dernier_ts', 'is not', null)
      .orderBy('capteur.dernier_ts', 'desc')
      .orderBy('capteur.id')
      .executeTakeFirstOrThrow();
    const code = capteur.code_station ?? '';
    const grandeur = capteur.grandeur === 'Q' ? 'Q' : 'H';
    const last = await a.db.db
      .selectFrom('observation')
      .select(['ts', 'valeur'])
      .where('capteur_id', '=', capteur.id)
      .orderBy('ts', 'desc')
      .executeTakeFirstOrThrow();
    const day = new Date(last.ts).toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
    const url = `/api/hydro/lieu/${capteur.lieuId}/d/${day}/1`;
    const first = await b.request({ url });
    expect(first.statusCode).toBe(200);
    expect((await b.request({ url })).headers.etag).toBe(first.headers.etag);

    // A corrects the last reading (same instant, new value) the way ingestion writes.
    const corrected = Math.round((last.valeur + 1.234) * 1000) / 1000;
    const written = Date.now();
    const result = await new ObservationStore(a.db.db, 'hubeau').write([
      { codeStation: code, grandeur, ts: last.ts, valeur: corrected, statut: null, qualification: null },
    ]);
    expect(result.modifiees).toBe(1);

    let seenAfter = Infinity;
    for (;;) {
      const res = await b.request({ url });
      if (res.headers.etag !== first.headers.etag) {
        seenAfter = Date.now() - written;
        expect(res.body).toContain(String(corrected));
        expect(res.body).not.toBe(first.body);
        break;
      }
      if (Date.now() - written > 5_000) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    // The bound of the memo, plus a margin for this loop on a busy machine.
    expect(seenAfter).toBeLessThanOrEqual(VERSION_TTL_MS + 1_000);
  });
});
