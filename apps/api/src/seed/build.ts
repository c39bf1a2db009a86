/**
 * Builds the demo referential (basins, départements, entities, places, sensors, tronçons) from the real
 * source files in seed-data. Pure: no database access, so it is unit-tested and its choices are visible.
 * How each choice was made is recorded in docs/decisions/004-demo-dataset.md.
 */
import { bracketsToParentheses, nameKey, riverDisplayName, slugify } from '@limni/shared/domain/names';
import { num } from './files';
import { areaKm2, bbox, interiorPoint, pointInArea, vertices, type AreaGeometry, type Position } from './geo';

export type Row = Record<string, string>;

export interface SeedSources {
  bassins: Row[];
  departements: { features: Array<{ properties: { code: string; nom: string }; geometry: AreaGeometry }> };
  stations: Row[];
  sites: Row[];
  garonneStations: Row[];
  swissStations: Row[];
  lakes: {
    features: Array<{
      properties: { nom_fr: string | null; en_france: boolean; name: string | null };
      geometry: AreaGeometry;
    }>;
  };
  troncons: Row[];
  /** Station codes of tronçon AP1, from the recorded Vigicrues response. */
  ap1Stations: string[];
  /** Stations that have a recorded series (they are listed first, so their ids are small and stable). */
  seriesStations: string[];
}

export interface BuiltBassin {
  slug: string;
  code: string | null;
  nom: string;
  territoire: string;
  ordre: number;
  bbox: [number, number, number, number] | null;
}
export interface BuiltEntite {
  id: number;
  type: 'R' | 'L';
  nom: string;
  slug: string;
  bassin_slug: string;
  parent_id: number | null;
  code_cours_eau: string | null;
  lat: number | null;
  lon: number | null;
  geometry: string | null;
  description: string | null;
  departements: string[];
}
export interface BuiltLieu {
  id: number;
  entite_id: number;
  troncon_code: string | null;
  nom: string;
  libelle: string;
  lat_gps: number;
  lon_gps: number;
  station_mesure_ok: 0 | 1;
  code_station: string | null;
  code_site: string | null;
  commune: string | null;
  departement_code: string | null;
  infos_pratiques: string;
  altitude_zero: number | null;
  surface_bv_km2: number | null;
  ordre: number | null;
  source: string;
}
export interface BuiltCapteur {
  id: number;
  lieu_id: number;
  grandeur: 'H' | 'Q';
  unite: string;
  libelle: string;
  source: string;
  code_station: string | null;
  pas_min: number | null;
}
export interface BuiltTroncon {
  id: number;
  code: string;
  nom: string;
  entite_id: number | null;
  territoire_code: string;
  territoire_nom: string;
  niveau: number | null;
}
export interface BuiltReferentiel {
  bassins: BuiltBassin[];
  departements: Array<{ code: string; nom: string }>;
  entites: BuiltEntite[];
  lieux: BuiltLieu[];
  capteurs: BuiltCapteur[];
  troncons: BuiltTroncon[];
}

/** Basin of foreign or unclassified stations, from the first letter of the Sandre code (hydrographic region). */
const LETTER_TO_BASSIN: Record<string, string> = {
  A: '02',
  B: '02',
  D: '01',
  E: '01',
  F: '03',
  G: '03',
  H: '03',
  I: '03',
  J: '04',
  K: '04',
  L: '04',
  M: '04',
  N: '04',
  O: '05',
  P: '05',
  Q: '05',
  R: '05',
  S: '05',
  U: '06',
  V: '06',
  W: '06',
  X: '06',
  Y: '06',
};

const OUTRE_MER: Record<string, string> = {
  '971': 'Guadeloupe',
  '972': 'Martinique',
  '973': 'Guyane',
  '974': 'La Réunion',
  '976': 'Mayotte',
};

/** INSEE's code for places abroad (communes « 99… »), used for water bodies outside France. */
export const DEPARTEMENT_ETRANGER = '99';

/** Compiled: the tronçon of each demo station (Garonne/Ariège), from the tronçon labels of territory 25. */
export const DEMO_TRONCONS: Record<string, string> = {
  O000001001: 'MP4',
  O001004003: 'MP4',
  O001004004: 'MP4',
  O005002001: 'MP4',
  O020002001: 'MP4',
  O029003001: 'MP4',
  O059251001: 'MP2',
  O060003001: 'MP6',
  O080001001: 'MP6',
  O200001001: 'MP6',
  O200004001: 'MP6',
  O200008001: 'MP6',
  O102251002: 'MP1',
  O123251001: 'MP1',
  O125251001: 'MP1',
  O137251002: 'MP1',
  O171251001: 'MP1',
  O171253001: 'MP1',
  O181401001: 'MP3',
  O182401001: 'MP3',
  O184402001: 'MP3',
  O187401001: 'MP3',
};

/** Compiled: tributaries in the Adour-Garonne basin (child → parent, by river name), for `entites_f`. */
const AFFLUENTS_05: Array<[string, string]> = [
  ["L'Ariège", 'La Garonne'],
  ['Le Salat', 'La Garonne'],
  ['Le bras inférieur de la Garonne', 'La Garonne'],
  ['Le Tarn', 'La Garonne'],
  ['Le Lot', 'La Garonne'],
  ['Le Gers', 'La Garonne'],
  ['La Baïse', 'La Garonne'],
  ['La Save', 'La Garonne'],
  ['Le Touch', 'La Garonne'],
  ['La Lèze', "L'Ariège"],
  ['Le Grand Hers', "L'Ariège"],
  ["L'Aveyron", 'Le Tarn'],
  ["L'Agout", 'Le Tarn'],
  ['Le Viaur', "L'Aveyron"],
];

/** Compiled: lake and reservoir gauges of the national list (type PLANDEAU) and their water body. */
const LAKE_STATIONS: Record<string, { lac: string; polygon?: string }> = {
  V133001001: { lac: 'Lac du Bourget', polygon: 'Lac du Bourget' },
  K207503001: { lac: 'Lac de Naussac' },
  J701064001: { lac: 'Retenue de la Chapelle-Erbrée (Vilaine)' },
  J702403001: { lac: 'Retenue de la Valière' },
  J705302001: { lac: 'Retenue de Villaumur (Cantache)' },
};

/** Compiled: display names where the Sandre label is an abbreviation. */
const RIVER_NAME_OVERRIDES: Record<string, string> = { O2005001: 'Le bras inférieur de la Garonne' };

const SWISS_PLACE_FR: Record<string, string> = { Luzern: 'Lucerne' };

const SMALL_WORDS = new Set([
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'sur',
  'sous',
  'en',
  'et',
  'aux',
  'au',
  'lès',
  'lez',
]);

/** "SAINT-LAURENT-DU-MARONI" → "Saint-Laurent-du-Maroni"; "L'ISLE-JOURDAIN" → "L'Isle-Jourdain". */
export function communeDisplayName(raw: string): string {
  const lower = raw.trim().toLocaleLowerCase('fr-FR');
  if (!lower) return '';
  let index = 0;
  return lower.replace(/[\p{L}']+/gu, (word) => {
    const first = index++ === 0;
    if (!first && SMALL_WORDS.has(word)) return word;
    const m = /^([ld]')(.+)$/u.exec(word);
    if (m) {
      const [, art = '', rest = ''] = m;
      return (
        (first ? art.toLocaleUpperCase('fr-FR') : art) +
        rest.charAt(0).toLocaleUpperCase('fr-FR') +
        rest.slice(1)
      );
    }
    return word.charAt(0).toLocaleUpperCase('fr-FR') + word.slice(1);
  });
}

/** Water-body name from a site label: "[Le lac du Bourget] à Aix-les-Bains" → "Le lac du Bourget". */
function nameFromSiteLabel(label: string): string {
  const bracket = /^\[([^\]]+)\]/.exec(label);
  if (bracket?.[1]) return bracket[1].trim();
  const m = /^(.+?)\s+(?:à|au|aux|en)\s+/u.exec(label);
  return m?.[1]?.trim() ?? '';
}

/** Short place name from a full label: "La Garonne à Saint-Béat - Aval-HG" → "Saint-Béat - Aval-HG". */
function placeFromLabel(label: string): string {
  const m = /\s(?:à|au|aux)\s+(.+)$/u.exec(label);
  return bracketsToParentheses(m?.[1] ?? label);
}

function cleanLabel(label: string): string {
  return bracketsToParentheses(label.replace(/^\[([^\]]+)\]/, '$1'));
}

const fmtInt = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const fmt3 = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

interface StationInput {
  code: string;
  codeSite: string;
  label: string;
  siteLabel: string;
  river: string;
  codeCoursEau: string;
  lon: number;
  lat: number;
  dep: string | null;
  commune: string | null;
  bassin: string;
  typeSite: string;
  surfaceBv: number | null;
  altitudeZero: number | null;
  source: string;
}

export function buildReferentiel(src: SeedSources): BuiltReferentiel {
  const sitesByCode = new Map(src.sites.map((s) => [s['code_site'] ?? '', s]));
  const garonneByCode = new Map(src.garonneStations.map((s) => [s['code_station'] ?? '', s]));

  // Départements: metropolitan outlines + the overseas ones present in the station list.
  const departements = src.departements.features.map((f) => ({
    code: f.properties.code,
    nom: f.properties.nom,
  }));
  for (const [code, nom] of Object.entries(OUTRE_MER)) {
    if (src.stations.some((s) => s['code_departement'] === code)) departements.push({ code, nom });
  }
  // Water bodies abroad (Swiss lakes, Belgian rivers of the Vigicrues list) get INSEE's code 99 « Étranger », the
  // code Hub'Eau gives to foreign sites, so that every entity has a département to show and filter on.
  departements.push({ code: DEPARTEMENT_ETRANGER, nom: 'Étranger' });
  const depCodes = new Set(departements.map((d) => d.code));

  // Basins (circonscriptions) + one for the Swiss lakes of the demo.
  const bassins: BuiltBassin[] = src.bassins.map((b) => ({
    slug: slugify(b['libelle'] ?? ''),
    code: b['code_circonscription'] ?? null,
    nom: b['libelle'] ?? '',
    territoire: b['territoire'] === 'metropole' ? 'metropole' : 'outre-mer',
    ordre: Number(b['code_circonscription']),
    bbox: null,
  }));
  bassins.push({
    slug: 'suisse',
    code: null,
    nom: 'Lacs suisses (OFEV)',
    territoire: 'etranger',
    ordre: 99,
    bbox: null,
  });
  const bassinByCode = new Map(bassins.filter((b) => b.code).map((b) => [b.code as string, b.slug]));

  // A metropolitan station whose point lies far outside its own département has wrong coordinates in the
  // source (e.g. a longitude with the wrong sign): it is left out rather than drawn in the wrong place.
  const depBoxes = new Map(
    src.departements.features.map((f) => [f.properties.code, bbox(vertices(f.geometry))]),
  );
  const plausible = (dep: string, lon: number, lat: number): boolean => {
    const b = depBoxes.get(dep);
    const m = 0.3;
    return !b || (lon >= b[0] - m && lat >= b[1] - m && lon <= b[2] + m && lat <= b[3] + m);
  };

  // Every station with coordinates: the national list, then demo stations missing from it.
  const stations: StationInput[] = [];
  for (const s of src.stations) {
    if (s['coord_ok'] !== 'true') continue;
    if (!plausible(s['code_departement'] ?? '', Number(s['longitude']), Number(s['latitude']))) continue;
    const site = sitesByCode.get(s['code_site'] ?? '');
    const g = garonneByCode.get(s['code_station'] ?? '');
    stations.push({
      code: s['code_station'] ?? '',
      codeSite: s['code_site'] ?? '',
      label: s['libelle_station'] ?? '',
      siteLabel: s['libelle_site'] ?? '',
      river: s['libelle_cours_eau'] ?? '',
      codeCoursEau: site?.['code_cours_eau'] ?? '',
      lon: Number(s['longitude']),
      lat: Number(s['latitude']),
      dep: depCodes.has(s['code_departement'] ?? '') ? (s['code_departement'] as string) : null,
      commune: s['libelle_commune'] ? communeDisplayName(s['libelle_commune']) : null,
      bassin: s['code_bassin'] || LETTER_TO_BASSIN[(s['code_station'] ?? '').charAt(0)] || '',
      typeSite: s['type_site'] ?? '',
      surfaceBv: num(s['surface_bv_km2']),
      altitudeZero: g ? num(g['cote_zero_echelle_m']) : null,
      source: 'vigicrues-2021',
    });
  }
  const known = new Set(stations.map((s) => s.code));
  for (const code of src.seriesStations) {
    const g = garonneByCode.get(code);
    if (known.has(code) || !g) continue;
    const site = sitesByCode.get(g['code_site'] ?? '');
    const label = g['libelle_station'] ?? '';
    stations.push({
      code,
      codeSite: g['code_site'] ?? '',
      label: placeFromLabel(label),
      siteLabel: label,
      river: site?.['libelle_cours_eau'] || nameFromSiteLabel(label),
      codeCoursEau: site?.['code_cours_eau'] ?? '',
      lon: Number(g['longitude']),
      lat: Number(g['latitude']),
      dep: g['code_departement'] || null,
      commune: g['libelle_commune'] ? communeDisplayName(g['libelle_commune']) : null,
      bassin: g['code_bassin'] || '05',
      typeSite: 'REEL',
      surfaceBv: num(g['surface_bassin_versant_km2']),
      altitudeZero: num(g['cote_zero_echelle_m']),
      source: 'hackaviz-2025',
    });
  }
  const seriesRank = new Map(src.seriesStations.map((c, i) => [c, i]));
  stations.sort((a, b) => {
    const ra = seriesRank.get(a.code) ?? Infinity;
    const rb = seriesRank.get(b.code) ?? Infinity;
    return ra !== rb ? ra - rb : a.code.localeCompare(b.code);
  });

  // Group river stations into entities: by Sandre river code, else by name within a basin.
  interface Group {
    key: string;
    type: 'R' | 'L';
    nom: string;
    codeCoursEau: string | null;
    stations: StationInput[];
    geometry: AreaGeometry | null;
    bassinCode: string | null;
  }
  const groups = new Map<string, Group>();
  const lakeFeatures = src.lakes.features.filter((f) => f.properties.nom_fr);
  const lakeByName = new Map(lakeFeatures.map((f) => [f.properties.nom_fr as string, f]));

  for (const st of stations) {
    const lake = LAKE_STATIONS[st.code];
    if (lake) {
      const key = `L:${nameKey(lake.lac)}`;
      const grp = groups.get(key) ?? {
        key,
        type: 'L' as const,
        nom: lake.lac,
        codeCoursEau: null,
        stations: [],
        geometry: lake.polygon ? (lakeByName.get(lake.polygon)?.geometry ?? null) : null,
        bassinCode: null,
      };
      grp.stations.push(st);
      groups.set(key, grp);
      continue;
    }
    const nom =
      RIVER_NAME_OVERRIDES[st.codeCoursEau] ||
      riverDisplayName(st.river) ||
      riverDisplayName(nameFromSiteLabel(st.siteLabel)) ||
      `Cours d'eau à ${placeFromLabel(st.siteLabel)}`;
    const key = st.codeCoursEau ? `C:${st.codeCoursEau}` : `N:${nameKey(nom)}|${st.bassin}`;
    const grp = groups.get(key) ?? {
      key,
      type: 'R' as const,
      nom,
      codeCoursEau: st.codeCoursEau || null,
      stations: [],
      geometry: null,
      bassinCode: null,
    };
    grp.stations.push(st);
    groups.set(key, grp);
  }

  // Lakes known only by their outline (in France), and the Swiss lakes with series.
  for (const f of lakeFeatures) {
    const nom = f.properties.nom_fr as string;
    const key = `L:${nameKey(nom)}`;
    if (groups.has(key) || !f.properties.en_france) continue;
    groups.set(key, {
      key,
      type: 'L',
      nom,
      codeCoursEau: null,
      stations: [],
      geometry: f.geometry,
      bassinCode: null,
    });
  }
  for (const s of src.swissStations) {
    const nom = s['lac_fr'] ?? '';
    const shortName = nom.replace(/\s*\(.*\)$/, '');
    const key = `L:${nameKey(shortName)}`;
    const poly = lakeByName.get(shortName)?.geometry ?? null;
    const place = SWISS_PLACE_FR[s['lieu'] ?? ''] ?? (s['lieu'] ?? '').split(',')[0] ?? '';
    const grp = groups.get(key) ?? {
      key,
      type: 'L' as const,
      nom: shortName,
      codeCoursEau: null,
      stations: [],
      geometry: poly,
      bassinCode: null,
    };
    grp.stations.push({
      code: `CH${s['code_station_ofev']}`,
      codeSite: '',
      label: place,
      siteLabel: `${shortName} à ${place}`,
      river: '',
      codeCoursEau: '',
      lon: Number(s['longitude']),
      lat: Number(s['latitude']),
      dep: null,
      commune: s['lieu'] ?? null,
      bassin: '',
      typeSite: 'LAC',
      surfaceBv: null,
      altitudeZero: null,
      source: 'ofev',
    });
    grp.bassinCode = 'suisse';
    groups.set(key, grp);
  }

  // Département → most frequent basin among its stations (for lakes known only by their outline).
  const depBassinVotes = new Map<string, Map<string, number>>();
  for (const st of stations) {
    if (!st.dep || !st.bassin) continue;
    const votes = depBassinVotes.get(st.dep) ?? new Map<string, number>();
    votes.set(st.bassin, (votes.get(st.bassin) ?? 0) + 1);
    depBassinVotes.set(st.dep, votes);
  }
  const majority = (votes: Map<string, number> | undefined): string | null =>
    votes ? ([...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null) : null;

  const depFeatures = src.departements.features;
  const depsOfArea = (g: AreaGeometry): string[] => {
    const pts = [...vertices(g), interiorPoint(g)];
    return depFeatures
      .filter((d) => pts.some((p) => pointInArea(p, d.geometry)))
      .map((d) => d.properties.code);
  };

  // Order: entities with recorded series first, then lakes, then rivers by name.
  const groupList = [...groups.values()];
  const firstSeries = (g: Group) => Math.min(...g.stations.map((s) => seriesRank.get(s.code) ?? Infinity));
  groupList.sort((a, b) => {
    const fa = firstSeries(a);
    const fb = firstSeries(b);
    if (fa !== fb) return fa - fb;
    if (a.type !== b.type) return a.type === 'L' ? -1 : 1;
    return nameKey(a.nom).localeCompare(nameKey(b.nom)) || a.key.localeCompare(b.key);
  });

  const entites: BuiltEntite[] = [];
  const lieux: BuiltLieu[] = [];
  const capteurs: BuiltCapteur[] = [];
  const usedSlugs = new Set<string>();
  const bassinPoints = new Map<string, Position[]>();
  const lieuIdByStation = new Map<string, number>();
  let lieuId = 0;
  let capteurId = 0;

  // Places are numbered in series order first so that demo places have small ids.
  const pendingLieux: Array<{ entiteIndex: number; st: StationInput | null; nom: string }> = [];

  groupList.forEach((g, index) => {
    const id = index + 1;
    const deps = new Set<string>();
    for (const st of g.stations) if (st.dep) deps.add(st.dep);
    if (g.geometry && g.bassinCode !== 'suisse') for (const d of depsOfArea(g.geometry)) deps.add(d);

    let bassinCode = g.bassinCode;
    if (!bassinCode) {
      const votes = new Map<string, number>();
      for (const st of g.stations) if (st.bassin) votes.set(st.bassin, (votes.get(st.bassin) ?? 0) + 1);
      bassinCode = majority(votes) ?? majority(depBassinVotes.get([...deps][0] ?? '')) ?? '06';
    }
    const bassinSlug =
      bassinCode === 'suisse' ? 'suisse' : (bassinByCode.get(bassinCode) ?? 'rhone-mediterranee');

    let slug = slugify(g.nom) || `entite-${id}`;
    if (usedSlugs.has(slug)) slug = `${slug}-${bassinSlug}`;
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${slugify(g.nom)}-${bassinSlug}-${n}`;
    usedSlugs.add(slug);

    // Map position: the place nearest to the mean of its places, or a point inside the lake.
    let lat: number | null = null;
    let lon: number | null = null;
    if (g.geometry) {
      [lon, lat] = interiorPoint(g.geometry);
    }
    if (g.stations.length > 0 && (lat === null || g.type === 'R')) {
      const mx = g.stations.reduce((s, st) => s + st.lon, 0) / g.stations.length;
      const my = g.stations.reduce((s, st) => s + st.lat, 0) / g.stations.length;
      const nearest = [...g.stations].sort(
        (a, b) => Math.hypot(a.lon - mx, a.lat - my) - Math.hypot(b.lon - mx, b.lat - my),
      )[0];
      if (nearest) [lon, lat] = [nearest.lon, nearest.lat];
    }

    const pts = bassinPoints.get(bassinSlug) ?? [];
    for (const st of g.stations) pts.push([st.lon, st.lat]);
    if (lon !== null && lat !== null) pts.push([lon, lat]);
    bassinPoints.set(bassinSlug, pts);

    const area = g.geometry ? areaKm2(g.geometry) : null;
    entites.push({
      id,
      type: g.type,
      nom: g.nom,
      slug,
      bassin_slug: bassinSlug,
      parent_id: null,
      code_cours_eau: g.codeCoursEau,
      lat,
      lon,
      geometry: g.geometry ? JSON.stringify(g.geometry) : null,
      description:
        g.type === 'L' && area !== null
          ? `Superficie approximative : ${fmtInt.format(area)} km² (calculée sur le contour Natural Earth).`
          : null,
      departements: deps.size > 0 ? [...deps].sort() : [DEPARTEMENT_ETRANGER],
    });

    if (g.stations.length === 0) pendingLieux.push({ entiteIndex: index, st: null, nom: g.nom });
    for (const st of g.stations) pendingLieux.push({ entiteIndex: index, st, nom: g.nom });
  });

  pendingLieux.sort((a, b) => {
    const ra = a.st ? (seriesRank.get(a.st.code) ?? Infinity) : Infinity;
    const rb = b.st ? (seriesRank.get(b.st.code) ?? Infinity) : Infinity;
    return ra !== rb ? ra - rb : a.entiteIndex - b.entiteIndex;
  });

  for (const p of pendingLieux) {
    const ent = entites[p.entiteIndex] as BuiltEntite;
    const g = groupList[p.entiteIndex] as Group;
    lieuId += 1;
    if (!p.st) {
      const [lon, lat] = g.geometry ? interiorPoint(g.geometry) : [ent.lon ?? 0, ent.lat ?? 0];
      lieux.push({
        id: lieuId,
        entite_id: ent.id,
        troncon_code: null,
        nom: ent.nom,
        libelle: ent.nom,
        lat_gps: lat,
        lon_gps: lon,
        station_mesure_ok: 0,
        code_station: null,
        code_site: null,
        commune: null,
        departement_code: ent.departements[0] ?? null,
        infos_pratiques: lakeInfos(ent, departements),
        altitude_zero: null,
        surface_bv_km2: null,
        ordre: null,
        source: 'natural-earth',
      });
      continue;
    }
    const st = p.st;
    const libelle = g.type === 'L' && st.source === 'ofev' ? st.siteLabel : cleanLabel(st.siteLabel);
    lieux.push({
      id: lieuId,
      entite_id: ent.id,
      troncon_code: DEMO_TRONCONS[st.code] ?? (src.ap1Stations.includes(st.code) ? 'AP1' : null),
      nom: bracketsToParentheses(st.label) || placeFromLabel(libelle),
      libelle,
      lat_gps: st.lat,
      lon_gps: st.lon,
      station_mesure_ok: 1,
      code_station: st.source === 'ofev' ? null : st.code,
      code_site: st.codeSite || null,
      commune: st.commune,
      departement_code: st.dep,
      infos_pratiques: stationInfos(st, departements),
      altitude_zero: st.altitudeZero,
      surface_bv_km2: st.surfaceBv,
      ordre: null,
      source: st.source,
    });
    lieuIdByStation.set(st.code, lieuId);
    capteurId += 1;
    capteurs.push({
      id: capteurId,
      lieu_id: lieuId,
      grandeur: 'H',
      unite: 'm',
      libelle: st.source === 'ofev' ? 'Niveau du lac (altitude)' : "Hauteur d'eau",
      source: st.source === 'ofev' ? 'ofev' : 'hubeau',
      code_station: st.source === 'ofev' ? st.code.slice(2) : st.code,
      pas_min: null,
    });
  }

  // Same label twice on one entity (several gauges on one site): add the station's own name.
  const byEntity = new Map<number, BuiltLieu[]>();
  for (const l of lieux) byEntity.set(l.entite_id, [...(byEntity.get(l.entite_id) ?? []), l]);
  for (const list of byEntity.values()) {
    const seen = new Map<string, number>();
    for (const l of list) seen.set(l.libelle, (seen.get(l.libelle) ?? 0) + 1);
    for (const l of list) if ((seen.get(l.libelle) ?? 0) > 1) l.libelle = `${l.libelle} — ${l.nom}`;
    // Upstream → downstream by catchment area when every gauge has one.
    const withArea = list.filter((l) => l.surface_bv_km2 !== null);
    withArea.sort((a, b) => (a.surface_bv_km2 as number) - (b.surface_bv_km2 as number));
    withArea.forEach((l, i) => (l.ordre = i + 1));
  }

  // Tributaries (compiled list, Adour-Garonne only, exact names).
  const byName = new Map<string, BuiltEntite[]>();
  for (const e of entites) {
    if (e.bassin_slug !== 'adour-garonne' || e.type !== 'R') continue;
    byName.set(nameKey(e.nom), [...(byName.get(nameKey(e.nom)) ?? []), e]);
  }
  for (const [child, parent] of AFFLUENTS_05) {
    const c = byName.get(nameKey(child));
    const p = byName.get(nameKey(parent));
    if (c?.length === 1 && p?.length === 1) (c[0] as BuiltEntite).parent_id = (p[0] as BuiltEntite).id;
  }

  for (const b of bassins) b.bbox = bbox(bassinPoints.get(b.slug) ?? []);

  // Tronçons: every tronçon of the recording; linked to the entity of its stations when known.
  const entiteByLieu = new Map(lieux.map((l) => [l.id, l.entite_id]));
  const tronconEntite = new Map<string, number>();
  for (const l of lieux) {
    if (!l.troncon_code || tronconEntite.has(l.troncon_code)) continue;
    const e = entiteByLieu.get(l.id);
    if (e !== undefined) tronconEntite.set(l.troncon_code, e);
  }
  const troncons: BuiltTroncon[] = src.troncons.map((t, i) => ({
    id: i + 1,
    code: t['CdEntVigiCru'] ?? '',
    nom: t['LbEntVigiCru'] ?? '',
    entite_id: tronconEntite.get(t['CdEntVigiCru'] ?? '') ?? null,
    territoire_code: t['CdTerritoire'] ?? '',
    territoire_nom: t['LbTerritoire'] ?? '',
    niveau: num(t['NivInfoVigiCru_2021-01-24']),
  }));

  return {
    bassins,
    departements,
    entites,
    lieux,
    capteurs,
    troncons,
  };
}

function depName(code: string | null, deps: Array<{ code: string; nom: string }>): string | null {
  return deps.find((d) => d.code === code)?.nom ?? null;
}

function stationInfos(st: StationInput, deps: Array<{ code: string; nom: string }>): string {
  const lines: string[] = [];
  if (st.source === 'ofev') {
    lines.push(
      `- Station hydrologique de l'Office fédéral de l'environnement (OFEV / BAFU) n° ${st.code.slice(2)}, ${st.commune ?? ''} (Suisse).`,
    );
    lines.push(
      "- Le niveau est une **altitude du plan d'eau** en mètres au-dessus de la mer (système suisse), pas une hauteur à l'échelle.",
    );
    lines.push('- Données : Source : OFEV / BAFU, hydrodaten.admin.ch.');
    return lines.join('\n');
  }
  lines.push(`- Station hydrométrique **${st.code}** du réseau Vigicrues (données Hub'Eau).`);
  const dep = depName(st.dep, deps);
  if (st.commune) lines.push(`- Commune : ${st.commune}${dep ? ` (${dep})` : ''}.`);
  if (st.surfaceBv !== null) {
    lines.push(`- Superficie du bassin versant : ${fmtInt.format(st.surfaceBv)} km².`);
  }
  if (st.altitudeZero !== null) {
    lines.push(`- Cote du zéro de l'échelle : ${fmt3.format(st.altitudeZero)} m (NGF).`);
  }
  lines.push(
    "- La hauteur d'eau est mesurée par rapport au zéro de l'échelle de la station : une valeur négative est normale à certaines stations.",
  );
  lines.push(`- Coordonnées : ${st.lat.toFixed(5)} N, ${st.lon.toFixed(5)} E.`);
  return lines.join('\n');
}

function lakeInfos(ent: BuiltEntite, deps: Array<{ code: string; nom: string }>): string {
  const names = ent.departements.map((c) => depName(c, deps)).filter(Boolean);
  const lines = [`- ${ent.nom}${names.length ? ` (${names.join(', ')})` : ''}.`];
  if (ent.description) lines.push(`- ${ent.description}`);
  lines.push(
    "- Aucune station de mesure du niveau n'est reliée à ce lac dans Limni pour l'instant : pas de hauteur ni d'avis par activité.",
  );
  return lines.join('\n');
}
