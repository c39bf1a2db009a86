/**
 * What the end-to-end live tests check, on SQLite and PostgreSQL: the faults an upstream throws at the sweep, and
 * after them that every clean row the recorded upstream served (its ledger, in Hub'Eau units) is stored by the
 * server (as a value, or set aside), once, and nothing else is.
 */
import { expect } from 'vitest';
import * as z from 'zod/mini';
import { HealthResponse } from '@limni/shared/contracts/health';
import { JOB_FAILURES_TOLERATED } from '../src/features/health/health.service';
import type { Fault, RecordedUpstream } from '../../../test-support/upstream';
import type { LiveServer } from './live-server';

/** The sweep's requests (no station codes), not the catch-ups'. */
export const SWEEP = { code_entite: null };

/** A transient fault lasts the 4 attempts of one request (it fails, the run fails); the next request succeeds. */
const onSweep = { source: 'hubeau', path: 'observations_tr', query: SWEEP, times: 4 } as const;

/** Each fault an upstream can throw at the sweep, and the code the failed run shows in health. */
const FAULTS: Array<{ fault: Fault; code: string }> = [
  { fault: { ...onSweep, kind: 'status500' }, code: 'http_500' },
  { fault: { ...onSweep, kind: 'status503' }, code: 'http_503' },
  { fault: { ...onSweep, kind: 'truncated' }, code: 'json' },
  { fault: { ...onSweep, kind: 'emptyBody' }, code: 'json' },
  { fault: { ...onSweep, kind: 'html' }, code: 'json' },
  { fault: { ...onSweep, kind: 'renameField', from: 'resultat_obs', to: 'resultat' }, code: 'schema' },
  { fault: { ...onSweep, kind: 'foreignNext' }, code: 'lien_refuse' },
  { fault: { ...onSweep, kind: 'redirect' }, code: 'redirection_refusee' },
];

/**
 * One fault after another on the leader's sweep: each run fails with its code in health, the other host gets
 * nothing, the next run succeeds; empty answers are a warning. The caller then checks served = stored.
 */
export async function expectFaultsLoseNothing(up: RecordedUpstream, server: LiveServer): Promise<void> {
  await server.runNow('hubeau-observations');
  for (const f of FAULTS) {
    const handle = up.fault(f.fault);
    await server.runNow('hubeau-observations');
    const failed = await server.job('hubeau-observations');
    expect(failed?.lastErrorCode, f.fault.kind).toBe(f.code);
    expect(failed?.consecutiveFailures, f.fault.kind).toBeGreaterThan(0);
    handle.clear();
    await server.runNow('hubeau-observations');
    expect((await server.job('hubeau-observations'))?.consecutiveFailures, f.fault.kind).toBe(0);
  }
  expect(up.otherRequests).toEqual([]);
  const empty = up.fault({ source: 'hubeau', path: 'observations_tr', query: SWEEP, kind: 'emptyData' });
  await server.runNow('hubeau-observations');
  expect((await server.job('hubeau-observations'))?.avertissements).toEqual([
    expect.objectContaining({ code: 'reponses_vides' }),
  ]);
  empty.clear();
  await server.runNow('hubeau-observations');
}

/**
 * Hub'Eau failing run after run: the service is `degraded` and says why, yet `?strict=1` — what load balancers probe —
 * answers 200 on every instance, since each one still serves its pages (docs/decisions/134). Then the source is back.
 */
export async function expectStrictHealthWhileSourcesFail(
  up: RecordedUpstream,
  leader: LiveServer,
  instances: LiveServer[],
): Promise<void> {
  // Until cleared: every answer of the sweep has lost a required field (a failure not retried: each run fails at once).
  const failing = up.fault({
    source: 'hubeau',
    path: 'observations_tr',
    query: SWEEP,
    kind: 'renameField',
    from: 'resultat_obs',
    to: 'resultat',
  });
  for (let i = 0; i < JOB_FAILURES_TOLERATED; i++) await leader.runNow('hubeau-observations');
  for (const server of instances) {
    const res = await fetch(`${server.url}/api/health?strict=1`);
    expect(res.status, server.id).toBe(200);
    const body = z.parse(HealthResponse, await res.json());
    expect(body.status, server.id).toBe('degraded');
    expect(
      body.problemes.map((p) => p.code),
      server.id,
    ).toContain('ingestion_hubeau-observations');
  }
  failing.clear();
  await leader.runNow('hubeau-observations');
  expect((await leader.health())?.status).toBe('ok');
}

/** Every clean row the upstream served for a station is stored (a value, or set aside), once; nothing else is. */
export async function expectServedStored(
  up: RecordedUpstream,
  server: LiveServer,
  code: string,
  grandeur: 'H' | 'Q',
): Promise<number> {
  const served = up.ledger.observations({ station: code, grandeur });
  if (served.length === 0) return 0;
  const capteur = await server.db.db
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
      .where('capteur_id', '=', capteur.id)
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
