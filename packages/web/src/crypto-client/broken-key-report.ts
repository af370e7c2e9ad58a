import type { Profile, Secret } from '@coffer/core';
import { PROFILE_PATH } from '../api/accounts-profile-api.js';
import { requestOrThrow } from '../api/api-client.js';
import { ApiError } from '../api/api-error.js';
import { reportBrokenKey } from '../api/secret-keys-api.js';
import { provesOwnKey } from './own-key-proof.js';

// One report per wrapped key seen (in flight or done), so that opening the same broken key again,
// or twice at once, reports it once. A report that did not happen is forgotten, to be tried again.
const reports = new Map<string, Promise<boolean>>();

/**
 * The caller's wrapped key of this secret did not open: report it (api.md), so that the server drops
 * it, it shows as missing for administrators, and their next reshare wraps one that opens. Only when
 * the private key unlocked here is the account's own (its public key proves it): a stale or foreign
 * private key would fail on every secret, and reporting then would drop keys that are fine.
 * Answers whether the key was reported.
 */
export function reportUnopenableKey(secret: Secret, userId: string, privateKey: CryptoKey): Promise<boolean> {
  const wrapped = secret.secret_key?.encrypted_value;
  if (!wrapped) return Promise.resolve(false);
  const id = `${secret.id}\n${wrapped}`;
  const known = reports.get(id);
  if (known) return known;
  const report = (async () => {
    const profile = await requestOrThrow<Profile>(PROFILE_PATH);
    if (profile.id !== userId || !(await provesOwnKey(profile.public_key, userId, privateKey))) return false;
    try {
      await reportBrokenKey(secret.id);
    } catch (error) {
      // 404: the key is gone already (reported from another tab, say): it is missing all the same.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    return true;
  })().catch(() => false);
  reports.set(id, report);
  void report.then((reported) => {
    if (!reported) reports.delete(id);
  });
  return report;
}
