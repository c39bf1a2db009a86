/**
 * Activity verdicts of places at an instant (docs/decisions/016): the sensors' state and the vigilance in force at a
 * day's reference instant, judged by the shared rule `computeVerdict`. Used by the activities API and the embeddable
 * widget (docs/decisions/123); not a feature itself.
 */
import type { Kysely } from 'kysely';
import type {
  FondementSeuil,
  ObservationVerdict,
  SeuilActivite,
  VerdictJour,
  VigilanceVerdict,
} from '@limni/shared/contracts/activites';
import type { EtatCapteur } from '@limni/shared/contracts/hydro';
import { addDays, parisDay, parisDayRange } from '@limni/shared/domain/time';
import { computeVerdict, MIN_ANNEES_HISTORIQUE, type LangueVerdict } from '@limni/shared/domain/verdict';
import { UNITE_PAR_GRANDEUR } from '@limni/shared/domain/units';
import type { Database } from '../db/schema';
import { profilDe } from './activite-seuils';
import { capteurStatesAt } from './observations';
import { periodesArchive, seuilRows, type SeuilRow } from './verdicts.repo';
import { vigilanceEnVigueur } from './vigilance';


const SANS_FONDEMENT = { annee_debut: null, annee_fin: null, statistique: null, centile_bas: null, centile_haut: null };

/**
 * What a stored threshold rests on (docs/decisions/141): official → `reference`; computed with bounds → the archive
 * period of the place's sensor of that quantity, when it holds at least `MIN_ANNEES_HISTORIQUE` complete years;
 * anything else (no bounds, or bounds from a short record stored by an older version) → no opinion.
 */
function fondementDe(
  r: SeuilRow,
  periodes: Awaited<ReturnType<typeof periodesArchive>>,
  activiteId: number,
): FondementSeuil {
  if (r.indicatif === 0) return { kind: 'reference', ...SANS_FONDEMENT };
  const p = periodes
    .filter((x) => x.lieu_id === r.lieu_id && x.grandeur === r.grandeur)
    .sort((a, b) => b.nb_annees - a.nb_annees)[0];
  const profil = profilDe(activiteId, r.type);
  if ((r.seuil_bas === null && r.seuil_haut === null) || !p || p.nb_annees < MIN_ANNEES_HISTORIQUE || !profil) {
    return { kind: 'historique_insuffisant', ...SANS_FONDEMENT };
  }
  return {
    kind: 'archive',
    annee_debut: p.annee_debut,
    annee_fin: p.annee_fin,
    statistique: p.statistique_jour === 'max' ? 'max' : 'moyenne',
    centile_bas: r.seuil_bas === null ? null : profil.bas,
    centile_haut: r.seuil_haut === null ? null : profil.haut,
  };
}

/** Thresholds of an activity at the given places, by place, quantities in H, Q, T order, each with its ground. */
export async function seuilsOf(
  db: Kysely<Database>,
  activiteId: number,
  lieuIds: readonly number[],
): Promise<Map<number, SeuilActivite[]>> {
  const [rows, periodes] = await Promise.all([
    seuilRows(db, activiteId, lieuIds),
    periodesArchive(db, lieuIds),
  ]);
  const out = new Map<number, SeuilActivite[]>();
  for (const r of rows) {
    const fondement = fondementDe(r, periodes, activiteId);
    const sansAvis = fondement.kind === 'historique_insuffisant';
    const list = out.get(r.lieu_id) ?? [];
    list.push({
      grandeur: r.grandeur,
      unite: UNITE_PAR_GRANDEUR[r.grandeur],
      seuil_bas: sansAvis ? null : r.seuil_bas,
      seuil_haut: sansAvis ? null : r.seuil_haut,
      texte: r.texte,
      indicatif: r.indicatif === 1,
      fondement,
    });
    out.set(r.lieu_id, list);
  }
  return out;
}

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
        pas_min: e.pas_min,
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
      fondement: r.seuil?.fondement ?? null,
    });
  }
  return out;
}

