/**
 * Activity verdicts of places at a date (docs/decisions/016): the sensors' state and the vigilance in force at
 * the day's reference instant, judged by the shared rule `computeVerdict`.
 */
import type { Kysely } from 'kysely';
import type {
  ActiviteDetail,
  MesureVerdict,
  SeuilActivite,
  VerdictJour,
  VigilanceVerdict,
} from '@limni/shared/contracts/activites';
import type { EtatCapteur } from '@limni/shared/contracts/hydro';
import { addDays, parisDay, parisDayRange } from '@limni/shared/domain/time';
import { AVERTISSEMENT_SEUILS_INDICATIFS, computeVerdict } from '@limni/shared/domain/verdict';
import { sensorStatesAt } from '../../data/readings';
import { vigilanceEnVigueur } from '../../data/vigilance';
import type { Database } from '../../db/schema';
import {
  byOrdreThenNom,
  entitesOf,
  lieuxOfActivite,
  seuilsOf,
  tronconsOf,
  type LieuRow,
} from './activites.repo';

/** The moment a day is judged at: its end for a past day, the data "now" for the current day. */
export interface JourReference {
  date: string;
  /** Start of the day: vigilance is looked for from there. */
  from: number;
  /** Reference instant: readings at or before it, freshness judged at it. */
  at: number;
}

/**
 * Past day → its last millisecond; the day holding the data "now" → now; a day after it → its last millisecond
 * as well (nothing is known there, so readings are judged stale).
 */
export function jourReference(date: string, dataNowMs: number): JourReference {
  const { start, end } = parisDayRange(date);
  const at = start > dataNowMs ? end - 1 : Math.min(end - 1, dataNowMs);
  return { date, from: start, at };
}

/** The reference of "now": the Paris day holding the data "now". */
export const maintenant = (dataNowMs: number): JourReference => jourReference(parisDay(dataNowMs), dataNowMs);

/** The 7 days ending with `date`, oldest first. */
export const septJours = (date: string, dataNowMs: number): JourReference[] =>
  [6, 5, 4, 3, 2, 1, 0].map((k) => jourReference(addDays(date, -k), dataNowMs));

const toMesure = (e: EtatCapteur | null): MesureVerdict | null =>
  e && e.valeur !== null && e.ts !== null
    ? {
        capteur_id: e.capteur_id,
        grandeur: e.grandeur,
        unite: e.unite,
        valeur: e.valeur,
        ts: e.ts,
        fraicheur: e.fraicheur,
      }
    : null;

export type VerdictLieuJour = Omit<VerdictJour, 'date' | 'instant'>;

/** Verdicts of an activity for several places at one reference instant, by place id. */
export async function verdictsAt(
  db: Kysely<Database>,
  lieux: readonly LieuRow[],
  seuils: ReadonlyMap<number, SeuilActivite[]>,
  ref: JourReference,
): Promise<Map<number, VerdictLieuJour>> {
  const ids = lieux.map((l) => l.id);
  const [etats, vigilances] = await Promise.all([
    sensorStatesAt(db, ids, ref.at, ref.at),
    vigilanceEnVigueur(
      db,
      lieux.map((l) => l.troncon_id).filter((t): t is number => t !== null),
      ref.from,
      ref.at,
    ),
  ]);
  const out = new Map<number, VerdictLieuJour>();
  for (const lieu of lieux) {
    const vig = lieu.troncon_id === null ? undefined : vigilances.get(lieu.troncon_id);
    const vigilance: VigilanceVerdict | null = vig
      ? { troncon_id: vig.troncon_id, code: vig.code, nom: vig.nom, niveau: vig.niveau, ts: vig.ts }
      : null;
    const r = computeVerdict({
      seuils: seuils.get(lieu.id) ?? [],
      lectures: etats.filter((e) => e.lieu_id === lieu.id),
      vigilance: vig ? { niveau: vig.niveau, troncon: vig.nom } : null,
    });
    out.set(lieu.id, { verdict: r.verdict, raison: r.raison, mesure: toMesure(r.lecture), vigilance });
  }
  return out;
}

/** The activity with the entities, tronçons and places where it is practised (the spec's activiteTroncons). */
export async function activiteDetail(
  db: Kysely<Database>,
  activite: Pick<ActiviteDetail, 'id' | 'slug' | 'nom' | 'icone' | 'description'>,
): Promise<ActiviteDetail> {
  const lieux = await lieuxOfActivite(db, activite.id);
  const [seuils, entites, troncons] = await Promise.all([
    seuilsOf(
      db,
      activite.id,
      lieux.map((l) => l.id),
    ),
    entitesOf(
      db,
      lieux.map((l) => l.entite_id),
    ),
    tronconsOf(
      db,
      lieux.map((l) => l.troncon_id).filter((t): t is number => t !== null),
    ),
  ]);
  const entiteNom = new Map(entites.map((e) => [e.id, e.nom]));
  lieux.sort(
    (a, b) =>
      (entiteNom.get(a.entite_id) ?? '').localeCompare(entiteNom.get(b.entite_id) ?? '', 'fr') ||
      a.entite_id - b.entite_id ||
      byOrdreThenNom(a, b),
  );
  const lieuxDe = (pred: (l: LieuRow) => boolean) => lieux.filter(pred).map((l) => l.id);
  return {
    ...activite,
    indicatif: sontIndicatifs([...seuils.values()].flat()),
    avertissement: AVERTISSEMENT_SEUILS_INDICATIFS,
    entites: entites.map((e) => ({
      id: e.id,
      nom: e.nom,
      type: e.type,
      bassin: e.bassin_slug,
      lieux: lieuxDe((l) => l.entite_id === e.id),
    })),
    troncons: troncons.map((t) => ({ ...t, lieux: lieuxDe((l) => l.troncon_id === t.id) })),
    lieux: lieux.map(({ ordre: _o, ...l }) => ({ ...l, seuils: seuils.get(l.id) ?? [] })),
  };
}

/** True when any of the thresholds is indicative (or there is none: nothing official is claimed). */
export const sontIndicatifs = (seuils: readonly SeuilActivite[]): boolean =>
  seuils.length === 0 || seuils.some((s) => s.indicatif);
