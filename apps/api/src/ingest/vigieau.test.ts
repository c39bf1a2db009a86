/**
 * VigiEau drought orders (docs/decisions/155) against a local server on 127.0.0.1: the recorded answers (July 2023
 * in the earlier shape, the service's documented example in the current one), « no order » and « not covered »
 * 404s, and faults (500, 429, malformed JSON, a hang, a renamed field). A failing run keeps every stored answer.
 * SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readSeedJson } from '../seed/files';
import { dansEmprise, FICHIER_SECHERESSE, type SecheresseEnregistree } from '../seed/secheresse-enregistree';
import { createTestApp, type TestContext } from '../../test/helpers';
import { fixtureJson, startUpstream, type Upstream, type UpstreamReply } from '../../test/upstream';
import { IngestEvents } from './events';
import { silentLogger, UpstreamError } from './http';
import { runJob } from './jobs/runner';
import { vigieauRestrictionsJob } from './jobs/vigieau-restrictions';
import { zoneSecheresseAt } from './sources/vigieau';

type Json = Record<string, unknown>;
const REC = readSeedJson<SecheresseEnregistree>(FICHIER_SECHERESSE);
const EURE = REC.reponse as Json & { usages: Json[]; arrete: Json };
const ORB = fixtureJson<Json & { usages: Json[]; arrete: Json }>('vigieau/zones_orb_34_2024-04.json');
const AUCUNE = { message: 'Aucune zone d’alerte en vigueur pour la requête donnée', statusCode: 404 };
const NON_COUVERT = { message: 'Les données pour ce département ne sont pas disponibles', statusCode: 404 };

let ctx: TestContext;
let up: Upstream;
let reply: (lon: number, lat: number) => UpstreamReply;
const clock = Date.parse('2026-11-20T14:20:00Z');

beforeAll(async () => {
  ctx = await createTestApp();
  up = await startUpstream((req) => reply(Number(req.query.get('lon')), Number(req.query.get('lat'))));
});
afterAll(async () => {
  await up.close();
  await ctx.close();
});
beforeEach(() => {
  up.requests.length = 0;
  reply = (lon, lat) =>
    dansEmprise(REC.emprise_demo, lon, lat) ? { body: [EURE] } : { status: 404, body: AUCUNE };
});

const opts = () => ({ baseUrl: `${up.origin}/api`, timeoutMs: 300, retries: 1, backoffMs: 5 });
const [CX, CY] = REC.emprise_demo.centre;

describe('the VigiEau client', () => {
  it('reads the recorded answer of July 2023 (earlier shape) as the zone, its order and usages', async () => {
    const r = await zoneSecheresseAt(CX, CY, opts());
    expect(r.etat).toBe('zone');
    if (r.etat !== 'zone') return;
    expect(up.requests[0]?.path).toBe('/api/zones');
    expect(r.zone.id).toBe(EURE.idZone);
    expect(r.zone.nom).toBe(EURE.nom);
    expect(r.zone.niveau).toBe(String(EURE.niveauAlerte).toLowerCase());
    expect(r.zone.arrete).toEqual({
      debut: EURE.arrete.dateDebutValidite,
      fin: EURE.arrete.dateFinValidite,
      pdf: EURE.arrete.cheminFichier,
      pdf_cadre: EURE.arrete.cheminFichierArreteCadre,
    });
    expect(r.zone.usages.map((u) => u.nom)).toEqual(EURE.usages.map((u) => String(u.usage).trim()));
    const horaire = EURE.usages.findIndex((u) => u.heureDebut);
    expect(r.zone.usages[horaire]).toMatchObject({
      heure_debut: EURE.usages[horaire]?.heureDebut,
      heure_fin: EURE.usages[horaire]?.heureFin,
      restriction: EURE.usages[horaire]?.niveauRestriction,
    });
  });

  it('reads the documented answer in the current shape, one zone object or a list', async () => {
    for (const body of [ORB, [{ ...ORB, type: 'SOU', id: 1 }, ORB]]) {
      reply = () => ({ body });
      const r = await zoneSecheresseAt(3.16265, 43.37829, opts());
      expect(r.etat).toBe('zone');
      if (r.etat !== 'zone') return;
      expect(r.zone.id).toBe(String(ORB.id));
      expect(r.zone.type).toBe('SUP');
      expect(r.zone.niveau).toBe(ORB.niveauGravite);
      expect(r.zone.usages.map((u) => u.details)).toEqual(
        ORB.usages.map((u) => String(u.description).replace(/\s+/g, ' ').trim()),
      );
    }
  });

  it('no order in force, a département not covered, an empty list and ground water only are told apart', async () => {
    reply = () => ({ status: 404, body: AUCUNE });
    expect(await zoneSecheresseAt(1, 45, opts())).toEqual({ etat: 'aucune' });
    reply = () => ({ status: 404, body: NON_COUVERT });
    expect(await zoneSecheresseAt(1, 45, opts())).toEqual({ etat: 'non_couvert' });
    reply = () => ({ body: [] });
    expect(await zoneSecheresseAt(1, 45, opts())).toEqual({ etat: 'aucune' });
    reply = () => ({ body: [{ ...ORB, type: 'SOU' }] });
    expect(await zoneSecheresseAt(1, 45, opts())).toEqual({ etat: 'aucune' });
  });

  it('faults are errors of their kind: 500 and 429 (retried), malformed JSON, a hang, a renamed field', async () => {
    const kindOf = async (r: UpstreamReply) => {
      reply = () => r;
      up.requests.length = 0;
      try {
        await zoneSecheresseAt(CX, CY, opts());
        return 'aucune erreur';
      } catch (err) {
        return err instanceof UpstreamError
          ? `${err.kind}:${err.status ?? ''}:${up.requests.length}`
          : String(err);
      }
    };
    expect(await kindOf({ status: 500, body: { message: 'Un problème avec les données' } })).toBe(
      'http:500:2',
    );
    expect(await kindOf({ status: 429, body: {}, headers: { 'retry-after': '0' } })).toBe('http:429:2');
    expect(await kindOf({ body: '[{"idZone": "11083", ' })).toBe('json:200:2');
    expect(await kindOf({ body: [EURE], delayMs: 1_000 })).toBe('timeout::2');
    const { niveauAlerte, ...renamed } = EURE;
    expect(await kindOf({ body: [{ ...renamed, gravite: niveauAlerte }] })).toBe('schema::1');
  });

  it('refuses a redirect to another host', async () => {
    reply = () => ({ status: 302, headers: { location: 'http://example.org/api/zones' } });
    await expect(zoneSecheresseAt(CX, CY, opts())).rejects.toMatchObject({ kind: 'redirection_refusee' });
  });
});

describe('the daily job', () => {
  const run = (maxFailuresInRow?: number) =>
    runJob(vigieauRestrictionsJob({ baseUrl: `${up.origin}/api`, perMinute: Infinity, maxFailuresInRow }), {
      db: ctx.db.db,
      events: new IngestEvents(),
      now: () => clock,
      log: silentLogger,
      http: { timeoutMs: 300, retries: 0, backoffMs: 5 },
    });
  const rows = () => ctx.db.db.selectFrom('lieu_secheresse').selectAll().orderBy('lieu_id').execute();
  const lieux = () => ctx.db.db.selectFrom('lieu').select(['id', 'lat_gps', 'lon_gps', 'episode']).execute();

  it('a failing VigiEau (500, renamed field, hang) stops the run and every stored answer stays', async () => {
    const before = await rows();
    expect(before.length).toBeGreaterThan(0);
    const { niveauAlerte, ...renamed } = EURE;
    for (const r of [
      { status: 500, body: {} },
      { body: [{ ...renamed, gravite: niveauAlerte }] },
      { body: [EURE], delayMs: 1_000 },
    ] satisfies UpstreamReply[]) {
      reply = () => r;
      const out = await run(3);
      expect(out.ok).toBe(false);
      expect(await rows()).toEqual(before);
    }
  });

  it('asks about every place of the catalogue and replaces the recorded answers with live ones', async () => {
    const all = (await lieux()).filter((l) => l.episode === null);
    const inside = all.filter((l) => dansEmprise(REC.emprise_demo, l.lon_gps, l.lat_gps)).map((l) => l.id);
    expect(inside.length).toBeGreaterThan(0);
    const out = await run();
    expect(out.ok).toBe(true);
    expect(out.counts).toMatchObject({
      lieux: all.length,
      zone: inside.length,
      aucune: all.length - inside.length,
    });
    const after = (await rows()).filter((r) => all.some((l) => l.id === r.lieu_id));
    expect(after.every((r) => r.origine === null && Number(r.lu_le) === clock)).toBe(true);
    expect(after.filter((r) => r.etat === 'zone').map((r) => r.lieu_id)).toEqual(
      inside.sort((a, b) => a - b),
    );
    // Read again within the day: nobody is asked twice.
    up.requests.length = 0;
    expect((await run()).counts.lieux).toBe(0);
    expect(up.requests).toHaveLength(0);
  });
});
