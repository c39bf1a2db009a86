/**
 * Activities and their indicative thresholds per place (docs/decisions/015, 099, 141). No published source gives
 * activity thresholds for our places: each bound is a percentile, chosen per activity and per kind of place (river
 * stretch or lake), of the place's long daily archive over the climatology's reference period — only when that period
 * holds at least `MIN_ANNEES_HISTORIQUE` complete years. A place with less (one month of readings, a short archive)
 * gets no bounds: « pas assez d'historique pour un avis ». Same data → same thresholds. Used by the seed and, in live
 * mode, whenever a sensor's climatology is recomputed.
 */
import { origineArchiveIn } from '@limni/shared/domain/sources';
import type { Kysely } from 'kysely';
import { quantile7 } from '@limni/shared/domain/climatologie';
import { parisDay } from '@limni/shared/domain/time';
import { MIN_ANNEES_HISTORIQUE } from '@limni/shared/domain/verdict';
import type { Database } from '../db/schema';
import { archiveThresholdBase, replaceIndicativeThresholds } from './activite-seuils.repo';

export const ACTIVITES = [
  {
    id: 1,
    slug: 'baignade',
    nom: 'Baignade',
    icone: 'baignade',
    description:
      'Se baigner dans un lac : une eau calme, ni trop haute ni chargée par une crue, au bord de plages accessibles.',
  },
  {
    id: 2,
    slug: 'peche',
    nom: 'Pêche',
    icone: 'peche',
    description:
      "Pêcher du bord ou en barque : les eaux hautes et troubles d'une crue rendent la pêche difficile et les berges dangereuses.",
  },
  {
    id: 3,
    slug: 'canoe-kayak',
    nom: 'Canoë-kayak',
    icone: 'canoe-kayak',
    description:
      'Descendre une rivière ou parcourir un lac en canoë ou en kayak : assez d’eau pour passer, pas trop pour rester maître du bateau.',
  },
  {
    id: 4,
    slug: 'voile',
    nom: 'Voile',
    icone: 'voile',
    description:
      'Naviguer à la voile sur un lac : ports, cales de mise à l’eau et pontons doivent rester utilisables.',
  },
  {
    id: 5,
    slug: 'aviron',
    nom: 'Aviron',
    icone: 'aviron',
    description:
      'Ramer sur un lac ou une grande rivière lente : un courant faible et un niveau proche de l’ordinaire sont indispensables.',
  },
  {
    id: 6,
    slug: 'stand-up-paddle',
    nom: 'Stand-up paddle',
    icone: 'stand-up-paddle',
    description: 'Pagayer debout sur une planche : réservé aux eaux calmes, loin des courants de crue.',
  },
] as const;

export type ActiviteSlug = (typeof ACTIVITES)[number]['slug'];

/** Percentile bounds of one activity on one kind of place; null = no bound on that side. */
export interface Profil {
  bas: number | null;
  haut: number | null;
}

/** Rivers whose catchment is at least this large are wide and slow enough for rowing and paddle boarding. */
export const GRANDE_RIVIERE_KM2 = 3000;

/** River stretches (type R). Bathing and sailing are not proposed on rivers (see ADR 015). */
export const PROFILS_RIVIERE: Partial<Record<ActiviteSlug, Profil>> = {
  peche: { bas: null, haut: 75 },
  'canoe-kayak': { bas: 10, haut: 90 },
  aviron: { bas: 10, haut: 75 },
  'stand-up-paddle': { bas: 10, haut: 75 },
};

/** Activities offered only on large rivers (catchment ≥ GRANDE_RIVIERE_KM2). */
export const GRANDE_RIVIERE_SEULEMENT: readonly ActiviteSlug[] = ['aviron', 'stand-up-paddle'];

/** Lakes (type L): the level is the altitude of the water surface. */
export const PROFILS_LAC: Partial<Record<ActiviteSlug, Profil>> = {
  baignade: { bas: null, haut: 90 },
  peche: { bas: null, haut: 90 },
  'canoe-kayak': { bas: null, haut: 90 },
  voile: { bas: 10, haut: 90 },
  aviron: { bas: null, haut: 90 },
  'stand-up-paddle': { bas: null, haut: 90 },
};

/** The percentile profile of an activity on a kind of place, undefined when the activity is not offered there. */
export function profilDe(activiteId: number, type: 'R' | 'L'): Profil | undefined {
  const slug = ACTIVITES.find((a) => a.id === activiteId)?.slug;
  return slug ? (type === 'L' ? PROFILS_LAC : PROFILS_RIVIERE)[slug] : undefined;
}

/** Thresholds are given to the hundredth (centimetre of height, hundredth of a m³/s). */
const toHundredth = (v: number) => Math.round(v * 100) / 100;

/** What the thresholds of a place are computed from, named in their text. */
export type OrigineSeuils =
  /** The place's recorded water levels (every reading, any step). */
  | { kind: 'releves'; premier_ts: number; dernier_ts: number }
  /** Daily means of the long archive over the climatology's reference period (docs/decisions/099). */
  | {
      kind: 'archive';
      annee_debut: number;
      annee_fin: number;
      origine: string | null;
      /** Which daily value the archive holds (docs/decisions/140). */
      statistique: 'moyenne' | 'max';
      /** Complete years in the period (a period may skip incomplete years). */
      annees_completes: number;
    };

export interface SerieLieu {
  lieu_id: number;
  type: 'R' | 'L';
  surface_bv_km2: number | null;
  grandeur: 'H' | 'Q';
  /** Values in the sensor's unit (m, m³/s), any order. */
  valeurs: number[];
  origine: OrigineSeuils;
}

export interface SeuilCalcule {
  activite_id: number;
  lieu_id: number;
  grandeur: 'H' | 'Q';
  seuil_bas: number | null;
  seuil_haut: number | null;
  texte: string;
  indicatif: 1;
}

/** "10e et 90e centiles", "75e centile". */
const centiles = (ps: number[]) =>
  ps.length === 1 ? `${ps[0]}e centile` : `${ps.map((p) => `${p}e`).join(' et ')} centiles`;
/** dd/mm/yyyy of an instant, in Europe/Paris. */
const jour = (ms: number) => parisDay(ms).split('-').reverse().join('/');

/** "débits moyens journaliers", "hauteurs maximales journalières". */
function valeursJournalieres(grandeur: 'H' | 'Q', statistique: 'moyenne' | 'max'): string {
  if (grandeur === 'Q') return statistique === 'max' ? 'débits maximaux journaliers' : 'débits moyens journaliers';
  return statistique === 'max' ? 'hauteurs maximales journalières' : 'hauteurs moyennes journalières';
}

/** What a place has when it has too little for thresholds: its readings, or its short archive. */
function peuDHistorique(serie: SerieLieu, n: string): string {
  const o = serie.origine;
  if (o.kind === 'releves') {
    const quoi = serie.grandeur === 'H' ? 'hauteurs relevées' : 'débits relevés';
    return `les ${n} ${quoi} du ${jour(o.premier_ts)} au ${jour(o.dernier_ts)}`;
  }
  return `${o.annees_completes} années complètes de ${valeursJournalieres(serie.grandeur, o.statistique)} (${o.annee_debut} à ${o.annee_fin})`;
}

/**
 * The texts this module writes. `texteSeuilIn` parses them back to give their English; keep both in step.
 * Sufficient archive: « Seuils indicatifs calculés par Limni : 10e et 90e centiles des 7 305 débits moyens
 * journaliers de 1999 à 2018 (origine). Sous le seuil bas, la valeur est plus basse que 90 % de ces jours ; au-dessus
 * du seuil haut, plus haute que 90 % d'entre eux. » Too little: « Pas assez d'historique pour un avis : Limni n'a ici
 * que les 2 976 hauteurs relevées du 01/01/2022 au 31/01/2022 ; il lui faut au moins 10 années complètes de valeurs
 * journalières. »
 */
function texteDesSeuils(serie: SerieLieu, profil: Profil, n: string, suffisant: boolean): string {
  const o = serie.origine;
  if (!suffisant || o.kind !== 'archive') {
    return `${PAS_ASSEZ} : Limni n’a ici que ${peuDHistorique(serie, n)} ; il lui faut au moins ${MIN_ANNEES_HISTORIQUE} années complètes de valeurs journalières.`;
  }
  const rangs = [profil.bas, profil.haut].filter((p): p is number => p !== null);
  const source = o.origine ? ` (${o.origine})` : '';
  const base = `${centiles(rangs)} des ${n} ${valeursJournalieres(serie.grandeur, o.statistique)} de ${o.annee_debut} à ${o.annee_fin}${source}`;
  const sens = [
    profil.bas !== null ? `sous le seuil bas, la valeur est plus basse que ${100 - profil.bas}\u00a0% de ces jours` : null,
    profil.haut !== null
      ? `${profil.bas !== null ? 'au-dessus du seuil haut, plus haute' : 'au-dessus du seuil haut, la valeur est plus haute'} que ${profil.haut}\u00a0% ${profil.bas !== null ? 'd’entre eux' : 'de ces jours'}`
      : null,
  ].filter((x): x is string => x !== null);
  const phrase = sens.join(' ; ');
  return `Seuils indicatifs calculés par Limni : ${base}. ${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}.`;
}

const PAS_ASSEZ = 'Pas assez d’historique pour un avis';
const QUOI_EN: Record<string, string> = {
  'hauteurs relevées': 'water levels read',
  'débits relevés': 'flows read',
  'hauteurs moyennes journalières': 'daily mean water levels',
  'débits moyens journaliers': 'daily mean flows',
  'hauteurs maximales journalières': 'daily maximum water levels',
  'débits maximaux journaliers': 'daily maximum flows',
};
const QUOI = Object.keys(QUOI_EN).join('|');
const TEXTE_FR = new RegExp(
  `^Seuils indicatifs calculés par Limni : (\\d+)e(?: et (\\d+)e)? centiles? des ([\\d\\s\\u202f]+) (${QUOI}) de (\\d{4}) à (\\d{4})(?: \\((.*)\\))?\\. (.*)$`,
  'su',
);
const PAS_ASSEZ_FR = new RegExp(
  `^${PAS_ASSEZ} : Limni n’a ici que (?:les ([\\d\\s\\u202f]+) (${QUOI}) du (\\d\\d/\\d\\d/\\d{4}) au (\\d\\d/\\d\\d/\\d{4})|(\\d+) années complètes de (${QUOI}) \\((\\d{4}) à (\\d{4})\\)) ; il lui faut au moins (\\d+) années complètes de valeurs journalières\\.$`,
  'su',
);
const ordinal = (p: string) => `${p}th`;
const jourEn = (d: string) => d.split('/').reverse().join('-');
const countEn = (n: string) => n.replace(/[\s\u202f]/g, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The English of the "beyond the bounds" sentence of `texteDesSeuils`. */
function sensEn(sens: string): string {
  const bas = /plus basse que (\d+)\u00a0%/u.exec(sens)?.[1];
  const haut = /plus haute que (\d+)\u00a0%/u.exec(sens)?.[1];
  const parts = [
    bas ? `below the low threshold, the value is lower than on ${bas}% of these days` : null,
    haut ? `above the high threshold, ${bas ? 'higher' : 'the value is higher'} than on ${haut}% of them` : null,
  ].filter((x): x is string => x !== null);
  const phrase = parts.join('; ');
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}.`;
}

/**
 * The explanation of indicative thresholds (`texte`, written in French by `seuilsDuLieu`) in `langue`: the English of
 * a text this module writes; any other text (official thresholds, older wordings) as it is.
 */
export function texteSeuilIn(texte: string, langue: 'fr' | 'en'): string {
  if (langue === 'fr') return texte;
  const court = PAS_ASSEZ_FR.exec(texte);
  if (court) {
    const [, n, quoi, du, au, annees, quoiArchive, de, a, min] = court;
    const has =
      n && quoi && du && au
        ? `the ${countEn(n)} ${QUOI_EN[quoi] ?? quoi} here from ${jourEn(du)} to ${jourEn(au)}`
        : `${annees} complete years of ${QUOI_EN[quoiArchive ?? ''] ?? quoiArchive} (${de} to ${a})`;
    return `Not enough history for an opinion: Limni only has ${has}; it needs at least ${min} complete years of daily values.`;
  }
  const m = TEXTE_FR.exec(texte);
  if (!m) return texte;
  const [, p1 = '', p2, n = '', quoi = '', de, a, origine, sens = ''] = m;
  const rangs = p2 ? `${ordinal(p1)} and ${ordinal(p2)} percentiles` : `${ordinal(p1)} percentile`;
  const source = origine ? ` (${origineArchiveIn(origine, 'en') ?? origine})` : '';
  return `Indicative thresholds computed by Limni: ${rangs} of the ${countEn(n)} ${QUOI_EN[quoi] ?? quoi} from ${de} to ${a}${source}. ${sensEn(sens)}`;
}

/**
 * The indicative thresholds of every activity that fits the place. Pure. A place without `MIN_ANNEES_HISTORIQUE`
 * complete years of daily values gets, for each such activity, a row without bounds that says so (ADR 141).
 */
export function seuilsDuLieu(serie: SerieLieu): SeuilCalcule[] {
  if (serie.valeurs.length === 0) return [];
  const sorted = [...serie.valeurs].sort((a, b) => a - b);
  const profils = serie.type === 'L' ? PROFILS_LAC : PROFILS_RIVIERE;
  const grande = (serie.surface_bv_km2 ?? 0) >= GRANDE_RIVIERE_KM2;
  const n = new Intl.NumberFormat('fr-FR').format(sorted.length);
  const suffisant =
    serie.origine.kind === 'archive' && serie.origine.annees_completes >= MIN_ANNEES_HISTORIQUE;
  const borne = (p: number | null) => (p === null || !suffisant ? null : toHundredth(quantile7(sorted, p / 100)));
  return ACTIVITES.flatMap((a) => {
    const profil = profils[a.slug];
    if (!profil) return [];
    if (serie.type === 'R' && GRANDE_RIVIERE_SEULEMENT.includes(a.slug) && !grande) return [];
    return [
      {
        activite_id: a.id,
        lieu_id: serie.lieu_id,
        grandeur: serie.grandeur,
        seuil_bas: borne(profil.bas),
        seuil_haut: borne(profil.haut),
        texte: texteDesSeuils(serie, profil, n, suffisant),
        indicatif: 1 as const,
      },
    ];
  });
}

/**
 * Replaces the indicative thresholds of the place of a sensor with a long archive by thresholds computed from that
 * archive over its climatology's reference period (docs/decisions/099), or by rows without bounds when that period
 * holds fewer than `MIN_ANNEES_HISTORIQUE` complete years (ADR 141). Official thresholds (`indicatif = 0`) are never
 * touched; a sensor without a reference period (fewer than 5 complete years) changes nothing. Returns how many
 * thresholds were written.
 */
export async function recomputeArchiveThresholds(db: Kysely<Database>, capteurId: number): Promise<number> {
  const base = await archiveThresholdBase(db, capteurId);
  if (!base) return 0;
  const seuils = seuilsDuLieu({
    lieu_id: base.lieu_id,
    type: base.type,
    surface_bv_km2: base.surface_bv_km2,
    grandeur: base.grandeur,
    valeurs: base.valeurs,
    origine: {
      kind: 'archive',
      annee_debut: base.annee_debut,
      annee_fin: base.annee_fin,
      origine: base.origine,
      statistique: base.statistique,
      annees_completes: base.annees_completes,
    },
  });
  await replaceIndicativeThresholds(db, base.lieu_id, seuils);
  return seuils.length;
}
