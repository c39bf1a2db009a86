/**
 * Activities and their indicative thresholds per place (docs/decisions/015, 099). There are no official activity
 * thresholds: each place's bounds are percentiles of its own water data, chosen per activity and per kind of place
 * (river stretch or lake) — of its long daily archive over the climatology's reference period where it has one,
 * otherwise of its recorded water levels (H). Same data → same thresholds. Used by the seed and, in live mode,
 * whenever a sensor's climatology is recomputed.
 */
import { origineArchiveIn } from '@limni/shared/domain/sources';
import type { Kysely } from 'kysely';
import { quantile7 } from '@limni/shared/domain/climatologie';
import { parisDay } from '@limni/shared/domain/time';
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
  /** What happens beyond the bounds, in French. */
  sens: string;
  /** The same in US English. */
  sensEn: string;
}

/** Rivers whose catchment is at least this large are wide and slow enough for rowing and paddle boarding. */
export const GRANDE_RIVIERE_KM2 = 3000;

/** River stretches (type R). Bathing and sailing are not proposed on rivers (see ADR 015). */
export const PROFILS_RIVIERE: Partial<Record<ActiviteSlug, Profil>> = {
  peche: {
    bas: null,
    haut: 75,
    sens: 'Au-dessus du seuil haut, l’eau est haute, rapide et souvent trouble : pêche difficile, berges glissantes.',
    sensEn: 'Above the high threshold, the water is high, fast and often murky: fishing is hard, banks are slippery.',
  },
  'canoe-kayak': {
    bas: 10,
    haut: 90,
    sens: 'Sous le seuil bas, les hauts-fonds affleurent et l’on racle ; au-dessus du seuil haut, courant de crue, branches et embâcles.',
    sensEn: 'Below the low threshold, shoals break the surface and boats scrape; above the high threshold, flood current, branches and logjams.',
  },
  aviron: {
    bas: 10,
    haut: 75,
    sens: 'Sous le seuil bas, le chenal se rétrécit ; au-dessus du seuil haut, le courant devient trop fort pour ramer en sécurité.',
    sensEn: 'Below the low threshold, the channel narrows; above the high threshold, the current is too strong to row safely.',
  },
  'stand-up-paddle': {
    bas: 10,
    haut: 75,
    sens: 'Sous le seuil bas, l’aileron touche le fond ; au-dessus du seuil haut, le courant emporte la planche.',
    sensEn: 'Below the low threshold, the fin touches the bottom; above the high threshold, the current carries the board away.',
  },
};

/** Activities offered only on large rivers (catchment ≥ GRANDE_RIVIERE_KM2). */
export const GRANDE_RIVIERE_SEULEMENT: readonly ActiviteSlug[] = ['aviron', 'stand-up-paddle'];

/** Lakes (type L): the level is the altitude of the water surface. */
export const PROFILS_LAC: Partial<Record<ActiviteSlug, Profil>> = {
  baignade: {
    bas: null,
    haut: 90,
    sens: 'Au-dessus du seuil haut, plages et pontons sont inondés, l’eau charrie du bois et se trouble : baignade à éviter.',
    sensEn: 'Above the high threshold, beaches and pontoons are flooded, the water carries wood and turns murky: avoid swimming.',
  },
  peche: {
    bas: null,
    haut: 90,
    sens: 'Au-dessus du seuil haut, berges et pontons sont inondés et l’eau se trouble.',
    sensEn: 'Above the high threshold, banks and pontoons are flooded and the water turns murky.',
  },
  'canoe-kayak': {
    bas: null,
    haut: 90,
    sens: 'Au-dessus du seuil haut, bois flottants et rives inondées : mises à l’eau difficiles.',
    sensEn: 'Above the high threshold, driftwood and flooded shores: launching is hard.',
  },
  voile: {
    bas: 10,
    haut: 90,
    sens: 'Sous le seuil bas, attention aux hauts-fonds près des ports ; au-dessus du seuil haut, cales et pontons sont inondés.',
    sensEn: 'Below the low threshold, watch for shoals near harbours; above the high threshold, slipways and pontoons are flooded.',
  },
  aviron: {
    bas: null,
    haut: 90,
    sens: 'Au-dessus du seuil haut, bois flottants et pontons inondés.',
    sensEn: 'Above the high threshold, driftwood and flooded pontoons.',
  },
  'stand-up-paddle': {
    bas: null,
    haut: 90,
    sens: 'Au-dessus du seuil haut, bois flottants et rives inondées.',
    sensEn: 'Above the high threshold, driftwood and flooded shores.',
  },
};

/** Thresholds are given to the hundredth (centimetre of height, hundredth of a m³/s). */
const toHundredth = (v: number) => Math.round(v * 100) / 100;

/** What the thresholds of a place are computed from, named in their text. */
export type OrigineSeuils =
  /** The place's recorded water levels (every reading, any step). */
  | { kind: 'releves'; premier_ts: number; dernier_ts: number }
  /** Daily means of the long archive over the climatology's reference period (docs/decisions/099). */
  | { kind: 'archive'; annee_debut: number; annee_fin: number; origine: string | null };

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

/** "des 2 976 hauteurs relevées ici du 01/01/2022 au 31/01/2022", "des 7 305 débits moyens journaliers de 1999 à 2018 (…)". */
function baseDuCalcul(serie: SerieLieu, n: string): string {
  const o = serie.origine;
  if (o.kind === 'releves') {
    const quoi = serie.grandeur === 'H' ? 'hauteurs relevées' : 'débits relevés';
    return `des ${n} ${quoi} ici du ${jour(o.premier_ts)} au ${jour(o.dernier_ts)}`;
  }
  const quoi = serie.grandeur === 'H' ? 'hauteurs moyennes journalières' : 'débits moyens journaliers';
  const source = o.origine ? ` (${o.origine})` : '';
  return `des ${n} ${quoi} de ${o.annee_debut} à ${o.annee_fin}${source}`;
}

const PROFILS = [...Object.values(PROFILS_RIVIERE), ...Object.values(PROFILS_LAC)];
const TEXTE_FR =
  /^Seuils indicatifs calculés par Limni : (\d+)e(?: et (\d+)e)? centiles? des ([\d\s\u202f]+) (hauteurs relevées|débits relevés|hauteurs moyennes journalières|débits moyens journaliers) (?:ici du (\d\d\/\d\d\/\d{4}) au (\d\d\/\d\d\/\d{4})|de (\d{4}) à (\d{4})(?: \((.*)\))?)\. (.*)$/su;
const QUOI_EN: Record<string, string> = {
  'hauteurs relevées': 'water levels read',
  'débits relevés': 'flows read',
  'hauteurs moyennes journalières': 'daily mean water levels',
  'débits moyens journaliers': 'daily mean flows',
};
const ordinal = (p: string) => `${p}th`;
const jourEn = (d: string) => d.split('/').reverse().join('-');

/**
 * The explanation of indicative thresholds (`texte`, written in French by `seuilsDuLieu`) in `langue`: the English of
 * a text this module wrote; any other text (official thresholds) as it is.
 */
export function texteSeuilIn(texte: string, langue: 'fr' | 'en'): string {
  if (langue === 'fr') return texte;
  const m = TEXTE_FR.exec(texte);
  if (!m) return texte;
  const [, p1 = '', p2, n = '', quoi = '', du, au, de, a, origine, sens = ''] = m;
  const rangs = p2 ? `${ordinal(p1)} and ${ordinal(p2)} percentiles` : `${ordinal(p1)} percentile`;
  const count = n.replace(/[\s\u202f]/g, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const base =
    du && au
      ? `of the ${count} ${QUOI_EN[quoi] ?? quoi} here from ${jourEn(du)} to ${jourEn(au)}`
      : `of the ${count} ${QUOI_EN[quoi] ?? quoi} from ${de} to ${a}${origine ? ` (${origineArchiveIn(origine, 'en') ?? origine})` : ''}`;
  const sensEn = PROFILS.find((p) => p?.sens === sens)?.sensEn ?? sens;
  return `Indicative thresholds computed by Limni: ${rangs} ${base}. ${sensEn}`;
}

/** The indicative thresholds of every activity that fits the place. Pure. */
export function seuilsDuLieu(serie: SerieLieu): SeuilCalcule[] {
  if (serie.valeurs.length === 0) return [];
  const sorted = [...serie.valeurs].sort((a, b) => a - b);
  const profils = serie.type === 'L' ? PROFILS_LAC : PROFILS_RIVIERE;
  const grande = (serie.surface_bv_km2 ?? 0) >= GRANDE_RIVIERE_KM2;
  const n = new Intl.NumberFormat('fr-FR').format(sorted.length);
  return ACTIVITES.flatMap((a) => {
    const profil = profils[a.slug];
    if (!profil) return [];
    if (serie.type === 'R' && GRANDE_RIVIERE_SEULEMENT.includes(a.slug) && !grande) return [];
    const rangs = [profil.bas, profil.haut].filter((p): p is number => p !== null);
    return [
      {
        activite_id: a.id,
        lieu_id: serie.lieu_id,
        grandeur: serie.grandeur,
        seuil_bas: profil.bas === null ? null : toHundredth(quantile7(sorted, profil.bas / 100)),
        seuil_haut: profil.haut === null ? null : toHundredth(quantile7(sorted, profil.haut / 100)),
        texte: `Seuils indicatifs calculés par Limni : ${centiles(rangs)} ${baseDuCalcul(serie, n)}. ${profil.sens}`,
        indicatif: 1 as const,
      },
    ];
  });
}

/**
 * Replaces the indicative thresholds of the place of a sensor with a long archive by thresholds computed from that
 * archive over its climatology's reference period (docs/decisions/099). Official thresholds (`indicatif = 0`) are
 * never touched; a sensor without a reference period (fewer than 5 complete years) changes nothing. Returns how many
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
    origine: { kind: 'archive', annee_debut: base.annee_debut, annee_fin: base.annee_fin, origine: base.origine },
  });
  await replaceIndicativeThresholds(db, base.lieu_id, seuils);
  return seuils.length;
}
