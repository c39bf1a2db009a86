/**
 * Builds the demo referential (basins, départements, entities, places, sensors, tronçons) from the real
 * source files in seed-data. Pure: no database access, so it is unit-tested and its choices are visible.
 * How each choice was made is recorded in docs/decisions/004-demo-dataset.md.
 */
import {
  bracketsToParentheses,
  communeDisplayName,
  LETTER_TO_BASSIN,
  nameKey,
  lieuFromLabel,
  riverDisplayName,
  slugify,
} from '@limni/shared/domain/names';
import { INFOS_FR, stationOfevFr, superficieLac } from '@limni/shared/domain/infos-pratiques';
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
  /**
   * The stations of the long archive (airGRdatasets daily flows 1999–2018, smash gauges of the Cance and the Lez):
   * those missing from the national list become places.
   */
  historyStations: Row[];
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

/** Water-body name from a site label: "[Le lac du Bourget] à Aix-les-Bains" → "Le lac du Bourget". */
function nameFromSiteLabel(label: string): string {
  const bracket = /^\[([^\]]+)\]/.exec(label);
  if (bracket?.[1]) return bracket[1].trim();
  const m = /^(.+?)\s+(?:à|au|aux|en)\s+/u.exec(label);
  return m?.[1]?.trim() ?? '';
}

function cleanLabel(label: string): string {
  return bracketsToParentheses(label.replace(/^\[([^\]]+)\]/, '$1'));
}

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

type Departement = { code: string; nom: string };
/** Rank of a station in the recorded series (Infinity for the others): demo places and entities come first. */
type SeriesRank = ReadonlyMap<string, number>;
const rankOf = (rank: SeriesRank, code: string) => rank.get(code) ?? Infinity;

/** Départements: metropolitan outlines + the overseas ones present in the station list + « Étranger ». */
function buildDepartements(src: SeedSources): Departement[] {
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
  return departements;
}

/** Basins (circonscriptions) + one for the Swiss lakes of the demo; their boxes are set once places exist. */
function buildBassins(src: SeedSources): BuiltBassin[] {
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
  return bassins;
}

/**
 * A metropolitan station whose point lies far outside its own département has wrong coordinates in the source
 * (e.g. a longitude with the wrong sign): it is left out rather than drawn in the wrong place.
 */
function plausibility(src: SeedSources): (dep: string, lon: number, lat: number) => boolean {
  const depBoxes = new Map(
    src.departements.features.map((f) => [f.properties.code, bbox(vertices(f.geometry))]),
  );
  return (dep, lon, lat) => {
    const b = depBoxes.get(dep);
    const m = 0.3;
    return !b || (lon >= b[0] - m && lat >= b[1] - m && lon <= b[2] + m && lat <= b[3] + m);
  };
}

/** Every station with coordinates: the national list, then demo stations missing from it; series first. */
function collectStations(
  src: SeedSources,
  departements: Departement[],
  seriesRank: SeriesRank,
): StationInput[] {
  const sitesByCode = new Map(src.sites.map((s) => [s['code_site'] ?? '', s]));
  const garonneByCode = new Map(src.garonneStations.map((s) => [s['code_station'] ?? '', s]));
  const depCodes = new Set(departements.map((d) => d.code));
  const plausible = plausibility(src);
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
      label: lieuFromLabel(label),
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
  stations.push(...historyOnlyStations(src, known, sitesByCode, depCodes));
  stations.sort((a, b) => {
    const ra = rankOf(seriesRank, a.code);
    const rb = rankOf(seriesRank, b.code);
    return ra !== rb ? ra - rb : a.code.localeCompare(b.code);
  });
  return stations;
}

/**
 * Stations of the long archive absent from the national (Vigicrues) list — of airGRdatasets the Nièvre at l'Étoile
 * and the Taravo at Zigliara, of smash the Deume and the Ternay (Cance basin, known by their 8-character site code)
 * — placed from their Hub'Eau site (river, département, commune, and position when the history list has none) so
 * that their years of daily flows have a place (docs/decisions/085).
 */
function historyOnlyStations(
  src: SeedSources,
  known: ReadonlySet<string>,
  sitesByCode: ReadonlyMap<string, Row>,
  depCodes: ReadonlySet<string>,
): StationInput[] {
  const out: StationInput[] = [];
  for (const h of src.historyStations) {
    const code = h['code_station'] ?? '';
    const site = sitesByCode.get(code.slice(0, 8));
    if (known.has(code) || !site) continue;
    const label = h['libelle'] ?? '';
    const dep = site['code_departement'] ?? '';
    out.push({
      code,
      codeSite: code.slice(0, 8),
      label: lieuFromLabel(label),
      siteLabel: label,
      river: site['libelle_cours_eau'] || nameFromSiteLabel(label),
      codeCoursEau: site['code_cours_eau'] ?? '',
      lon: Number(h['longitude'] ?? site['longitude']),
      lat: Number(h['latitude'] ?? site['latitude']),
      dep: depCodes.has(dep) ? dep : null,
      commune: site['libelle_commune'] ? communeDisplayName(site['libelle_commune']) : null,
      bassin: site['code_bassin'] || LETTER_TO_BASSIN[code.charAt(0)] || '',
      typeSite: 'REEL',
      surfaceBv: num(site['surface_bv_km2']),
      altitudeZero: null,
      source: h['code_smash'] ? 'smash' : 'airgrdatasets',
    });
  }
  return out;
}

/** The stations of one future entity (a river or a lake), with its outline when known. */
interface Group {
  key: string;
  type: 'R' | 'L';
  nom: string;
  codeCoursEau: string | null;
  stations: StationInput[];
  geometry: AreaGeometry | null;
  bassinCode: string | null;
}

type LakeFeature = SeedSources['lakes']['features'][number];

/** Gauges of the national list: lake gauges on their lake, river stations by Sandre river code, else by name. */
function groupStations(
  groups: Map<string, Group>,
  stations: readonly StationInput[],
  lakeByName: ReadonlyMap<string, LakeFeature>,
): void {
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
      `Cours d'eau à ${lieuFromLabel(st.siteLabel)}`;
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
}

/** Lakes known only by their outline (in France): an entity without a gauge. */
function groupOutlineLakes(groups: Map<string, Group>, lakeFeatures: readonly LakeFeature[]): void {
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
}

/** The Swiss lakes with recorded series, each with its OFEV gauge, in the « suisse » basin. */
function groupSwissLakes(
  groups: Map<string, Group>,
  swissStations: SeedSources['swissStations'],
  lakeByName: ReadonlyMap<string, LakeFeature>,
): void {
  for (const s of swissStations) {
    const nom = s['lac_fr'] ?? '';
    const shortName = nom.replace(/\s*\(.*\)$/, '');
    const key = `L:${nameKey(shortName)}`;
    const poly = lakeByName.get(shortName)?.geometry ?? null;
    const lieu = SWISS_PLACE_FR[s['lieu'] ?? ''] ?? (s['lieu'] ?? '').split(',')[0] ?? '';
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
      label: lieu,
      siteLabel: `${shortName} à ${lieu}`,
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
}

/** Entities to be: grouped stations and lakes, entities with recorded series first, then lakes, then by name. */
function entityGroups(src: SeedSources, stations: readonly StationInput[], seriesRank: SeriesRank): Group[] {
  const groups = new Map<string, Group>();
  const lakeFeatures = src.lakes.features.filter((f) => f.properties.nom_fr);
  const lakeByName = new Map(lakeFeatures.map((f) => [f.properties.nom_fr as string, f]));
  groupStations(groups, stations, lakeByName);
  groupOutlineLakes(groups, lakeFeatures);
  groupSwissLakes(groups, src.swissStations, lakeByName);

  const groupList = [...groups.values()];
  const firstSeries = (g: Group) => Math.min(...g.stations.map((s) => rankOf(seriesRank, s.code)));
  groupList.sort((a, b) => {
    const fa = firstSeries(a);
    const fb = firstSeries(b);
    if (fa !== fb) return fa - fb;
    if (a.type !== b.type) return a.type === 'L' ? -1 : 1;
    return nameKey(a.nom).localeCompare(nameKey(b.nom)) || a.key.localeCompare(b.key);
  });
  return groupList;
}

const majority = (votes: Map<string, number> | undefined): string | null =>
  votes ? ([...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null) : null;

/** How an entity's basin is chosen: its own, else its stations' majority, else its first département's. */
function basinChooser(stations: readonly StationInput[], bassins: readonly BuiltBassin[]) {
  // Département → most frequent basin among its stations (for lakes known only by their outline).
  const depBassinVotes = new Map<string, Map<string, number>>();
  for (const st of stations) {
    if (!st.dep || !st.bassin) continue;
    const votes = depBassinVotes.get(st.dep) ?? new Map<string, number>();
    votes.set(st.bassin, (votes.get(st.bassin) ?? 0) + 1);
    depBassinVotes.set(st.dep, votes);
  }
  const bassinByCode = new Map(bassins.filter((b) => b.code).map((b) => [b.code as string, b.slug]));
  return (g: Group, deps: ReadonlySet<string>): string => {
    let bassinCode = g.bassinCode;
    if (!bassinCode) {
      const votes = new Map<string, number>();
      for (const st of g.stations) if (st.bassin) votes.set(st.bassin, (votes.get(st.bassin) ?? 0) + 1);
      bassinCode = majority(votes) ?? majority(depBassinVotes.get([...deps][0] ?? '')) ?? '06';
    }
    return bassinCode === 'suisse' ? 'suisse' : (bassinByCode.get(bassinCode) ?? 'rhone-mediterranee');
  };
}

/** Map position: the place nearest to the mean of its places, or a point inside the lake. */
function entityPosition(g: Group): { lat: number | null; lon: number | null } {
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
  return { lat, lon };
}

/**
 * One entity per group, numbered in group order: départements (of its stations, and those its outline touches),
 * basin, unique slug, position; the points of each basin are collected for its box.
 */
function buildEntites(
  groups: readonly Group[],
  src: SeedSources,
  stations: readonly StationInput[],
  bassins: readonly BuiltBassin[],
): { entites: BuiltEntite[]; bassinPoints: Map<string, Position[]> } {
  const depFeatures = src.departements.features;
  const depsOfArea = (g: AreaGeometry): string[] => {
    const pts = [...vertices(g), interiorPoint(g)];
    return depFeatures
      .filter((d) => pts.some((p) => pointInArea(p, d.geometry)))
      .map((d) => d.properties.code);
  };
  const basinOf = basinChooser(stations, bassins);
  const entites: BuiltEntite[] = [];
  const usedSlugs = new Set<string>();
  const bassinPoints = new Map<string, Position[]>();
  groups.forEach((g, index) => {
    const id = index + 1;
    const deps = new Set<string>();
    for (const st of g.stations) if (st.dep) deps.add(st.dep);
    if (g.geometry && g.bassinCode !== 'suisse') for (const d of depsOfArea(g.geometry)) deps.add(d);
    const bassinSlug = basinOf(g, deps);

    let slug = slugify(g.nom) || `entite-${id}`;
    if (usedSlugs.has(slug)) slug = `${slug}-${bassinSlug}`;
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${slugify(g.nom)}-${bassinSlug}-${n}`;
    usedSlugs.add(slug);

    const { lat, lon } = entityPosition(g);
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
      description: g.type === 'L' && area !== null ? superficieLac(area) : null,
      departements: deps.size > 0 ? [...deps].sort() : [DEPARTEMENT_ETRANGER],
    });
  });
  return { entites, bassinPoints };
}

/** The place of a lake known only by its outline: a point inside it, no station. */
function outlineLieu(id: number, ent: BuiltEntite, g: Group, departements: Departement[]): BuiltLieu {
  const [lon, lat] = g.geometry ? interiorPoint(g.geometry) : [ent.lon ?? 0, ent.lat ?? 0];
  return {
    id,
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
  };
}

/** The place of a gauging station, on its tronçon when the demo or the recorded AP1 list says so. */
function stationLieu(
  id: number,
  ent: BuiltEntite,
  g: Group,
  st: StationInput,
  departements: Departement[],
  ap1Stations: readonly string[],
): BuiltLieu {
  const libelle = g.type === 'L' && st.source === 'ofev' ? st.siteLabel : cleanLabel(st.siteLabel);
  return {
    id,
    entite_id: ent.id,
    troncon_code: DEMO_TRONCONS[st.code] ?? (ap1Stations.includes(st.code) ? 'AP1' : null),
    nom: bracketsToParentheses(st.label) || lieuFromLabel(libelle),
    libelle,
    lat_gps: st.lat,
    lon_gps: st.lon,
    station_mesure_ok: 1,
    code_station: st.source === 'ofev' ? null : st.code,
    code_site: st.codeSite || null,
    commune: st.commune,
    departement_code: st.dep,
    infos_pratiques: stationInfos(st),
    altitude_zero: st.altitudeZero,
    surface_bv_km2: st.surfaceBv,
    ordre: null,
    source: st.source,
  };
}

/** The water-level sensor of a station's place (a lake's altitude for the Swiss gauges). */
function levelCapteur(id: number, lieuId: number, st: StationInput): BuiltCapteur {
  const ofev = st.source === 'ofev';
  return {
    id,
    lieu_id: lieuId,
    grandeur: 'H',
    unite: 'm',
    libelle: ofev ? 'Niveau du lac (altitude)' : "Hauteur d'eau",
    source: ofev ? 'ofev' : 'hubeau',
    code_station: ofev ? st.code.slice(2) : st.code,
    pas_min: null,
  };
}

/**
 * One place per station (with its level sensor), one per lake without a station. Places are numbered in series
 * order first so that demo places have small ids, then in entity order.
 */
function buildLieux(
  groups: readonly Group[],
  entites: readonly BuiltEntite[],
  departements: Departement[],
  src: SeedSources,
  seriesRank: SeriesRank,
): { lieux: BuiltLieu[]; capteurs: BuiltCapteur[] } {
  const pending: Array<{ entiteIndex: number; st: StationInput | null }> = [];
  groups.forEach((g, index) => {
    if (g.stations.length === 0) pending.push({ entiteIndex: index, st: null });
    for (const st of g.stations) pending.push({ entiteIndex: index, st });
  });
  pending.sort((a, b) => {
    const ra = a.st ? rankOf(seriesRank, a.st.code) : Infinity;
    const rb = b.st ? rankOf(seriesRank, b.st.code) : Infinity;
    return ra !== rb ? ra - rb : a.entiteIndex - b.entiteIndex;
  });
  const lieux: BuiltLieu[] = [];
  const capteurs: BuiltCapteur[] = [];
  for (const p of pending) {
    const ent = entites[p.entiteIndex] as BuiltEntite;
    const g = groups[p.entiteIndex] as Group;
    const id = lieux.length + 1;
    if (!p.st) {
      lieux.push(outlineLieu(id, ent, g, departements));
      continue;
    }
    lieux.push(stationLieu(id, ent, g, p.st, departements, src.ap1Stations));
    capteurs.push(levelCapteur(capteurs.length + 1, id, p.st));
  }
  return { lieux, capteurs };
}

/**
 * Same label twice on one entity (several gauges on one site): the station's own name is added. Places are ordered
 * upstream → downstream (docs/decisions/096): French hydrometric codes (`O2000040…`) are numbered in the hydrographic
 * direction within a river, so places with a French station code come first, in code order; the others (Swiss OFEV
 * numbers, places without station) follow by catchment area where they have one, then by name.
 */
/** A French hydrometric station code: a basin letter and 9 characters (`O200004001`). */
const FRENCH_STATION = /^[A-Z][0-9A-Z]{9}$/;

function labelAndOrderLieux(lieux: readonly BuiltLieu[]): void {
  const byEntity = new Map<number, BuiltLieu[]>();
  for (const l of lieux) byEntity.set(l.entite_id, [...(byEntity.get(l.entite_id) ?? []), l]);
  for (const list of byEntity.values()) {
    const seen = new Map<string, number>();
    for (const l of list) seen.set(l.libelle, (seen.get(l.libelle) ?? 0) + 1);
    for (const l of list) if ((seen.get(l.libelle) ?? 0) > 1) l.libelle = `${l.libelle} — ${l.nom}`;
    const coded = list.filter((l) => l.code_station !== null && FRENCH_STATION.test(l.code_station));
    coded.sort((a, b) => ((a.code_station as string) < (b.code_station as string) ? -1 : 1));
    const withArea = list.filter((l) => !coded.includes(l) && l.surface_bv_km2 !== null);
    withArea.sort((a, b) => (a.surface_bv_km2 as number) - (b.surface_bv_km2 as number));
    [...coded, ...withArea].forEach((l, i) => (l.ordre = i + 1));
  }
}

/** Tributaries (compiled list, Adour-Garonne only, exact names, each name on one river only). */
function linkTributaries(entites: readonly BuiltEntite[]): void {
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
}

/** Tronçons: every tronçon of the recording; linked to the entity of its first place when known. */
function buildTroncons(src: SeedSources, lieux: readonly BuiltLieu[]): BuiltTroncon[] {
  const tronconEntite = new Map<string, number>();
  for (const l of lieux) {
    if (!l.troncon_code || tronconEntite.has(l.troncon_code)) continue;
    tronconEntite.set(l.troncon_code, l.entite_id);
  }
  return src.troncons.map((t, i) => ({
    id: i + 1,
    code: t['CdEntVigiCru'] ?? '',
    nom: t['LbEntVigiCru'] ?? '',
    entite_id: tronconEntite.get(t['CdEntVigiCru'] ?? '') ?? null,
    territoire_code: t['CdTerritoire'] ?? '',
    territoire_nom: t['LbTerritoire'] ?? '',
    niveau: num(t['NivInfoVigiCru_2021-01-24']),
  }));
}

/** The whole referential, step by step (each step is a function above). */
export function buildReferentiel(src: SeedSources): BuiltReferentiel {
  const seriesRank: SeriesRank = new Map(src.seriesStations.map((c, i) => [c, i]));
  const departements = buildDepartements(src);
  const bassins = buildBassins(src);
  const stations = collectStations(src, departements, seriesRank);
  const groups = entityGroups(src, stations, seriesRank);
  const { entites, bassinPoints } = buildEntites(groups, src, stations, bassins);
  const { lieux, capteurs } = buildLieux(groups, entites, departements, src, seriesRank);
  labelAndOrderLieux(lieux);
  linkTributaries(entites);
  for (const b of bassins) b.bbox = bbox(bassinPoints.get(b.slug) ?? []);
  const troncons = buildTroncons(src, lieux);
  return { bassins, departements, entites, lieux, capteurs, troncons };
}

function depName(code: string | null, deps: Departement[]): string | null {
  return deps.find((d) => d.code === code)?.nom ?? null;
}

function stationInfos(st: StationInput): string {
  const lines: string[] = [];
  if (st.source === 'ofev') {
    lines.push(stationOfevFr(st.code.slice(2), st.commune ?? ''));
    lines.push(INFOS_FR.altitudeOfev);
    lines.push(INFOS_FR.donneesOfev);
    return lines.join('\n');
  }
  // Commune, département, station code, catchment area, gauge datum and coordinates are the table of the Infos tab:
  // the text says what the table cannot (no line said twice).
  lines.push(INFOS_FR.stationVigicrues);
  lines.push(INFOS_FR.zeroEchelle);
  return lines.join('\n');
}

function lakeInfos(ent: BuiltEntite, deps: Departement[]): string {
  const names = ent.departements.map((c) => depName(c, deps)).filter(Boolean);
  const lines = [`- ${ent.nom}${names.length ? ` (${names.join(', ')})` : ''}.`];
  if (ent.description) lines.push(`- ${ent.description}`);
  lines.push(INFOS_FR.lacSansStation);
  return lines.join('\n');
}
