/**
 * An alert on a live crossing, end to end (docs/decisions/055–058, 134, 136): the real server in its own process
 * with `npm start`'s default configuration, only its base URLs pointed at the recorded upstream, whose Garonne
 * recording is shifted so that Toulouse passes 3.00 m 75 s after it starts. A person registers, confirms
 * through the mailed link, follows Toulouse with a rule « above 3.00 m » — all over HTTP, as the web app does —; the
 * crossing arrives live and one e-mail lands in the outbox, saying the value the upstream served. Then a value of
 * 100 m is served: it is set aside and nobody is alerted. SQLite.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, TEST_DB } from '../../test/helpers';
import { browserClient, startLiveServer, until, type LiveServer } from '../../test/live-server';
import { startRecordedUpstream, type RecordedUpstream } from '../../../../test-support/upstream';

const TOULOUSE = 'O200004001';
const CROSSING = '2022-01-10T10:45:00Z';
const PASSWORD = 'Truite-Vague-42-Saumon';
const EMAIL = 'camille.live@exemple.fr';

let up: RecordedUpstream;
let server: LiveServer;

describe.skipIf(TEST_DB !== 'sqlite')('an alert on a live crossing (SQLite)', () => {
  beforeAll(async () => {
    up = await startRecordedUpstream({ anchor: { original: CROSSING, afterStartMs: 75_000 } });
    server = await startLiveServer({ up });
    await until(async () => (await server.health())?.ingestion.mode === 'live', 30_000, 'direct');
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
    await up?.close();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('registered and following Toulouse above 3.00 m, the person gets one e-mail when the water crosses it live', async () => {
    const http = browserClient(server.url);
    const reg = await http.post('/api/registration/rest/', {
      username: 'camille_live',
      email: EMAIL,
      password1: PASSWORD,
      password2: PASSWORD,
    });
    expect(reg.status).toBe(201);
    const mail = await until(
      async () => readOutbox(server.dataDir).find((m) => m.to.includes(EMAIL) && /Confirmez/.test(m.subject)),
      10_000,
    );
    const link = /https?:\/\/\S+\/user\/register\/([^\s"<>]+)/.exec(mail.raw)?.[1];
    expect(link).toBeDefined();
    expect(
      (await http.post('/api/registration/rest/verify-email/', { key: decodeURIComponent(link ?? '') }))
        .status,
    ).toBe(200);
    const login = await http.post('/api/auth/rest/login/', { username: 'camille_live', password: PASSWORD });
    expect(login.status).toBe(200);
    http.signedIn((login.json as { token: string }).token);
    const lieu = (
      await server.db.db
        .selectFrom('lieu')
        .select('id')
        .where('code_station', '=', TOULOUSE)
        .executeTakeFirstOrThrow()
    ).id;
    const regles = await http.post(`/api/user/alertes/lieu/${lieu}`, {
      regles: [{ type: 'au_dessus', grandeur: 'H', seuil: 3 }],
    });
    expect(regles.status).toBe(201);

    // Before the crossing, the readings stored are all below 3 m: nothing is sent.
    const crossingAt = up.shift.toUpstream(Date.parse(CROSSING));
    expect(crossingAt).toBeGreaterThan(Date.now());
    const alerts = () =>
      readOutbox(server.dataDir).filter((m) => m.to.includes(EMAIL) && !/Confirmez/.test(m.subject));
    expect(alerts()).toEqual([]);

    // The crossing reading arrives upstream; the next run reads it.
    await until(async () => Date.now() > crossingAt + 5_000, 180_000);
    await server.runNow('hubeau-observations');
    const served = up.ledger.observations({ station: TOULOUSE, grandeur: 'H' });
    const first = served.filter((s) => s.ts >= crossingAt).sort((a, b) => a.ts - b.ts)[0];
    expect(first && first.value).toBeGreaterThanOrEqual(3000);
    const sent = await until(async () => alerts()[0], 30_000, 'e-mail d’alerte');
    expect(alerts()).toHaveLength(1);
    const text = sent.raw.replace(/=\r?\n/g, '');
    expect(text).toMatch(/Toulouse/);
    expect(text).toContain(((first?.value ?? 0) / 1000).toFixed(2).replace('.', ','));
    expect(text).toMatch(/3,00\s?m/);

    // A hostile value of 100 m afterwards: set aside, nobody alerted again.
    up.implausible(TOULOUSE, 100_000, { grandeur: 'H', from: Date.now() - 60 * 60_000 });
    await server.runNow('hubeau-observations');
    const aside = await server.db.db
      .selectFrom('valeur_ecartee')
      .innerJoin('capteur', 'capteur.id', 'valeur_ecartee.capteur_id')
      .select('valeur_ecartee.valeur')
      .where('capteur.lieu_id', '=', lieu)
      .execute();
    expect(aside.map((a) => a.valeur)).toContain(100);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(alerts()).toHaveLength(1);
  }, 300_000);
});
