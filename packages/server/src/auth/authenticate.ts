import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { findOrganisationById, type Organisation } from '../repositories/organisation-repository.js';
import { findSessionByTokenHash, revokeSession, touchSession } from '../repositories/session-repository.js';
import { findUserById, type User } from '../repositories/user-repository.js';
import {
  ACCOUNT_LOCKED,
  PASSWORD_CHANGE_REQUIRED,
  SESSION_EXPIRED,
  SIGN_IN_REQUIRED,
} from './auth-messages.js';
import { checkSession, shouldTouch } from './session-check.js';
import { hashToken } from './session-token.js';

/** Who is calling: set on `request.auth` by `app.authenticate`. */
export interface AuthContext {
  user: User;
  organisation: Organisation;
  session: SessionRow;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: 401 unless the request carries a live session; then sets request.auth. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The caller. Reading it on a route without `app.authenticate` throws (a programming error). */
    readonly auth: AuthContext;
  }
  interface FastifyContextConfig {
    /**
     * Serve this route to a caller who must still replace a generated password
     * (must_change_password); every other authenticated route answers 403 until it is cleared.
     * Spread `PASSWORD_CHANGE_FLOW` into the route's config.
     */
    allowWhilePasswordChangeRequired?: boolean;
  }
}

/**
 * Route config of what a user who must change their password may still call: the profile, the
 * password check and change, sign-out: `config: { ...PASSWORD_CHANGE_FLOW }`.
 */
export const PASSWORD_CHANGE_FLOW = { allowWhilePasswordChangeRequired: true } as const;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,256}$/;
const contexts = new WeakMap<FastifyRequest, AuthContext>();

/** Decorates the app with `authenticate` and requests with `auth`. Call once, at the root. */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('auth', {
    getter(this: FastifyRequest): AuthContext {
      const context = contexts.get(this);
      if (!context) throw new Error('request.auth read on a route that does not run app.authenticate');
      return context;
    },
  });
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    contexts.set(request, await resolveCaller(app, request));
  });
}

async function resolveCaller(app: FastifyInstance, request: FastifyRequest): Promise<AuthContext> {
  const token = readToken(request.headers.authorization);
  if (!token) throw AppError.unauthorized(SIGN_IN_REQUIRED);
  const session = await findSessionByTokenHash(app.db, hashToken(token));
  if (!session || session.revoked_at) throw AppError.unauthorized(SIGN_IN_REQUIRED);
  const [user, organisation] = await Promise.all([
    findUserById(app.db, session.organisation_id, session.user_id),
    findOrganisationById(app.db, session.organisation_id),
  ]);
  if (!user || !organisation) throw AppError.unauthorized(SIGN_IN_REQUIRED);
  const now = new Date();
  if (checkSession(session, organisation, now)) throw AppError.unauthorized(SESSION_EXPIRED);
  if (user.locked) {
    await revokeSession(app.db, session, 'locked', now.toISOString());
    throw AppError.locked(ACCOUNT_LOCKED);
  }
  if (shouldTouch(session, now)) await touchSession(app.db, session, now.toISOString());
  // The generated password is known to the administrator who made the account: until the user has
  // replaced it, the session serves the password change and nothing else (the one place it is enforced).
  if (user.must_change_password && request.routeOptions.config?.allowWhilePasswordChangeRequired !== true) {
    throw AppError.forbidden(PASSWORD_CHANGE_REQUIRED);
  }
  return { user, organisation, session };
}

/** The token of `Authorization: Bearer <token>` or of a bare `Authorization: <token>`. */
export function readToken(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim().replace(/^Bearer\s+/i, '');
  return TOKEN_SHAPE.test(value) ? value : null;
}
