/**
 * The alerts API (docs/decisions/055–059): personal alert rules of a place or of the user, the in-app
 * notifications with their read and hidden states, the signed one-click stop link of alert e-mails (a
 * confirmation page, then a POST), and the state of a replay for the web app's banner.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { StatusResponse } from '@limni/shared/contracts/account';
import {
  LieuAlertes,
  MAX_REGLES_PAR_LIEU,
  NotificationsEtatBody,
  NotificationsEtatResponse,
  NotificationsQuery,
  NotificationsResponse,
  Regle,
  RegleUpdateBody,
  ReglesCreateBody,
  ReglesResponse,
  regleInputProblems,
  type RegleInput,
} from '@limni/shared/contracts/alertes';
import { EntityIdParams } from '@limni/shared/contracts/common';
import { ReplayStatus } from '@limni/shared/contracts/replay';
import { describeRule } from '@limni/shared/domain/alertes';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../http/auth';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import {
  lienLieu,
  ruleValues,
  stopTokenRuleId,
  suggestedRules,
  verifyStopToken,
} from '../../notify/alert-rules';
import * as repo from './alertes.repo';
import { renderStopPage } from './stop-page';

const tags = ['alertes'];
/** Places one account may follow (as `user/crea-abonnement`). */
const MAX_ABONNEMENTS = 200;
const NOMS_GRANDEURS = { H: 'la hauteur', Q: 'le débit' } as const;

const StopParams = z.object({ jeton: z.string().check(z.maxLength(200)) });

const sameRule = (
  a: ReturnType<typeof ruleValues>,
  b: Pick<Regle, 'type' | 'grandeur' | 'seuil' | 'seuil2' | 'horizon_h'>,
) =>
  a.type === b.type &&
  a.grandeur === b.grandeur &&
  a.seuil === b.seuil &&
  a.seuil2 === b.seuil2 &&
  a.horizon_h === b.horizon_h;

export function alertesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.db;
  return async (app) => {
    // The stop link's confirmation form (and RFC 8058 one-click clients) post application/x-www-form-urlencoded.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    const user = (request: { authUser: AuthUser | null }) => request.authUser as AuthUser;
    const requireUser = app.auth.requireUser;
    const lieuInconnu = (id: number) => notFound(`Aucun lieu ne porte l'identifiant ${id}.`);
    const regleInconnue = () => notFound("Cette alerte n'existe pas (ou plus).");

    const lieuAlertes = async (userId: number, lieuId: number): Promise<LieuAlertes> => {
      const lieu = await repo.lieuInfo(db, lieuId);
      if (!lieu) throw lieuInconnu(lieuId);
      const [abo, regles, grandeurs, refusal, suggestions] = await Promise.all([
        repo.subscription(db, userId, lieuId),
        repo.placeRules(db, userId, lieuId),
        repo.lieuGrandeurs(db, lieuId),
        repo.forecastRefusal(db, userId),
        suggestedRules(db, lieuId),
      ]);
      return {
        lieu: { id: lieu.id, nom: lieu.libelle },
        abonne: abo !== undefined,
        abonnement_actif: abo?.actif === 1,
        regles,
        grandeurs,
        vigilance_possible: lieu.troncon_id !== null,
        prevision_possible: refusal === null,
        prevision_raison: refusal,
        suggestions,
      };
    };

    /** 400/403 for a rule that the place or the account cannot have. */
    const checkRule = async (
      userId: number,
      lieu: { troncon_id: number | null },
      grandeurs: Array<{ grandeur: 'H' | 'Q' }>,
      r: RegleInput,
      field: string,
    ) => {
      const problems = regleInputProblems(r);
      const keys = Object.keys(problems);
      if (keys.length > 0) {
        const fields = Object.fromEntries(Object.entries(problems).map(([k, v]) => [`${field}${k}`, v]));
        throw badRequest(problems[keys[0] as string]?.[0] ?? 'Alerte invalide.', fields);
      }
      if (r.type === 'vigilance') {
        if (lieu.troncon_id === null) {
          const message =
            "Ce lieu n'est sur aucun tronçon surveillé par Vigicrues : pas d'alerte de vigilance possible.";
          throw badRequest(message, { [`${field}type`]: [message] });
        }
      } else if (r.grandeur && !grandeurs.some((g) => g.grandeur === r.grandeur)) {
        const message = `Ce lieu ne mesure pas ${NOMS_GRANDEURS[r.grandeur]}.`;
        throw badRequest(message, { [`${field}grandeur`]: [message] });
      }
      if (r.type === 'prevision') {
        const refusal = await repo.forecastRefusal(db, userId);
        if (refusal) throw forbidden(refusal);
      }
      if (r.activite_id != null && !(await repo.activiteExists(db, r.activite_id))) {
        const message = `Aucune activité ne porte l'identifiant ${r.activite_id}.`;
        throw badRequest(message, { [`${field}activite_id`]: [message] });
      }
    };

    app.get(
      '/user/alertes',
      {
        preHandler: requireUser,
        schema: { tags, summary: 'Toutes mes alertes, lieu par lieu', response: { 200: ReglesResponse } },
      },
      async (request) => ({ regles: await repo.userRules(db, user(request).id) }),
    );

    app.get(
      '/user/alertes/lieu/:id',
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary:
            "Mes alertes sur un lieu, ce qu'il mesure et les alertes proposées (dialogue « M'alerter »)",
          params: EntityIdParams,
          response: { 200: LieuAlertes },
        },
      },
      async (request) => lieuAlertes(user(request).id, request.params.id),
    );

    app.post(
      '/user/alertes/lieu/:id',
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary: 'Ajouter des alertes sur un lieu (le lieu est suivi s’il ne l’était pas)',
          params: EntityIdParams,
          body: ReglesCreateBody,
          response: { 201: LieuAlertes },
        },
      },
      async (request, reply) => {
        const userId = user(request).id;
        const lieuId = request.params.id;
        const lieu = await repo.lieuInfo(db, lieuId);
        if (!lieu) throw lieuInconnu(lieuId);
        const grandeurs = await repo.lieuGrandeurs(db, lieuId);
        const inputs = request.body.regles;
        for (const [i, r] of inputs.entries()) await checkRule(userId, lieu, grandeurs, r, `regles.${i}.`);
        const now = deps.now();
        await db.transaction().execute(async (trx) => {
          const abo = await repo.subscription(trx, userId, lieuId);
          if (!abo && (await repo.countSubscriptions(trx, userId)) >= MAX_ABONNEMENTS) {
            throw conflict(
              `Vous suivez déjà ${MAX_ABONNEMENTS} lieux : arrêtez d'en suivre un avant d'en ajouter.`,
            );
          }
          // Asking for alerts on a place followed with notifications paused switches them back on.
          await trx
            .insertInto('abonnement')
            .values({ user_id: userId, lieu_id: lieuId, actif: 1, created_at: now })
            .onConflict((oc) => oc.columns(['user_id', 'lieu_id']).doUpdateSet({ actif: 1 }))
            .execute();
          const existing = await repo.placeRules(trx, userId, lieuId);
          if (existing.length + inputs.length > MAX_REGLES_PAR_LIEU) {
            throw conflict(
              `Au plus ${MAX_REGLES_PAR_LIEU} alertes par lieu : supprimez-en une avant d'en ajouter.`,
            );
          }
          const values = inputs.map((r) => ({ input: r, values: ruleValues(r) }));
          for (const [i, v] of values.entries()) {
            const twin =
              existing.some((e) => sameRule(v.values, e)) ||
              values.slice(0, i).some((w) => sameRule(v.values, { ...w.values }));
            if (twin) {
              const message = `Vous avez déjà cette alerte sur ce lieu : ${describeRule({ ...v.values, horizonH: v.values.horizon_h })}.`;
              throw conflict(message, { [`regles.${i}.type`]: [message] });
            }
          }
          await trx
            .insertInto('alerte_regle')
            .values(
              values.map((v) => ({
                user_id: userId,
                lieu_id: lieuId,
                ...v.values,
                origine: 'utilisateur' as const,
                actif: v.input.actif === false ? (0 as const) : (1 as const),
                created_at: now,
                updated_at: now,
              })),
            )
            .execute();
        });
        return reply.code(201).send(await lieuAlertes(userId, lieuId));
      },
    );

    app.patch(
      '/user/alertes/regles/:id',
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary: 'Activer, suspendre ou modifier les seuils d’une alerte',
          params: EntityIdParams,
          body: RegleUpdateBody,
          response: { 200: Regle },
        },
      },
      async (request) => {
        const userId = user(request).id;
        const current = await repo.findRule(db, userId, request.params.id);
        if (!current) throw regleInconnue();
        const b = request.body;
        const merged: RegleInput = {
          type: current.type,
          grandeur: current.grandeur,
          seuil: b.seuil ?? current.seuil,
          seuil2: b.seuil2 ?? current.seuil2,
          horizon_h: b.horizon_h ?? current.horizon_h,
        };
        const problems = regleInputProblems(merged);
        const keys = Object.keys(problems);
        if (keys.length > 0) {
          throw badRequest(problems[keys[0] as string]?.[0] ?? 'Alerte invalide.', problems);
        }
        const values = ruleValues(merged);
        const numbersChanged =
          values.seuil !== current.seuil ||
          values.seuil2 !== current.seuil2 ||
          values.horizon_h !== current.horizon_h;
        const reactivated = b.actif === true && current.actif === 0;
        if (current.type === 'prevision' && (reactivated || numbersChanged)) {
          const refusal = await repo.forecastRefusal(db, userId);
          if (refusal) throw forbidden(refusal);
        }
        if (numbersChanged) {
          const twin = (await repo.placeRules(db, userId, current.lieu_id)).some(
            (e) => e.id !== current.id && sameRule(values, e),
          );
          if (twin) throw conflict('Vous avez déjà une alerte identique sur ce lieu.');
        }
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('alerte_regle')
            .set({
              seuil: values.seuil,
              seuil2: values.seuil2,
              horizon_h: values.horizon_h,
              ...(b.actif !== undefined ? { actif: b.actif ? 1 : 0 } : {}),
              updated_at: deps.now(),
            })
            .where('id', '=', current.id)
            .execute();
          // New numbers, or back from a pause: the rule looks at the data afresh (no stale side, no old crossing).
          if (numbersChanged || reactivated) await repo.forgetState(trx, current.id);
        });
        const updated = await repo.findRule(db, userId, current.id);
        if (!updated) throw regleInconnue();
        return repo.toRegle(updated);
      },
    );

    app.delete(
      '/user/alertes/regles/:id',
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary: 'Supprimer une alerte',
          params: EntityIdParams,
          response: { 200: StatusResponse },
        },
      },
      async (request) => {
        const res = await db
          .deleteFrom('alerte_regle')
          .where('id', '=', request.params.id)
          .where('user_id', '=', user(request).id)
          .executeTakeFirst();
        if (Number(res.numDeletedRows) === 0) throw regleInconnue();
        return { status: 200 as const };
      },
    );

    app.get(
      '/user/notifications',
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary: 'Mes notifications d’alerte, les plus récentes d’abord (masquées avec masquees=1)',
          querystring: NotificationsQuery,
          response: { 200: NotificationsResponse },
        },
      },
      async (request) => {
        const userId = user(request).id;
        const q = request.query;
        const [page, nonLues] = await Promise.all([
          repo.notifications(db, userId, {
            withHidden: q.masquees === '1',
            before: q.avant,
            limit: q.limite ?? 50,
          }),
          repo.unreadCount(db, userId),
        ]);
        return { non_lues: nonLues, notifications: page.items, suite: page.more };
      },
    );

    app.post(
      '/user/notifications/etat',
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary: 'Marquer des notifications (ou toutes) comme lues ou non lues, masquées ou affichées',
          body: NotificationsEtatBody,
          response: { 200: NotificationsEtatResponse },
        },
      },
      async (request) => {
        const userId = user(request).id;
        const b = request.body;
        if (!b.toutes && (!b.ids || b.ids.length === 0)) {
          const message = 'Indiquez les notifications (ids) ou toutes (toutes: true).';
          throw badRequest(message, { ids: [message] });
        }
        if (b.lu === undefined && b.masque === undefined) {
          const message = 'Indiquez ce qui change : lu et/ou masque.';
          throw badRequest(message, { lu: [message] });
        }
        const modifiees = await repo.markNotifications(
          db,
          userId,
          b.toutes ? 'toutes' : { ids: b.ids ?? [] },
          { lu: b.lu, masque: b.masque },
          deps.now(),
        );
        return { status: 200 as const, modifiees, non_lues: await repo.unreadCount(db, userId) };
      },
    );

    // The one-click stop link (ADR 058): GET shows what will stop and a button; POST stops (idempotent).
    const stopTarget = async (jeton: string) => {
      const id = stopTokenRuleId(jeton);
      const rule = id === null ? undefined : await repo.ruleById(db, id);
      return rule && verifyStopToken(deps.secrets.alertKey, jeton, rule) ? rule : null;
    };
    const invalidPage = () =>
      renderStopPage({
        title: 'Lien non valide',
        paragraphs: [
          'Ce lien d’arrêt n’est pas valide, ou l’alerte a été supprimée depuis l’envoi de l’e-mail.',
          'Vous pouvez gérer vos alertes depuis votre profil.',
        ],
        links: [{ label: 'Mes alertes', url: `${deps.env.PUBLIC_URL}/user/profil` }],
      });
    const stopSchema = (summary: string) => ({
      tags,
      summary,
      params: StopParams,
      produces: ['text/html'],
      response: { 200: z.string(), 404: z.string() },
    });

    app.get(
      '/user/alertes/stop/:jeton',
      {
        schema: stopSchema('Lien d’arrêt d’une alerte (e-mail) : page de confirmation (HTML)'),
      },
      async (request, reply) => {
        reply.type('text/html; charset=utf-8').header('referrer-policy', 'no-referrer');
        const rule = await stopTarget(request.params.jeton);
        if (!rule) return reply.code(404).send(invalidPage());
        const what = `«\u00a0${repo.toRegle(rule).description}\u00a0» pour ${rule.libelle}`;
        if (rule.actif === 0) {
          return renderStopPage({
            title: 'Alerte déjà arrêtée',
            paragraphs: [`L’alerte ${what} est déjà arrêtée. Vous ne recevrez plus de message pour elle.`],
            links: [
              { label: 'Réactiver depuis mon profil', url: `${deps.env.PUBLIC_URL}/user/profil` },
              {
                label: 'Voir le lieu',
                url: `${deps.env.PUBLIC_URL}${lienLieu(rule.lieu_id, rule.activite_id)}`,
              },
            ],
          });
        }
        return renderStopPage({
          title: 'Arrêter cette alerte\u00a0?',
          paragraphs: [
            `Vous ne recevrez plus l’alerte ${what}, ni par e-mail, ni en notification.`,
            'Vos autres alertes ne changent pas, et vous pourrez la réactiver depuis votre profil.',
          ],
          form: {
            action: `${deps.env.PUBLIC_URL}/api/user/alertes/stop/${request.params.jeton}`,
            label: 'Arrêter cette alerte',
          },
          links: [
            {
              label: 'Garder cette alerte',
              url: `${deps.env.PUBLIC_URL}${lienLieu(rule.lieu_id, rule.activite_id)}`,
            },
          ],
        });
      },
    );

    app.post(
      '/user/alertes/stop/:jeton',
      {
        // The signed token is the proof; mail clients (RFC 8058 one-click) post without the app's CSRF header.
        config: { csrf: false },
        schema: stopSchema(
          'Arrêter une alerte depuis son lien d’e-mail (formulaire ou désinscription en un clic RFC 8058)',
        ),
      },
      async (request, reply) => {
        reply.type('text/html; charset=utf-8').header('referrer-policy', 'no-referrer');
        const rule = await stopTarget(request.params.jeton);
        if (!rule) return reply.code(404).send(invalidPage());
        if (rule.actif === 1) {
          await db.transaction().execute(async (trx) => {
            await trx
              .updateTable('alerte_regle')
              .set({ actif: 0, updated_at: deps.now() })
              .where('id', '=', rule.id)
              .execute();
            await repo.forgetState(trx, rule.id);
          });
          request.log.info({ regle: rule.id }, 'Alerte arrêtée par son lien d’e-mail');
        }
        return renderStopPage({
          title: 'Alerte arrêtée',
          paragraphs: [
            `C’est fait\u00a0: vous ne recevrez plus l’alerte «\u00a0${repo.toRegle(rule).description}\u00a0» pour ${rule.libelle}.`,
            'Vous pouvez la réactiver, ou gérer vos autres alertes, depuis votre profil.',
          ],
          links: [
            { label: 'Mes alertes', url: `${deps.env.PUBLIC_URL}/user/profil` },
            {
              label: 'Voir le lieu',
              url: `${deps.env.PUBLIC_URL}${lienLieu(rule.lieu_id, rule.activite_id)}`,
            },
          ],
        });
      },
    );

    app.get(
      '/replay',
      {
        schema: {
          tags,
          summary:
            'Relecture de données enregistrées en cours (npm run replay) : fenêtre, vitesse, temps simulé',
          response: { 200: ReplayStatus },
        },
      },
      async () => repo.replayStatus(db, deps.now()),
    );
  };
}
