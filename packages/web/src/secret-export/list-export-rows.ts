import type { Chest, SecretListItem } from '@coffer/core';
import { requestOrThrow } from '../api/api-client.js';
import type { ListPage, PagePosition } from '../api/paging.js';
import { FIRST_PAGE, nextPagePosition } from '../api/paging.js';

/** Rows per list request of the export: the server's largest page. */
export const EXPORT_PAGE_SIZE = 200;

/** A chest as the export needs it: a sheet per chest. */
export type ExportChest = Pick<Chest, 'id' | 'name'>;

/** A secret's metadata as the export needs it: what to open, and the sheet it goes on. */
export type ExportSecretRow = Pick<SecretListItem, 'id' | 'name' | 'category' | 'vault_id' | 'vault'>;

// Follows a list to its total, 200 rows a request (the server's cursor when it gives one).
async function listEverything<T>(
  path: string,
  query: Record<string, string | number | boolean | readonly string[]>,
  signal?: AbortSignal,
): Promise<T[]> {
  const pages: ListPage<T>[] = [];
  let position: PagePosition | undefined = FIRST_PAGE;
  while (position) {
    const page: ListPage<T> = await requestOrThrow<ListPage<T>>(path, {
      query: { ...query, limit: EXPORT_PAGE_SIZE, ...position },
      ...(signal ? { signal } : {}),
    });
    pages.push(page);
    position = nextPagePosition(pages);
  }
  return pages.flatMap((page) => page.items);
}

/** Every chest of the organisation (the owner is an administrator: `everything`), by name. */
export function listExportChests(signal?: AbortSignal): Promise<ExportChest[]> {
  return listEverything<ExportChest>('/api/v1/vaults.json', { everything: true }, signal);
}

/** A secret's metadata with the date of its revision: what the password health check lists (issue 31). */
export type DatedSecretRow = ExportSecretRow & Pick<SecretListItem, 'updated_at'>;

/**
 * Every live secret of the organisation with its chest (metadata only: lists never carry a payload),
 * by name. Secrets marked for deletion are not listed.
 */
export function listExportSecrets(signal?: AbortSignal): Promise<DatedSecretRow[]> {
  return listEverything<DatedSecretRow>(
    '/api/v1/secrets.json',
    { everything: true, options: ['vault'] },
    signal,
  );
}
