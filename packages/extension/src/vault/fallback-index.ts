import type { PasswordPayload, SecretUrl } from '@coffer/core';
import type { PagePosition } from '@coffer/web/api/paging.js';
import type { SecretRow } from '@coffer/web/api/secrets-api.js';
import { listSecrets } from '@coffer/web/api/secrets-api.js';
import { openSecretRecord } from '@coffer/web/crypto-client/open-secret-record.js';
import type { VaultEntry } from './vault-entry.js';

/*
 * The straightforward path until issue 29's sync (src/sync/: the encrypted local index kept fresh by the
 * changes-since API) lands and replaces this file: list the password secrets the user can read, open
 * each once to learn its web addresses, and keep only those. Usernames and passwords are dropped here.
 */

const OPENING_AT_ONCE = 4;

/** Runs `act` over the items, a few at a time, answering in the items' order. */
async function mapFewAtATime<T, R>(items: readonly T[], act: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++)
      results[index] = await act(items[index] as T);
  };
  await Promise.all(Array.from({ length: Math.min(OPENING_AT_ONCE, items.length) }, worker));
  return results;
}

async function listPasswordRows(): Promise<SecretRow[]> {
  const rows: SecretRow[] = [];
  let position: PagePosition = { offset: 0 };
  for (;;) {
    const page = await listSecrets({ order: 'name asc' }, position);
    rows.push(...page.items);
    if (page.items.length === 0 || rows.length >= page.total) break;
    position = page.next_cursor ? { cursor: page.next_cursor } : { offset: rows.length };
  }
  return rows.filter((row) => row.category === 'password');
}

/** The web addresses of a login payload: its main URL first, then the others. */
export function urlsOf(payload: Partial<PasswordPayload>): SecretUrl[] {
  const main: SecretUrl[] = payload.url
    ? [{ url: payload.url, ...(payload.urlMatch ? { match: payload.urlMatch } : {}) }]
    : [];
  return [...main, ...(payload.moreUrls ?? [])].filter((entry) => entry.url.trim() !== '');
}

/** Every login the user can read, as list entries. A secret that does not open is left out. */
export async function loadEntries(userId: string): Promise<VaultEntry[]> {
  const rows = await listPasswordRows();
  const entries = await mapFewAtATime(rows, async (row) => {
    try {
      const opened = await openSecretRecord(row.id, userId);
      return {
        secretId: row.id,
        revision: opened.secret.revision,
        chestId: row.vault_id,
        chestName: row.vault_name ?? row.vault?.name ?? '',
        name: row.name,
        urls: urlsOf(opened.payload as Partial<PasswordPayload>),
      };
    } catch {
      return null;
    }
  });
  return entries.filter((entry): entry is VaultEntry => entry !== null);
}
