import { NO_PERMISSION_MESSAGE } from '@coffer/core';
import { AppError } from './app-error.js';

/** 404 `Not found`: missing, of another organisation, or not visible to the caller (all alike). */
export function notFound(): AppError {
  return AppError.notFound();
}

/** 403 for a caller who may see the object but not do this to it. */
export function noPermission(): AppError {
  return AppError.forbidden(NO_PERMISSION_MESSAGE);
}
