/**
 * Activity verdicts of places at a date (docs/decisions/016): the sensors' state and the vigilance in force at
 * the day's reference instant, judged by the shared rule `computeVerdict`.
 */
import type { Kysely } from 'kysely';
import type {
  ActiviteDetail,
  ActiviteResume,
  ObservationVerdict,
  SeuilActivite,
  VerdictEntite,
  VerdictJour,
  VerdictLieu,
  VerdictLieu7j,
  VigilanceVerdict,
} from '@limni/shared/contracts/activites';
import type { EtatCapteur } from '@limni/shared/contracts/hydro';
import { addDays, parisDay, parisDayRange } from '@limni/shared/domain/time';
import { AVERTISSEMENT_SEUILS_INDICATIFS, computeVerdict } from '@limni/shared/domain/verdict';
import type { AppDeps } from '../../deps';
import { capteurStatesAt, dataNow } from '../../data/observations';
import { vigilanceEnVigueur } from '../../data/vigilance';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import {
  byOrdreThenNom,
  entitesOf,
  getActivite,
  getEntite,
  getLieu,
  lieuxOfActivite,
  lieuxOfEntite,
  listActivites,
  seuilsOf,
  tronconsOf,
  type LieuRow,
} from './activites.repo';

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

/** Verdicts of an activity for several places at one reference instant, by place id. */
export async function verdictsAt(
  db: Kysely<Database>,
  lieux: readonly LieuRow[],
  seuils: ReadonlyMap<number, SeuilActivite[]>,
  ref: JourReference,
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
    });
    out.set(lieu.id, {
      verdict: r.verdict,
      raison: r.raison,
      mesure: toObservationVerdict(r.observation),
      vigilance,
    });
  }
  return out;
}

/** The activity with the entities, tronçons and places where it is practised (`activiteTroncons`, docs/requirements.md R5.3). */
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

const activiteRef = (a: { id: number; slug: string; nom: string; icone: string }) => ({
  id: a.id,
  slug: a.slug,
  nom: a.nom,
  icone: a.icone,
});

/** What `/api/activites/*` answers, one method per route; days and the data "now" as in docs/decisions/016. */
export class ActivitesService {
  private readonly db;

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'env' | 'now'>) {
    this.db = deps.db.db;
  }

  private now(): Promise<number> {
    return dataNow(this.db, this.deps.env, this.deps.now);
  }

  private async activiteOr404(ida: number) {
    const a = await getActivite(this.db, ida);
    if (!a) throw notFound(`Aucune activité ne porte l'identifiant ${ida}.`);
    return a;
  }

  private async lieuOr404(idl: number) {
    const l = await getLieu(this.db, idl);
    if (!l) throw notFound(`Aucun lieu ne porte l'identifiant ${idl}.`);
    return l;
  }

  list(): Promise<ActiviteResume[]> {
    return listActivites(this.db);
  }

  async detail(ida: number): Promise<ActiviteDetail> {
    return activiteDetail(this.db, await this.activiteOr404(ida));
  }

  /** One place, one activity, one day (null: the data "now"). */
  async lieuJour(ida: number, idl: number, date: string | null): Promise<VerdictLieu> {
    const { head, jours } = await this.lieuVerdicts(ida, idl, (n) => [
      date === null ? maintenant(n) : jourReference(date, n),
    ]);
    return { ...head, ...(jours[0] as (typeof jours)[number]) };
  }

  /** One place, one activity, each of the 7 days ending with `date`. */
  async lieuSeptJours(ida: number, idl: number, date: string): Promise<VerdictLieu7j> {
    const { head, jours } = await this.lieuVerdicts(ida, idl, (n) => septJours(date, n));
    return { ...head, jours };
  }

  /** Every place of an entity for one activity, one day (null: the data "now"). */
  async entite(ida: number, id: number, date: string | null): Promise<VerdictEntite> {
    const [activite, entite, nowMs] = await Promise.all([
      this.activiteOr404(ida),
      getEntite(this.db, id),
      this.now(),
    ]);
    if (!entite) throw notFound(`Aucun lac ni rivière ne porte l'identifiant ${id}.`);
    const ref = date === null ? maintenant(nowMs) : jourReference(date, nowMs);
    const lieux = await lieuxOfEntite(this.db, id);
    const seuils = await seuilsOf(
      this.db,
      ida,
      lieux.map((l) => l.id),
    );
    const verdicts = await verdictsAt(this.db, lieux, seuils, ref);
    return {
      activite: activiteRef(activite),
      entite,
      date: ref.date,
      instant: ref.at,
      indicatif: sontIndicatifs([...seuils.values()].flat()),
      avertissement: AVERTISSEMENT_SEUILS_INDICATIFS,
      lieux: lieux.map(({ ordre: _o, lat_gps: _lat, lon_gps: _lon, ...l }) => {
        const v = verdicts.get(l.id);
        if (!v) throw new Error(`Verdict manquant pour le lieu ${l.id}`);
        return { lieu: l, seuils: seuils.get(l.id) ?? [], ...v };
      }),
    };
  }

  /** One place, one activity, one or several days. */
  private async lieuVerdicts(ida: number, idl: number, refs: (nowMs: number) => JourReference[]) {
    const [activite, lieu, nowMs] = await Promise.all([
      this.activiteOr404(ida),
      this.lieuOr404(idl),
      this.now(),
    ]);
    const seuils = await seuilsOf(this.db, ida, [idl]);
    const jours = await Promise.all(
      refs(nowMs).map(async (ref) => {
        const v = (await verdictsAt(this.db, [lieu], seuils, ref)).get(idl);
        if (!v) throw new Error(`Verdict manquant pour le lieu ${idl}`);
        return { date: ref.date, instant: ref.at, ...v };
      }),
    );
    const list = seuils.get(idl) ?? [];
    const { ordre: _o, lat_gps: _lat, lon_gps: _lon, ...lieuRef } = lieu;
    return {
      head: {
        activite: activiteRef(activite),
        lieu: lieuRef,
        seuils: list,
        indicatif: sontIndicatifs(list),
        avertissement: AVERTISSEMENT_SEUILS_INDICATIFS,
      },
      jours,
    };
  }
}
