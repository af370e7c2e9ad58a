import type { AuthContext } from '../auth/authenticate.js';
import { AppError } from '../http/app-error.js';

/** Refuses (403) a caller who is not an administrator of their organisation. */
export function assertAdministrator(auth: Pick<AuthContext, 'user'>): void {
  if (!auth.user.administrator) throw AppError.forbidden();
}
