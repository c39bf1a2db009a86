/**
 * The French-word detector of the English journey: the words of a screen that are French, once the proper
 * nouns of the demo data have been taken out. A word is French when it is a common French word of the list below or
 * carries a French accent (é, è, à, ç…) or an elision (l’, d’, qu’). The proper nouns are read from the seed files
 * (stations, sites, rivers, communes, départements, basins, Vigicrues stretches and territories, Swiss lakes) and
 * from the names the API serves, never written by hand; the source names are the few producers the seed's
 * SOURCES.md credits, and the test checks they are spelled there.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';
import { RechercheTerms } from '@limni/shared/contracts/hydro';
import * as z from 'zod/mini';

const SEED = path.resolve(import.meta.dirname, '../apps/api/seed-data');

/** Common French words that have no English homograph a page would use. */
const FRENCH_WORDS = new Set(
  `le la les des du une un est sont aucun aucune niveau débit hauteur et ou pour sur dans avec pas plus mesure
  mesures lieu lieux seuil seuils jours jour heure heures données carte prévision prévisions alerte alertes avis
  dernier dernière depuis selon entre leur leurs votre vos nous vous ce cette ces qui que quand mais aussi très
  voir connexion compte mon ma mes moyenne normale habituel habituelle hier demain aujourd janvier février mars
  avril mai juin juillet août septembre octobre novembre décembre lundi mardi mercredi jeudi vendredi samedi dimanche
  crue crues vigilance_fr rivière lac fleuve tronçon bulletin_fr en_cours inconnu indisponible baisse hausse stable_fr
  montée ensoleillé nuageux pluie couvert orage neige brouillard vent pêche baignade voile kayak_fr canoë aviron
  photos_fr publier connectez inscription abonné abonnez enregistrer supprimer fermer ouvrir afficher masquer
  trop bas haut relecture praticable plages fonds tableau horaire journalier lieu_fr bassin arrêter langue`
    .split(/\s+/)
    .filter((w) => w && !w.includes('_')),
);
const ACCENT = /[àâäçéèêëîïôöùûüÿœæ]/i;
const ELISION = /^(?:l|d|qu|n|s|j|c|m|t)['’]\p{L}/iu;

/** Names of the producers the seed data credits (each must appear in seed-data/SOURCES.md or the pages). */
const SOURCE_NAMES = [
  "Hub'Eau",
  'Hydrométrie',
  'Vigicrues',
  'HydroPortail',
  'Banque HYDRO',
  'Sandre',
  'Licence Ouverte',
  'Etalab',
  'SCHAPI',
  'INRAE',
  'OFEV',
  'Natural Earth',
  'Open-Meteo',
];

function csvColumn(file: string, column: string): string[] {
  const raw = file.endsWith('.gz')
    ? zlib.gunzipSync(fs.readFileSync(path.join(SEED, file))).toString('utf8')
    : fs.readFileSync(path.join(SEED, file), 'utf8');
  const lines = raw.split(/\r?\n/).filter(Boolean);
  const split = (line: string) => {
    const cells: string[] = [];
    let cur = '';
    let quoted = false;
    for (const ch of line) {
      if (ch === '"') quoted = !quoted;
      else if (ch === ',' && !quoted) {
        cells.push(cur);
        cur = '';
      } else cur += ch;
    }
    cells.push(cur);
    return cells;
  };
  const header = split(lines[0] ?? '');
  const at = header.indexOf(column);
  if (at < 0) throw new Error(`${file} : pas de colonne ${column}`);
  return lines.slice(1).map((l) => split(l)[at] ?? '');
}

/** Every proper noun of the demo data, longest first. */
export async function properNouns(request: APIRequestContext): Promise<string[]> {
  const sources = fs.readFileSync(path.join(SEED, 'SOURCES.md'), 'utf8');
  const credits = fs.readFileSync(path.join(SEED, 'pages/credits.md'), 'utf8');
  for (const s of SOURCE_NAMES) {
    expect(sources.includes(s) || credits.includes(s), `source « ${s} » absente des crédits`).toBe(true);
  }
  const res = await request.get('/api/hydro/recherche-terms');
  expect(res.ok()).toBe(true);
  const terms = z.parse(RechercheTerms, await res.json());
  const departements = JSON.parse(
    zlib.gunzipSync(fs.readFileSync(path.join(SEED, 'departements.geojson.gz'))).toString('utf8'),
  ) as { features: Array<{ properties: { nom?: string } }> };
  const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s'’-])\p{L}/gu, (m) => m.toUpperCase());
  const names = new Set<string>([
    ...SOURCE_NAMES.flatMap((s) => [s, s.replace(/'/g, '’')]),
    ...terms.entites.map((e) => e.nom),
    ...terms.lieux.flatMap((l) => [l.nom, l.entite_nom, `${l.entite_nom} à ${l.nom}`]),
    // Written in capitals too where the page sets them so (`text-transform`, which `innerText` applies).
    ...departements.features.flatMap((f) => [f.properties.nom ?? '', (f.properties.nom ?? '').toUpperCase()]),
    ...['france_stations.csv.gz', 'garonne_stations.csv'].flatMap((f) => [
      ...csvColumn(f, 'libelle_station'),
      ...csvColumn(f, 'libelle_site'),
      ...csvColumn(f, 'libelle_bassin'),
      ...csvColumn(f, 'libelle_commune').map(titleCase),
    ]),
    ...csvColumn('vigicrues_troncons_2021-01-24.csv', 'LbEntVigiCru'),
    ...csvColumn('vigicrues_troncons_2021-01-24.csv', 'LbTerritoire'),
    ...csvColumn('vigicrues_territoires_2021-01-24.csv', 'LbEntVigiCru'),
    ...csvColumn('bassins_circonscriptions.csv', 'libelle'),
    ...csvColumn('lakes_suisse_stations_ofev.csv', 'lac_fr'),
    ...csvColumn('lakes_suisse_stations_ofev.csv', 'lieu'),
  ]);
  return [...names].filter((n) => n.length > 1).sort((a, b) => b.length - a.length);
}

/** The French words of `text` once the proper nouns are taken out, each with a little of its context. */
export function frenchWords(text: string, nouns: readonly string[]): string[] {
  let rest = text.replace(/\u00a0/g, ' ');
  for (const n of nouns) if (rest.includes(n)) rest = rest.split(n).join(' ');
  const found: string[] = [];
  for (const m of rest.matchAll(/\p{L}+(?:['’-]\p{L}+)*/gu)) {
    const word = m[0];
    const lower = word.toLowerCase();
    const parts = lower.split(/[-]/);
    if (
      FRENCH_WORDS.has(lower) ||
      parts.some((p) => FRENCH_WORDS.has(p)) ||
      ACCENT.test(word) ||
      ELISION.test(word)
    ) {
      const at = m.index;
      found.push(
        `« ${word} » in « ${rest.slice(Math.max(0, at - 30), at + word.length + 30).replace(/\s+/g, ' ')} »`,
      );
    }
  }
  return found;
}
