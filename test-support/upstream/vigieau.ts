/**
 * VigiEau `api/zones?lon=…&lat=…`: the recorded answer of July 2023 (zone « EURE Moyen haut », Crise) for the points
 * of its stand-in outline (within 8 km of Chartres, `apps/api/seed-data/vigieau_zone_11083_2023-07.json`), as a
 * one-zone list; VigiEau's 404 « Aucune zone d'alerte en vigueur » elsewhere. The order's validity moves by whole
 * days so that the recording's last known day is today: the order is in force now, as it was then.
 */
import fs from 'node:fs';
import type { Reply, RequestContext } from './core';
import {
  dansEmprise,
  FICHIER_SECHERESSE,
  type SecheresseEnregistree,
} from '../../apps/api/src/seed/secheresse-enregistree';
import { addDays, parisDay } from './time';

const FILE = new URL(`../../apps/api/seed-data/${FICHIER_SECHERESSE}`, import.meta.url);

const dayDiff = (a: string, b: string) =>
  Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000);

export function zones(ctx: RequestContext): Reply {
  const lon = Number(ctx.query.get('lon'));
  const lat = Number(ctx.query.get('lat'));
  if (!ctx.query.has('lon') || !ctx.query.has('lat') || !Number.isFinite(lon) || !Number.isFinite(lat)) {
    return { status: 400, json: { message: 'lon/lat are not valid.', statusCode: 400 } };
  }
  const rec = JSON.parse(fs.readFileSync(FILE, 'utf8')) as SecheresseEnregistree;
  if (!dansEmprise(rec.emprise_demo, lon, lat)) {
    return {
      status: 404,
      json: { message: 'Aucune zone d’alerte en vigueur pour la requête donnée', statusCode: 404 },
    };
  }
  const days = dayDiff(parisDay(ctx.now), rec.enregistre_au_plus_tard);
  const zone = rec.reponse;
  const arrete = zone.arrete as Record<string, string | null> | undefined;
  if (arrete) {
    for (const k of ['dateDebutValidite', 'dateFinValidite']) {
      const d = arrete[k];
      if (typeof d === 'string') arrete[k] = addDays(d, days);
    }
  }
  return { status: 200, json: [zone] };
}
