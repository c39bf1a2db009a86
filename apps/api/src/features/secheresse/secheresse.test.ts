/**
 * `GET hydro/lieu/{id}/secheresse` on the demo (docs/decisions/155): a place inside the recorded zone's stand-in
 * outline gets the recorded order (level, dates, usages, source), dated and marked as a recording; a place outside
 * gets « aucune » with the recording's date; at an instant before the recording nothing is known. SQLite and
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { LieuSecheresse } from '@limni/shared/contracts/secheresse';
import { readSeedJson } from '../../seed/files';
import {
  dansEmprise,
  FICHIER_SECHERESSE,
  type SecheresseEnregistree,
} from '../../seed/secheresse-enregistree';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { lieuIdByCode } from '../../../test/referentiel';

const REC = readSeedJson<SecheresseEnregistree>(FICHIER_SECHERESSE);
const ZONE = REC.reponse as {
  idZone: string;
  nom: string;
  niveauAlerte: string;
  usages: unknown[];
  arrete: Record<string, string>;
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const get = async (id: number, query = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/hydro/lieu/${id}/secheresse${query}` });
  return { status: res.statusCode, body: res.json<unknown>() };
};

describe('drought restrictions of a place', () => {
  it('inside the recorded zone: its order, level, dates, usages and source, as a dated recording', async () => {
    const lieux = await ctx.db.db
      .selectFrom('lieu')
      .select(['id', 'lon_gps', 'lat_gps'])
      .orderBy('id')
      .execute();
    const inside = lieux.find((l) => dansEmprise(REC.emprise_demo, l.lon_gps, l.lat_gps));
    if (!inside) throw new Error('aucun lieu de la démo dans l’emprise de la zone enregistrée');
    const { status, body } = await get(inside.id);
    expect(status).toBe(200);
    const r = z.parse(LieuSecheresse, body);
    expect(r.etat).toBe('zone');
    expect(r.enregistrement).toBe(true);
    expect(r.lu_le).toBe(Date.parse(`${REC.enregistre_au_plus_tard}T12:00:00+02:00`));
    expect(r.source.nom).toBe('VigiEau');
    expect(r.zone).toMatchObject({
      id: ZONE.idZone,
      nom: ZONE.nom,
      niveau: ZONE.niveauAlerte.toLowerCase(),
      arrete: {
        debut: ZONE.arrete.dateDebutValidite,
        fin: ZONE.arrete.dateFinValidite,
        pdf: ZONE.arrete.cheminFichier,
      },
    });
    expect(r.zone?.usages).toHaveLength(ZONE.usages.length);
  });

  it('outside: « aucune » with the date of the data; an unknown place is a 404', async () => {
    const toulouse = await lieuIdByCode(ctx, 'O200004001');
    const r = z.parse(LieuSecheresse, (await get(toulouse)).body);
    expect(r).toMatchObject({ etat: 'aucune', zone: null, enregistrement: true });
    expect(r.lu_le).toBe(Date.parse(`${REC.enregistre_au_plus_tard}T12:00:00+02:00`));
    expect((await get(999_999)).status).toBe(404);
  });

  it('at an instant before the recording, nothing is known (orders are not archived)', async () => {
    const toulouse = await lieuIdByCode(ctx, 'O200004001');
    const r = z.parse(LieuSecheresse, (await get(toulouse, '?t=2022-01-11T07:15')).body);
    expect(r).toMatchObject({ etat: 'inconnu', lu_le: null, zone: null });
  });
});
