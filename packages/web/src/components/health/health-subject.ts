import type { PasswordPayload } from '@coffer/core';
import { HISTORY_PASSWORD_FIELD } from '@coffer/core';
import type { OpenedSecret } from '../../crypto-client/open-secret-record.js';
import type { HealthSubject } from './health-record.js';

/** The hosts of URLs, for zxcvbn's user inputs (a password made of the site's name is weak). */
function hostsOf(urls: readonly string[]): string[] {
  return urls.flatMap((url) => {
    try {
      return [new URL(url).hostname];
    } catch {
      return [];
    }
  });
}

/**
 * What a health check reads of an opened password secret; null when it has no password to check
 * (another category, or an empty password).
 */
export function healthSubjectOf(
  { secret, payload }: OpenedSecret,
  listedUpdatedAt: string,
): HealthSubject | null {
  if (secret.category !== 'password') return null;
  const password = payload as PasswordPayload;
  if (!password.password) return null;
  const urls = [password.url, ...(password.moreUrls ?? []).map((more) => more.url)].filter(Boolean);
  const changes = (password.history ?? [])
    .filter((past) => past.field === HISTORY_PASSWORD_FIELD && !Number.isNaN(Date.parse(past.changedAt)))
    .map((past) => past.changedAt)
    .sort();
  const userInputs = [password.username, secret.name, ...hostsOf(urls)].filter(Boolean);
  return {
    id: secret.id,
    updatedAt: listedUpdatedAt,
    revision: secret.revision,
    password: password.password,
    userInputs,
    urls,
    passwordChangedAt: changes.at(-1) ?? secret.updated_at ?? listedUpdatedAt,
  };
}
