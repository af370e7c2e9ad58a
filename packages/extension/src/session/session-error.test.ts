import { ApiError } from '@coffer/web/api/api-error.js';
import { SecretAccessError } from '@coffer/web/crypto-client/secret-access-error.js';
import { describe, expect, it } from 'vitest';
import { SyncReadError } from '../sync/index.js';
import { ACCOUNT_LOCKED, SIGN_IN_REQUIRED, sessionProblemOf } from './session-error.js';
import {
  SERVER_UNREACHABLE_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  SESSION_REVOKED_MESSAGE,
} from './session-messages.js';

describe('sessionProblemOf', () => {
  it('ends the session with its own words when it expired, was revoked or the account was locked', () => {
    expect(sessionProblemOf(new ApiError(401, 'Signature has expired'))).toEqual({
      message: SESSION_EXPIRED_MESSAGE,
      ended: true,
    });
    expect(sessionProblemOf(new ApiError(401, SIGN_IN_REQUIRED))).toEqual({
      message: SESSION_REVOKED_MESSAGE,
      ended: true,
    });
    expect(sessionProblemOf(new ApiError(401, ACCOUNT_LOCKED))).toEqual({
      message: ACCOUNT_LOCKED,
      ended: true,
    });
    expect(sessionProblemOf(new ApiError(401, undefined))).toEqual({
      message: SESSION_REVOKED_MESSAGE,
      ended: true,
    });
  });

  it('reads the server text the crypto client carried over', () => {
    expect(sessionProblemOf(new SecretAccessError('server', 'Signature has expired'))).toEqual({
      message: SESSION_EXPIRED_MESSAGE,
      ended: true,
    });
  });

  it('ends the session when the index sync is refused, and keeps it when the server is unreachable', () => {
    expect(sessionProblemOf(new SyncReadError(401))).toEqual({
      message: SESSION_REVOKED_MESSAGE,
      ended: true,
    });
    expect(sessionProblemOf(new TypeError('Failed to fetch'))).toEqual({
      message: SERVER_UNREACHABLE_MESSAGE,
      ended: false,
    });
    expect(sessionProblemOf(new SyncReadError(500))).toEqual({
      message: 'The server answered 500.',
      ended: false,
    });
  });

  it('keeps the session on a network failure or another error', () => {
    expect(sessionProblemOf(new ApiError(0, undefined))).toEqual({
      message: SERVER_UNREACHABLE_MESSAGE,
      ended: false,
    });
    expect(sessionProblemOf(new SecretAccessError('not-found', 'Not found'))).toEqual({
      message: 'Not found',
      ended: false,
    });
  });
});
