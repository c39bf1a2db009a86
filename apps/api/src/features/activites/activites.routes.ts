/**
 * `/api/activites/*`: the activities, where each is practised, and the verdict of places for an activity at a
 * date (trop bas, praticable, trop haut, déconseillé, inconnu) from indicative per-place thresholds.
 * Days are Europe/Paris calendar days; without a date, the data "now" is the reference (docs/decisions/016).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActiviteDetail,
  ActiviteEntiteDateParams,
  ActiviteEntiteParams,
  ActiviteLieuDateParams,
  ActiviteLieuParams,
  ActiviteParams,
  ActivitesResponse,
  VerdictEntite,
  VerdictLieu,
  VerdictLieu7j,
} from '@limni/shared/contracts/activites';
import { AVERTISSEMENT_SEUILS_INDICATIFS } from '@limni/shared/domain/verdict';
import type { AppDeps } from '../../app';
import { dataNow } from '../../data/readings';
import { notFound } from '../../http/errors';
import { getActivite, getEntite, getLieu, lieuxOfEntite, listActivites, seuilsOf } from './activites.repo';
import {
  activiteDetail,
  jourReference,
  maintenant,
  septJours,
  sontIndicatifs,
  verdictsAt,
  type JourReference,
} from './activites.service';

const TAGS = ['activités'];

export function activitesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.db;
  const now = () => dataNow(db, deps.env, deps.now);

  const activiteOr404 = async (ida: number) => {
    const a = await getActivite(db, ida);
    if (!a) throw notFound(`Aucune activité ne porte l'identifiant ${ida}.`);
    return a;
  };
  const lieuOr404 = async (idl: number) => {
    const l = await getLieu(db, idl);
    if (!l) throw notFound(`Aucun lieu ne porte l'identifiant ${idl}.`);
    return l;
  };

  /** One place, one activity, one or several days. */
  const lieuVerdicts = async (ida: number, idl: number, refs: (nowMs: number) => JourReference[]) => {
    const [activite, lieu, nowMs] = await Promise.all([activiteOr404(ida), lieuOr404(idl), now()]);
    const seuils = await seuilsOf(db, ida, [idl]);
    const jours = await Promise.all(
      refs(nowMs).map(async (ref) => {
        const v = (await verdictsAt(db, [lieu], seuils, ref)).get(idl);
        if (!v) throw new Error(`Verdict manquant pour le lieu ${idl}`);
        return { date: ref.date, instant: ref.at, ...v };
      }),
    );
    const list = seuils.get(idl) ?? [];
    const { ordre: _o, lat_gps: _lat, lon_gps: _lon, ...lieuRef } = lieu;
    return {
      head: {
        activite: { id: activite.id, slug: activite.slug, nom: activite.nom, icone: activite.icone },
        lieu: lieuRef,
        seuils: list,
        indicatif: sontIndicatifs(list),
        avertissement: AVERTISSEMENT_SEUILS_INDICATIFS,
      },
      jours,
    };
  };

  /** One place, one activity, one day (null: the data "now"). */
  const lieuUnJour = async (ida: number, idl: number, date: string | null) => {
    const { head, jours } = await lieuVerdicts(ida, idl, (n) => [
      date === null ? maintenant(n) : jourReference(date, n),
    ]);
    return { ...head, ...(jours[0] as (typeof jours)[number]) };
  };

  const entiteVerdicts = async (ida: number, id: number, date: string | null) => {
    const [activite, entite, nowMs] = await Promise.all([activiteOr404(ida), getEntite(db, id), now()]);
    if (!entite) throw notFound(`Aucun lac ni rivière ne porte l'identifiant ${id}.`);
    const ref = date === null ? maintenant(nowMs) : jourReference(date, nowMs);
    const lieux = await lieuxOfEntite(db, id);
    const seuils = await seuilsOf(
      db,
      ida,
      lieux.map((l) => l.id),
    );
    const verdicts = await verdictsAt(db, lieux, seuils, ref);
    const all = [...seuils.values()].flat();
    return {
      activite: { id: activite.id, slug: activite.slug, nom: activite.nom, icone: activite.icone },
      entite,
      date: ref.date,
      instant: ref.at,
      indicatif: sontIndicatifs(all),
      avertissement: AVERTISSEMENT_SEUILS_INDICATIFS,
      lieux: lieux.map(({ ordre: _o, lat_gps: _lat, lon_gps: _lon, ...l }) => {
        const v = verdicts.get(l.id);
        if (!v) throw new Error(`Verdict manquant pour le lieu ${l.id}`);
        return { lieu: l, seuils: seuils.get(l.id) ?? [], ...v };
      }),
    };
  };

  return async (app) => {
    app.get(
      '/activites/all',
      {
        config: { cache: 'public-long' },
        schema: {
          tags: TAGS,
          summary: 'Les activités (baignade, pêche, canoë-kayak, voile, aviron, stand-up paddle)',
          response: { 200: ActivitesResponse },
        },
      },
      async () => listActivites(db),
    );

    app.get(
      '/activites/type-:ida',
      {
        config: { cache: 'public' },
        schema: {
          tags: TAGS,
          summary:
            'Une activité, avec les lacs et rivières, tronçons et lieux où elle se pratique, et leurs seuils indicatifs',
          params: ActiviteParams,
          response: { 200: ActiviteDetail },
        },
      },
      async (request) => activiteDetail(db, await activiteOr404(request.params.ida)),
    );

    app.get(
      '/activites/type-:ida/lieu-:idl',
      {
        config: { cache: 'public' },
        schema: {
          tags: TAGS,
          summary: "Avis pour l'activité à ce lieu maintenant (instant des dernières données)",
          params: ActiviteLieuParams,
          response: { 200: VerdictLieu },
        },
      },
      async (request) => lieuUnJour(request.params.ida, request.params.idl, null),
    );

    app.get(
      '/activites/type-:ida/lieu-:idl/:date',
      {
        config: { cache: 'public' },
        schema: {
          tags: TAGS,
          summary:
            "Avis pour l'activité à ce lieu ce jour-là (fin de journée, ou maintenant pour le jour en cours)",
          params: ActiviteLieuDateParams,
          response: { 200: VerdictLieu },
        },
      },
      async (request) => lieuUnJour(request.params.ida, request.params.idl, request.params.date),
    );

    app.get(
      '/activites/type-:ida/lieu-:idl/7j/:date',
      {
        config: { cache: 'public' },
        schema: {
          tags: TAGS,
          summary: "Avis pour l'activité à ce lieu, jour par jour, sur les 7 jours finissant à la date",
          params: ActiviteLieuDateParams,
          response: { 200: VerdictLieu7j },
        },
      },
      async (request) => {
        const { ida, idl, date } = request.params;
        const { head, jours } = await lieuVerdicts(ida, idl, (n) => septJours(date, n));
        return { ...head, jours };
      },
    );

    app.get(
      '/activites/type-:ida/entite-:id',
      {
        config: { cache: 'public' },
        schema: {
          tags: TAGS,
          summary: "Avis pour l'activité à chaque lieu du lac ou de la rivière, maintenant",
          params: ActiviteEntiteParams,
          response: { 200: VerdictEntite },
        },
      },
      async (request) => entiteVerdicts(request.params.ida, request.params.id, null),
    );

    app.get(
      '/activites/type-:ida/entite-:id/:date',
      {
        config: { cache: 'public' },
        schema: {
          tags: TAGS,
          summary: "Avis pour l'activité à chaque lieu du lac ou de la rivière ce jour-là",
          params: ActiviteEntiteDateParams,
          response: { 200: VerdictEntite },
        },
      },
      async (request) => entiteVerdicts(request.params.ida, request.params.id, request.params.date),
    );
  };
}
