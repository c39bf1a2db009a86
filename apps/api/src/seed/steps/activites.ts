/**
 * Seed step: the six activities and their indicative thresholds per place (docs/decisions/015).
 * There are no official activity thresholds: each place's bounds are percentiles of its own recorded water
 * levels (H), chosen per activity and per kind of place (river stretch or lake). Same data → same thresholds.
 */
import type { Kysely } from 'kysely';
import { parisDay } from '@limni/shared/domain/time';
import type { Database } from '../../db/schema';
import { insertRows, levelSensorsWithSeries, sensorValues } from '../seed.repo';
import type { SeedStep } from '../step';

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
}

/** Rivers whose catchment is at least this large are wide and slow enough for rowing and paddle boarding. */
export const GRANDE_RIVIERE_KM2 = 3000;

/** River stretches (type R). Bathing and sailing are not proposed on rivers (see ADR 015). */
export const PROFILS_RIVIERE: Partial<Record<ActiviteSlug, Profil>> = {
  peche: {
    bas: null,
    haut: 75,
    sens: 'Au-dessus du seuil haut, l’eau est haute, rapide et souvent trouble : pêche difficile, berges glissantes.',
  },
  'canoe-kayak': {
    bas: 10,
    haut: 90,
    sens: 'Sous le seuil bas, les hauts-fonds affleurent et l’on racle ; au-dessus du seuil haut, courant de crue, branches et embâcles.',
  },
  aviron: {
    bas: 10,
    haut: 75,
    sens: 'Sous le seuil bas, le chenal se rétrécit ; au-dessus du seuil haut, le courant devient trop fort pour ramer en sécurité.',
  },
  'stand-up-paddle': {
    bas: 10,
    haut: 75,
    sens: 'Sous le seuil bas, l’aileron touche le fond ; au-dessus du seuil haut, le courant emporte la planche.',
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
  },
  peche: {
    bas: null,
    haut: 90,
    sens: 'Au-dessus du seuil haut, berges et pontons sont inondés et l’eau se trouble.',
  },
  'canoe-kayak': {
    bas: null,
    haut: 90,
    sens: 'Au-dessus du seuil haut, bois flottants et rives inondées : mises à l’eau difficiles.',
  },
  voile: {
    bas: 10,
    haut: 90,
    sens: 'Sous le seuil bas, attention aux hauts-fonds près des ports ; au-dessus du seuil haut, cales et pontons sont inondés.',
  },
  aviron: {
    bas: null,
    haut: 90,
    sens: 'Au-dessus du seuil haut, bois flottants et pontons inondés.',
  },
  'stand-up-paddle': {
    bas: null,
    haut: 90,
    sens: 'Au-dessus du seuil haut, bois flottants et rives inondées.',
  },
};

/** Percentile `p` (0–100) of sorted values, linear interpolation between closest ranks (R type 7, numpy). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('Série vide');
  const rank = ((sorted.length - 1) * p) / 100;
  const lo = Math.floor(rank);
  const a = sorted[lo] as number;
  const b = sorted[Math.min(lo + 1, sorted.length - 1)] as number;
  return a + (b - a) * (rank - lo);
}

/** Thresholds are given to the centimetre. */
const toCm = (v: number) => Math.round(v * 100) / 100;

export interface SerieLieu {
  lieu_id: number;
  type: 'R' | 'L';
  surface_bv_km2: number | null;
  /** Recorded water levels (m), any order. */
  valeurs: number[];
  premier_ts: number;
  dernier_ts: number;
}

export interface SeuilCalcule {
  activite_id: number;
  lieu_id: number;
  grandeur: 'H';
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
        grandeur: 'H' as const,
        seuil_bas: profil.bas === null ? null : toCm(percentile(sorted, profil.bas)),
        seuil_haut: profil.haut === null ? null : toCm(percentile(sorted, profil.haut)),
        texte:
          `Seuils indicatifs calculés par Limni : ${centiles(rangs)} des ${n} hauteurs relevées ici du ` +
          `${jour(serie.premier_ts)} au ${jour(serie.dernier_ts)}. ${profil.sens}`,
        indicatif: 1 as const,
      },
    ];
  });
}

/** Every place with a recorded water-level series (the Garonne/Ariège stations and the Swiss lakes). */
async function seriesDesLieux(trx: Kysely<Database>): Promise<SerieLieu[]> {
  const out: SerieLieu[] = [];
  for (const c of await levelSensorsWithSeries(trx)) {
    out.push({
      lieu_id: c.lieu_id,
      type: c.type,
      surface_bv_km2: c.surface_bv_km2,
      valeurs: await sensorValues(trx, c.id),
      premier_ts: c.premier_ts as number,
      dernier_ts: c.dernier_ts as number,
    });
  }
  return out;
}

export const seedActivites: SeedStep = async (trx, { log }) => {
  await insertRows(
    trx,
    'activite',
    ACTIVITES.map((a) => ({ ...a })),
  );
  const seuils = (await seriesDesLieux(trx)).flatMap(seuilsDuLieu);
  await insertRows(trx, 'activite_lieu', seuils, 500);
  log(`${ACTIVITES.length} activités, ${seuils.length} seuils indicatifs`);
};
