import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { type CallerAccess, loadCallerAccess } from '../policy/caller-access.js';
import { findSignedInSession, revokeSession, touchSession } from '../repositories/session-repository.js';
import {
  ACCOUNT_LOCKED,
  PASSWORD_CHANGE_REQUIRED,
  SESSION_EXPIRED,
  SIGN_IN_REQUIRED,
} from './auth-messages.js';
import { checkSession, shouldTouch } from './session-check.js';
import { hashToken } from './session-token.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The onRequest hook of the signed-in route tree (routes/index.ts): 401 unless the request
     * carries a live session; then loads the caller's access once and sets request.caller.
     */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /**
     * The caller (user, organisation, session, memberships, assignments, managed chests), loaded
     * once per request. Reading it outside the signed-in tree throws (a programming error).
     */
    readonly caller: CallerAccess;
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
const callers = new WeakMap<FastifyRequest, CallerAccess>();

/** Decorates the app with `authenticate` and requests with `caller`. Call once, at the root. */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('caller', {
    getter(this: FastifyRequest): CallerAccess {
      const caller = callers.get(this);
      if (!caller) throw new Error('request.caller read on a route outside the signed-in tree');
      return caller;
    },
  });
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    callers.set(request, await resolveCaller(app, request));
  });
}

async function resolveCaller(app: FastifyInstance, request: FastifyRequest): Promise<CallerAccess> {
  const token = readToken(request.headers.authorization);
  if (!token) throw AppError.unauthorized(SIGN_IN_REQUIRED);
  // The session with its user and organisation: none when any of the three is gone.
  const signedIn = await findSignedInSession(app.db, hashToken(token));
  if (!signedIn || signedIn.session.revoked_at) throw AppError.unauthorized(SIGN_IN_REQUIRED);
  const { session, user, organisation } = signedIn;
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
  return loadCallerAccess(app.db, { user, organisation, session });
}

/** The token of `Authorization: Bearer <token>` or of a bare `Authorization: <token>`. */
export function readToken(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim().replace(/^Bearer\s+/i, '');
  return TOKEN_SHAPE.test(value) ? value : null;
}
