import type { PasswordPayload } from '@coffer/core';
import { openSecretRecord } from '@coffer/web/crypto-client/open-secret-record.js';
import { secretUrlsOf } from '../matching/index.js';
import type { VaultEntry } from './vault-entry.js';

/** A login opened for one act (fill or copy): dropped by the caller as soon as the act is done. */
export interface OpenedLogin {
  username: string;
  password: string;
  /** The authenticator key, when the login has one. */
  totp: string | null;
  /** The addresses as they are now: the fill gate checks the tab against these, not the list's copy. */
  urls: VaultEntry['urls'];
}

/** Opens one login with the web app's crypto client (the same checks: revision floor, bound ids). */
export async function openLogin(secretId: string, userId: string): Promise<OpenedLogin> {
  const opened = await openSecretRecord(secretId, userId);
  const payload = opened.payload as Partial<PasswordPayload>;
  return {
    username: payload.username ?? '',
    password: payload.password ?? '',
    totp: payload.totp?.trim() ? payload.totp : null,
    urls: secretUrlsOf(opened.payload as unknown as Record<string, unknown>),
  };
}
