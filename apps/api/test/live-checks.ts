/**
 * What the end-to-end live tests check after faults: every clean row the recorded upstream served (its ledger, in
 * Hub'Eau units) is stored by the server (as a value, or set aside), once, and nothing else is.
 */
import { expect } from 'vitest';
import type { RecordedUpstream } from '../../../test-support/upstream';
import type { LiveServer } from './live-server';

/** Every clean row the upstream served for a station is stored (a value, or set aside), once; nothing else is. */
export async function expectServedStored(
  up: RecordedUpstream,
  server: LiveServer,
  code: string,
  grandeur: 'H' | 'Q',
): Promise<number> {
  const served = up.ledger.observations({ station: code, grandeur });
  if (served.length === 0) return 0;
  const sensor = await server.db.db
    .selectFrom('capteur')
    .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
    .select('capteur.id')
    .where('lieu.code_station', '=', code)
    .where('capteur.grandeur', '=', grandeur)
    .executeTakeFirstOrThrow();
  const from = Math.min(...served.map((s) => s.ts));
  const to = Math.max(...served.map((s) => s.ts));
  const rows = async (table: 'observation' | 'valeur_ecartee') =>
    server.db.db
      .selectFrom(table)
      .select(['ts', 'valeur'])
      .where('capteur_id', '=', sensor.id)
      .where('ts', '>=', from)
      .where('ts', '<=', to)
      .execute();
  const kept = new Map((await rows('observation')).map((r) => [Number(r.ts), r.valeur]));
  const aside = new Map((await rows('valeur_ecartee')).map((r) => [Number(r.ts), r.valeur]));
  const missing = served.filter(
    (s) => kept.get(s.ts) !== s.value / 1000 && aside.get(s.ts) !== s.value / 1000,
  );
  expect(missing, `${code} ${grandeur} : servies mais absentes`).toEqual([]);
  expect(kept.size, `${code} ${grandeur} : lignes en trop`).toBe(served.length);
  return served.length;
}

export async function expectEverythingServedStored(
  up: RecordedUpstream,
  server: LiveServer,
): Promise<number> {
  const known = new Set(
    (
      await server.db.db
        .selectFrom('lieu')
        .select('code_station')
        .where('station_mesure_ok', '=', 1)
        .where('code_station', 'is not', null)
        .execute()
    ).map((r) => r.code_station as string),
  );
  let n = 0;
  for (const code of up.stations.serving().filter((c) => known.has(c))) {
    n +=
      (await expectServedStored(up, server, code, 'H')) + (await expectServedStored(up, server, code, 'Q'));
  }
  return n;
}
