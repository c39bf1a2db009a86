/**
 * Activity verdicts of places at a date (docs/decisions/016): the sensors' state and the vigilance in force at
 * the day's reference instant, judged by the shared rule `computeVerdict` (`data/verdicts.ts`).
 */
import type { Kysely } from 'kysely';
import type {
  ActiviteDetail,
  ActiviteResume,
  SeuilActivite,
  VerdictEntite,
  VerdictLieu,
  VerdictLieu7j,
} from '@limni/shared/contracts/activites';
import {
  AVERTISSEMENT_SEUILS_INDICATIFS,
  AVERTISSEMENT_SEUILS_INDICATIFS_EN,
  type LangueVerdict,
} from '@limni/shared/domain/verdict';
import type { AppDeps } from '../../deps';
import { dataNow } from '../../data/observations';
import { serviceModeOf } from '../../data/service-mode';
import {
  jourReference,
  maintenant,
  seuilsOf,
  septJours,
  verdictsAt,
  type JourReference,
} from '../../data/verdicts';
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
  tronconsOf,
  type LieuRow,
} from './activites.repo';
import type { Langue } from '../../http/langue';
import { inconnu } from '../../http/messages';

/** The activity with the entities, tronçons and places where it is practised (`activiteTroncons`, docs/requirements.md R5.3). */
export async function activiteDetail(
  db: Kysely<Database>,
  activite: Pick<ActiviteDetail, 'id' | 'slug' | 'nom' | 'icone' | 'description'>,
  langue: Langue = 'fr',
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
    avertissement: langue === 'en' ? AVERTISSEMENT_SEUILS_INDICATIFS_EN : AVERTISSEMENT_SEUILS_INDICATIFS,
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
    return dataNow(this.db, serviceModeOf(this.deps), this.deps.now);
  }

  private async activiteOr404(ida: number) {
    const a = await getActivite(this.db, ida);
    if (!a) throw notFound(inconnu('activite', ida));
    return a;
  }

  private async lieuOr404(idl: number) {
    const l = await getLieu(this.db, idl);
    if (!l) throw notFound(inconnu('lieu', idl));
    return l;
  }

  list(): Promise<ActiviteResume[]> {
    return listActivites(this.db);
  }

  async detail(ida: number, langue: Langue = 'fr'): Promise<ActiviteDetail> {
    return activiteDetail(this.db, await this.activiteOr404(ida), langue);
  }

  /** One place, one activity, one day (null: the data "now"). */
  async lieuJour(
    ida: number,
    idl: number,
    date: string | null,
    langue: LangueVerdict = 'fr',
  ): Promise<VerdictLieu> {
    const { head, jours } = await this.lieuVerdicts(
      ida,
      idl,
      (n) => [date === null ? maintenant(n) : jourReference(date, n)],
      langue,
    );
    return { ...head, ...(jours[0] as (typeof jours)[number]) };
  }

  /** One place, one activity, each of the 7 days ending with `date`. */
  async lieuSeptJours(
    ida: number,
    idl: number,
    date: string,
    langue: LangueVerdict = 'fr',
  ): Promise<VerdictLieu7j> {
    const { head, jours } = await this.lieuVerdicts(ida, idl, (n) => septJours(date, n), langue);
    return { ...head, jours };
  }

  /** Every place of an entity for one activity, one day (null: the data "now"). */
  async entite(
    ida: number,
    id: number,
    date: string | null,
    langue: LangueVerdict = 'fr',
  ): Promise<VerdictEntite> {
    const [activite, entite, nowMs] = await Promise.all([
      this.activiteOr404(ida),
      getEntite(this.db, id),
      this.now(),
    ]);
    if (!entite) throw notFound(inconnu('entite', id));
    const ref = date === null ? maintenant(nowMs) : jourReference(date, nowMs);
    const lieux = await lieuxOfEntite(this.db, id);
    const seuils = await seuilsOf(
      this.db,
      ida,
      lieux.map((l) => l.id),
    );
    const verdicts = await verdictsAt(this.db, lieux, seuils, ref, langue);
    return {
      activite: activiteRef(activite),
      entite,
      date: ref.date,
      instant: ref.at,
      indicatif: sontIndicatifs([...seuils.values()].flat()),
      avertissement: langue === 'en' ? AVERTISSEMENT_SEUILS_INDICATIFS_EN : AVERTISSEMENT_SEUILS_INDICATIFS,
      lieux: lieux.map(({ ordre: _o, lat_gps: _lat, lon_gps: _lon, ...l }) => {
        const v = verdicts.get(l.id);
        if (!v) throw new Error(`Verdict manquant pour le lieu ${l.id}`);
        return { lieu: l, seuils: seuils.get(l.id) ?? [], ...v };
      }),
    };
  }

  /** One place, one activity, one or several days. */
  private async lieuVerdicts(
    ida: number,
    idl: number,
    refs: (nowMs: number) => JourReference[],
    langue: LangueVerdict,
  ) {
    const [activite, lieu, nowMs] = await Promise.all([
      this.activiteOr404(ida),
      this.lieuOr404(idl),
      this.now(),
    ]);
    const seuils = await seuilsOf(this.db, ida, [idl]);
    const jours = await Promise.all(
      refs(nowMs).map(async (ref) => {
        const v = (await verdictsAt(this.db, [lieu], seuils, ref, langue)).get(idl);
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
        avertissement: langue === 'en' ? AVERTISSEMENT_SEUILS_INDICATIFS_EN : AVERTISSEMENT_SEUILS_INDICATIFS,
      },
      jours,
    };
  }
}
