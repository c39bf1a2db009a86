/**
 * The demo data's ids, looked up by the names people see through the public API (`hydro/recherche-terms`,
 * `activites/all`), so that no spec depends on the order in which the seed inserts its rows. A name that
 * matches nothing, or more than one row, fails the test at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';
import * as z from 'zod/mini';
import { ActivitesResponse } from '@limni/shared/contracts/activites';
import { RechercheTerms } from '@limni/shared/contracts/hydro';

async function getJson<T>(request: APIRequestContext, path: string, schema: z.ZodMiniType<T>): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} : ${res.status()}`).toBe(true);
  return z.parse(schema, await res.json());
}

function only<T>(found: readonly T[], what: string): T {
  expect(found, `${what} : exactement une correspondance attendue`).toHaveLength(1);
  return found[0] as T;
}

/** The id of a place, by its name and its lake's or river's name: `lieuId(request, 'Foix', "L'Ariège")`. */
export async function lieuId(request: APIRequestContext, nom: string, entite: string): Promise<number> {
  const terms = await getJson(request, '/api/hydro/recherche-terms', RechercheTerms);
  return only(
    terms.lieux.filter((l) => l.nom === nom && l.entite_nom === entite),
    `lieu « ${nom} » (${entite})`,
  ).id;
}

/** The id of a lake or river, by its name: `entiteId(request, 'La Garonne')`. */
export async function entiteId(request: APIRequestContext, nom: string): Promise<number> {
  const terms = await getJson(request, '/api/hydro/recherche-terms', RechercheTerms);
  return only(
    terms.entites.filter((e) => e.nom === nom),
    `entité « ${nom} »`,
  ).id;
}

/** The id of an activity, by its name: `activiteId(request, 'Pêche')`. */
export async function activiteId(request: APIRequestContext, nom: string): Promise<number> {
  const activites = await getJson(request, '/api/activites/all', ActivitesResponse);
  return only(
    activites.filter((a) => a.nom === nom),
    `activité « ${nom} »`,
  ).id;
}

/** A station's water levels in the demo's source file (January 2022, mm → m), oldest first. */
export function garonneLevels(codeStation: string): Array<{ ts: number; valeur: number }> {
  const file = path.resolve(import.meta.dirname, '../apps/api/seed-data/garonne_H_2022-01_native.csv.gz');
  return zlib
    .gunzipSync(fs.readFileSync(file))
    .toString('utf8')
    .split('\n')
    .map((l) => l.split(','))
    .filter(([code]) => code === codeStation)
    .map(([, date, mm]) => ({ ts: Date.parse(date ?? ''), valeur: Number(mm) / 1000 }))
    .sort((a, b) => a.ts - b.ts);
}
