/**
 * Drought restrictions (arrêtés sécheresse) as VigiEau publishes them by alert zone (docs/decisions/155): the four
 * levels of gravity and which of an order's usages concern each of Limni's activities.
 *
 * The usages are free text written by each prefecture (1,607 distinct wordings in the national export); an activity
 * is concerned by the usages of the themes about activities in or on the water whose wording names it. Washing a
 * boat, filling a pool or watering a golf course never concern a day on the water.
 */

/** VigiEau's levels, mildest first (`niveauGravite`). */
export const NIVEAUX_SECHERESSE = ['vigilance', 'alerte', 'alerte_renforcee', 'crise'] as const;
export type NiveauSecheresse = (typeof NIVEAUX_SECHERESSE)[number];

export const LIBELLES_SECHERESSE: Readonly<Record<NiveauSecheresse, { fr: string; en: string }>> = {
  vigilance: { fr: 'Vigilance', en: 'Watch' },
  alerte: { fr: 'Alerte', en: 'Alert' },
  alerte_renforcee: { fr: 'Alerte renforcée', en: 'Heightened alert' },
  crise: { fr: 'Crise', en: 'Crisis' },
};

/** A level as the API wrote it over the years (« Crise », « alerte_renforcee », « Alerte renforcée »), or null. */
export function niveauSecheresse(raw: string): NiveauSecheresse | null {
  const k = raw
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (NIVEAUX_SECHERESSE as readonly string[]).includes(k) ? (k as NiveauSecheresse) : null;
}

/** Themes whose usages are activities in or on the water (VigiEau's and the older Propluvia wordings). */
const THEMES_ACTIVITES = /activit[ée]s en cours d.eau|usages de loisirs|^loisirs/i;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Wordings that concern every activity on the water (going into the river, leisure in the river bed). */
const TOUTES =
  /activites de loisirs|activites en riviere|activites dans le lit|pratiques ou activites dans le lit|pratiques et activites dans le lit|pratiques nautiques|activites nautiques|loisirs nautiques/;
/** Wordings that are about fishing as a pastime (not electric or scientific surveys, not magnet « fishing »). */
const PECHE = /\bpeche(?!s? (electrique|scientifique|a l.aimant))/;
/** Wordings about boating for leisure. */
const NAVIGATION = /navigation de loisir|\bcanoe|\bkayak|\bnautique|\bembarcation/;

/** Limni's activities (slugs) that a usage of an order concerns; empty when it concerns none. */
export function activitesConcernees(usage: { nom: string; thematique: string }): string[] {
  if (!THEMES_ACTIVITES.test(fold(usage.thematique))) return [];
  const nom = fold(usage.nom);
  const out = new Set<string>();
  if (TOUTES.test(nom)) {
    for (const a of ['baignade', 'peche', 'canoe-kayak', 'voile', 'aviron', 'stand-up-paddle']) out.add(a);
    // « Loisirs nautiques … hors pêche » leaves fishing out.
    if (/hors peche/.test(nom)) out.delete('peche');
  }
  if (PECHE.test(nom) && !/hors peche/.test(nom)) out.add('peche');
  if (NAVIGATION.test(nom)) {
    for (const a of ['canoe-kayak', 'voile', 'aviron', 'stand-up-paddle']) out.add(a);
  }
  return [...out].sort();
}
