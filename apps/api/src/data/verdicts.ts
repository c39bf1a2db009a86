/**
 * Activity verdicts of places at an instant (docs/decisions/016): the sensors' state and the vigilance in force at a
 * day's reference instant, judged by the shared rule `computeVerdict`. Used by the activities API and the embeddable
 * widget (docs/decisions/123); not a feature itself.
 */
import type { Kysely } from 'kysely';
import type { ObservationVerdict, SeuilActivite, VerdictJour, VigilanceVerdict } from '@limni/shared/contracts/activites';
import type { EtatCapteur } from '@limni/shared/contracts/hydro';
import { addDays, parisDay, parisDayRange } from '@limni/shared/domain/time';
import { computeVerdict, type LangueVerdict } from '@limni/shared/domain/verdict';
import type { Database } from '../db/schema';
import { capteurStatesAt } from './observations';
import { vigilanceEnVigueur } from './vigilance';

export { seuilsOf } from './verdicts.repo';

/** What a verdict needs of a place. */
export interface LieuVerdictRef {
  id: number;
  troncon_id: number | null;
}

/** The moment a day is judged at: its end for a past day, the data "now" for the current day. */
export interface JourReference {
  date: string;
  /** Start of the day: vigilance is looked for from there. */
  from: number;
  /** Reference instant: observations at or before it, freshness judged at it. */
  at: number;
}

/**
 * Past day → its last millisecond; the day holding the data "now" → now; a day after it → its last millisecond
 * as well (nothing is known there, so observations are judged stale).
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

const toObservationVerdict = (e: EtatCapteur | null): ObservationVerdict | null =>
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

/** Verdicts of an activity for several places at one reference instant, by place id, sentences in `langue`. */
export async function verdictsAt(
  db: Kysely<Database>,
  lieux: readonly LieuVerdictRef[],
  seuils: ReadonlyMap<number, SeuilActivite[]>,
  ref: JourReference,
  langue: LangueVerdict = 'fr',
): Promise<Map<number, VerdictLieuJour>> {
  const ids = lieux.map((l) => l.id);
  const [etats, vigilances] = await Promise.all([
    capteurStatesAt(db, ids, ref.at, ref.at),
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
      observations: etats.filter((e) => e.lieu_id === lieu.id),
      vigilance: vig ? { niveau: vig.niveau, troncon: vig.nom } : null,
    }, langue);
    out.set(lieu.id, {
      verdict: r.verdict,
      raison: r.raison,
      mesure: toObservationVerdict(r.observation),
      vigilance,
    });
  }
  return out;
}

