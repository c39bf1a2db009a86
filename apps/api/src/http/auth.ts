/**
 * Access tokens and the authenticated user.
 * - Tokens are JWT HS256 carrying only the user id (`sub`), the username, the session id (`sid`),
 *   the original sign-in time (`orig_iat`) and a token id (`jti`); they live ACCESS_TOKEN_TTL_S seconds.
 * - Each sign-in is a row of `session`; logout, password change or reset and account deletion revoke sessions,
 *   and every authenticated request checks that its session is still valid (the revocation list).
 * - A token may be refreshed while valid, until REFRESH_LIMIT_MS after the original sign-in.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import * as repo from './auth.repo';
import { AppError, forbidden, unauthorized } from './errors';
import { SESSION } from './messages';
import type { Texte } from './texte';

export const ACCESS_TOKEN_TTL_S = 60 * 60;
export const REFRESH_LIMIT_MS = 7 * 24 * 3600 * 1000;

export interface AuthUser {
  id: number;
  username: string;
  sid: string;
  /** When the session signed in with its password (the token's `orig_iat`, ms): refreshing does not move it. */
  signedInAt: number;
}

export interface TokenClaims {
  sub: string;
  username: string;
  sid: string;
  orig_iat: number;
  jti: string;
  iat: number;
  exp: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
  interface FastifyRequest {
    /** Set by `auth.optionalUser` / `auth.requireUser`; null for visitors. */
    authUser: AuthUser | null;
  }
}

const invalidToken = () => new AppError(401, 'unauthorized', SESSION.invalide);

export class AuthService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly key: Uint8Array,
    private readonly now: () => number = Date.now,
  ) {}

  private async sign(user: { id: number; username: string }, sid: string, origIat: number): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ username: user.username, sid, orig_iat: origIat })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setJti(crypto.randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
      .sign(this.key);
  }

  /** Opens a session (a sign-in) and returns its first token. */
  async signIn(user: { id: number; username: string }): Promise<{ token: string; sid: string }> {
    const now = this.now();
    const sid = crypto.randomUUID();
    await repo.insertSession(this.db, {
      id: sid,
      userId: user.id,
      createdAt: now,
      expiresAt: now + REFRESH_LIMIT_MS,
    });
    return { token: await this.sign(user, sid, Math.floor(now / 1000)), sid };
  }

  /** Verifies signature, expiry and session; throws 401 otherwise. */
  async verify(token: string): Promise<{ user: AuthUser; claims: TokenClaims }> {
    let claims: TokenClaims;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      claims = payload as unknown as TokenClaims;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) throw invalidToken();
      throw err;
    }
    if (
      typeof claims.sid !== 'string' ||
      typeof claims.sub !== 'string' ||
      typeof claims.orig_iat !== 'number'
    ) {
      throw invalidToken();
    }
    const session = await repo.findSessionUser(this.db, claims.sid);
    if (
      !session ||
      session.revoked_at !== null ||
      session.expires_at <= this.now() ||
      session.is_active !== 1 ||
      String(session.id) !== claims.sub
    ) {
      throw invalidToken();
    }
    return {
      user: {
        id: session.id,
        username: session.username,
        sid: claims.sid,
        signedInAt: claims.orig_iat * 1000,
      },
      claims,
    };
  }

  /** A new token for the same session, refused 7 days after the original sign-in. */
  async refresh(token: string): Promise<string> {
    const { user, claims } = await this.verify(token);
    if (claims.orig_iat * 1000 + REFRESH_LIMIT_MS <= this.now()) {
      throw new AppError(401, 'unauthorized', SESSION.tropAncienne);
    }
    return this.sign(user, claims.sid, claims.orig_iat);
  }

  async revokeSession(sid: string): Promise<void> {
    await repo.revokeSession(this.db, sid, this.now());
  }

  /** Revokes every session of a user, except `keepSid` when given (password change keeps the current one). */
  async revokeUserSessions(userId: number, keepSid?: string): Promise<void> {
    await repo.revokeUserSessions(this.db, userId, this.now(), keepSid);
  }

  /** The bearer token of a request (`Authorization: Bearer …`, or `JWT …` as djangorestframework-jwt). */
  static tokenOf(request: FastifyRequest): string | null {
    const h = request.headers.authorization;
    if (!h) return null;
    const m = /^(?:Bearer|JWT)\s+(\S+)$/i.exec(h);
    return m?.[1] ?? null;
  }

  /** preHandler: sets `request.authUser` when a valid token is sent; a bad token is a 401. */
  optionalUser = async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = AuthService.tokenOf(request);
    request.authUser = token ? (await this.verify(token)).user : null;
  };

  /** preHandler: 401 without a valid token. */
  requireUser = async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = AuthService.tokenOf(request);
    if (!token) throw unauthorized();
    request.authUser = (await this.verify(token)).user;
  };

  hasAutorisation(userId: number, autorisationId: number): Promise<boolean> {
    return repo.hasAutorisation(this.db, userId, autorisationId);
  }

  /** preHandler factory: 401 without a user, 403 without the authorisation (1 = forecast viewing). */
  requireAutorisation(autorisationId: number, message?: Texte) {
    return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      await this.requireUser(request, reply);
      const user = request.authUser as AuthUser;
      if (!(await this.hasAutorisation(user.id, autorisationId))) throw forbidden(message);
    };
  }
}

export function registerAuth(app: FastifyInstance, service: AuthService): void {
  app.decorate('auth', service);
  app.decorateRequest('authUser', null);
}
