import {
  CHESTS_LIMIT_MESSAGE,
  FREE_PLAN_LIMIT_NOTICE,
  isCryptoError,
  isSecretHeaderError,
} from '@coffer/core';
import { ApiError } from '../api/api-error.js';
import {
  CONFLICT_MESSAGE,
  GENERIC_SECRET_ERROR_MESSAGE,
  headerRefusedMessage,
  INTEGRITY_ERROR_MESSAGE,
  SECRET_KEY_NOT_FOUND_MESSAGE,
  SecretAccessError,
} from './secret-access-error.js';

/** Turns whatever a read or save threw into a SecretAccessError with the text to show. */
export function toSecretAccessError(error: unknown): SecretAccessError {
  if (error instanceof SecretAccessError) return error;
  if (isSecretHeaderError(error)) {
    const kind = error.kind === 'rollback' ? 'rollback' : 'integrity';
    return new SecretAccessError(kind, headerRefusedMessage(error.message));
  }
  if (isCryptoError(error)) return new SecretAccessError('integrity', INTEGRITY_ERROR_MESSAGE);
  if (!(error instanceof ApiError)) return new SecretAccessError('server', GENERIC_SECRET_ERROR_MESSAGE);
  if (error.serverMessage === CHESTS_LIMIT_MESSAGE)
    return new SecretAccessError('limit', FREE_PLAN_LIMIT_NOTICE);
  if (error.status === 404) return new SecretAccessError('not-found', SECRET_KEY_NOT_FOUND_MESSAGE);
  if (error.status === 409) return new SecretAccessError('conflict', error.serverMessage ?? CONFLICT_MESSAGE);
  return new SecretAccessError('server', error.serverMessage ?? GENERIC_SECRET_ERROR_MESSAGE);
}
