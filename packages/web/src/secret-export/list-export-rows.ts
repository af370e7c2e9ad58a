import type { Chest, SecretListItem } from '@coffer/core';
import { listEverything } from '../api/list-everything.js';

/** A chest as the export needs it: a sheet per chest. */
export type ExportChest = Pick<Chest, 'id' | 'name'>;

/** A secret's metadata as the export needs it: what to open, and the sheet it goes on. */
export type ExportSecretRow = Pick<SecretListItem, 'id' | 'name' | 'category' | 'vault_id' | 'vault'>;

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
