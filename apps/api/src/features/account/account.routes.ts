/**
 * The account API (docs/requirements.md R10.5), under /api: sign-in and sign-out, registration and e-mail verification,
 * password reset and change, the user's details, the token checks and the account deletion.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DetailResponse,
  LoginBody,
  LoginResponse,
  PasswordChangeBody,
  PasswordResetBody,
  PasswordResetConfirmBody,
  RegistrationBody,
  RegistrationErrorBody,
  RegistrationResponse,
  StatusResponse,
  TokenBody,
  TokenResponse,
  UserDetails,
  UserPatchBody,
  VerifyEmailBody,
} from '@limni/shared/contracts/account';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/auth';
import { AppError, toErrorResponse } from '../../http/errors';
import { langueOf } from '../../http/langue';
import { ACCOUNT } from './account.messages';
import { AccountService } from './account.service';

const tags = ['compte'];
const user = (request: { authUser: AuthUser | null }) => request.authUser as AuthUser;

/** Sign-in and sign-out. */
function connexionRoutes(service: AccountService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/rest/login/',
      {
        schema: {
          tags,
          summary: 'Connexion par nom d’utilisateur ou adresse e-mail : jeton et utilisateur',
          body: LoginBody,
          response: { 200: LoginResponse },
        },
      },
      async (request) => service.login(request.body, request.ip),
    );

    app.post(
      '/auth/rest/logout/',
      {
        preHandler: app.auth.optionalUser,
        schema: { tags, summary: 'Déconnexion : le jeton est révoqué', response: { 200: DetailResponse } },
      },
      async (request) => {
        await service.logout(request.authUser);
        return { detail: ACCOUNT.loggedOut[langueOf(request.headers['accept-language'])] };
      },
    );
  };
}

/** Registration and e-mail verification. */
function inscriptionRoutes(service: AccountService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/registration/rest/',
      {
        schema: {
          tags,
          summary:
            'Inscription : compte créé et e-mail de vérification envoyé (email_envoye faux quand il n’a pas pu partir)',
          body: RegistrationBody,
          response: { 201: RegistrationResponse, 400: RegistrationErrorBody },
        },
      },
      async (request, reply) => {
        let mailSent: boolean;
        try {
          ({ mailSent } = await service.register(
            request.body,
            request.ip,
            langueOf(request.headers['accept-language']),
          ));
        } catch (err) {
          // `email` and `username` also at the top level of the answer (docs/requirements.md R10.2; dj-rest-auth's shape).
          if (err instanceof AppError && err.statusCode === 400 && err.fields) {
            const { body } = toErrorResponse(err, langueOf(request.headers['accept-language']));
            return reply.code(400).send({ ...body, ...body.error.fields });
          }
          throw err;
        }
        return reply.code(201).send({
          detail: (mailSent ? ACCOUNT.registered : ACCOUNT.registeredMailFailed)[
            langueOf(request.headers['accept-language'])
          ],
          email_envoye: mailSent,
        });
      },
    );

    app.post(
      '/registration/rest/verify-email/',
      {
        schema: {
          tags,
          summary: 'Confirmation de l’adresse e-mail par la clé du lien envoyé',
          body: VerifyEmailBody,
          response: { 200: DetailResponse },
        },
      },
      async (request) => {
        await service.verifyEmail(request.body.key);
        return { detail: ACCOUNT.verified[langueOf(request.headers['accept-language'])] };
      },
    );
  };
}

/** Password reset (request, confirmation) and change. */
function motDePasseRoutes(service: AccountService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/rest/password/reset/',
      {
        schema: {
          tags,
          summary:
            'Demande de réinitialisation du mot de passe (même réponse que l’adresse soit connue ou non)',
          body: PasswordResetBody,
          response: { 200: DetailResponse },
        },
      },
      async (request) => {
        await service.requestPasswordReset(request.body.email, request.ip);
        return { detail: ACCOUNT.resetSent[langueOf(request.headers['accept-language'])] };
      },
    );

    app.post(
      '/auth/rest/password/reset/confirm/',
      {
        schema: {
          tags,
          summary: 'Nouveau mot de passe par le lien de réinitialisation (usage unique, 24 h)',
          body: PasswordResetConfirmBody,
          response: { 200: DetailResponse },
        },
      },
      async (request) => {
        await service.confirmPasswordReset(request.body);
        return { detail: ACCOUNT.resetDone[langueOf(request.headers['accept-language'])] };
      },
    );

    app.post(
      '/auth/rest/password/change/',
      {
        preHandler: app.auth.requireUser,
        schema: {
          tags,
          summary: 'Changement du mot de passe (les autres sessions sont fermées, un e-mail prévient)',
          body: PasswordChangeBody,
          response: { 200: DetailResponse },
        },
      },
      async (request) => {
        await service.changePassword(user(request), request.body);
        return { detail: ACCOUNT.passwordChanged[langueOf(request.headers['accept-language'])] };
      },
    );
  };
}

/** The signed-in user: details, token checks, account deletion. */
function utilisateurRoutes(service: AccountService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/auth/rest/user/',
      {
        preHandler: app.auth.requireUser,
        schema: { tags, summary: 'L’utilisateur connecté', response: { 200: UserDetails } },
      },
      async (request) => service.details(user(request).id),
    );

    app.patch(
      '/auth/rest/user/',
      {
        preHandler: app.auth.requireUser,
        schema: {
          tags,
          summary: 'Modifier nom d’utilisateur, prénom, nom ; une nouvelle adresse e-mail est à confirmer',
          body: UserPatchBody,
          response: { 200: UserDetails },
        },
      },
      async (request) => service.updateDetails(user(request), request.body),
    );

    app.post(
      '/user/token-verify',
      {
        schema: {
          tags,
          summary: 'Vérifie un jeton (signature, expiration, session non révoquée)',
          body: TokenBody,
          response: { 200: TokenResponse },
        },
      },
      async (request) => {
        await app.auth.verify(request.body.token);
        return { token: request.body.token };
      },
    );

    app.post(
      '/user/token-refresh',
      {
        schema: {
          tags,
          summary: 'Nouveau jeton pour la même session, jusqu’à 7 jours après la connexion',
          body: TokenBody,
          response: { 200: TokenResponse },
        },
      },
      async (request) => ({ token: await app.auth.refresh(request.body.token) }),
    );

    app.post(
      '/user/delete',
      {
        preHandler: app.auth.requireUser,
        schema: {
          tags,
          summary: 'Supprime le compte et ses données personnelles (publications comprises)',
          response: { 200: StatusResponse },
        },
      },
      async (request) => {
        await service.deleteAccount(user(request));
        return { status: 200 as const };
      },
    );
  };
}

export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const service = new AccountService(deps, app.auth, app.log);
    app.addHook('onClose', async () => service.idle());
    await app.register(connexionRoutes(service));
    await app.register(inscriptionRoutes(service));
    await app.register(motDePasseRoutes(service));
    await app.register(utilisateurRoutes(service));
  };
}
