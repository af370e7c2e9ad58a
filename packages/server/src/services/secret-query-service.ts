import type { ListResponse, NamedRef, Secret, SecretChestRef, SecretListItem } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import {
  type CallerAccess,
  listableChestIds,
  managesChest,
  requireVisibleChest,
  requireVisibleSecret,
} from '../policy/index.js';
import { presentAssignment } from '../presenters/chest-presenter.js';
import { presentSecret, presentSecretListItem, type SecretExtras } from '../presenters/secret-presenter.js';
import { listAssignmentsOfChests } from '../repositories/assignment-repository.js';
import { findChest, findChestsByIds } from '../repositories/chest-repository.js';
import { findWrappedKey } from '../repositories/secret-key-repository.js';
import {
  countSecrets,
  findSealedSecret,
  findSecret,
  listSecrets,
  type SecretRecord,
} from '../repositories/secret-repository.js';
import { findTeamsByIds } from '../repositories/team-repository.js';
import { splitPage } from './list-cursor.js';
import { type ListParams, wantsOption } from './list-params.js';
import { cachedListTotal } from './list-total-cache.js';

/**
 * Secrets' metadata as the caller may list them: one chest (`vault_id`), their own chests, or with
 * `everything` (administrators) all; hidden ones for administrators only; `deleted` lists the marked.
 * The caller's chests are worked out once, then the list is one indexed query on vault_id IN (…).
 */
export async function listSecretsFor(
  db: Kysely<Database>,
  access: CallerAccess,
  params: ListParams,
  chestId: string | undefined,
): Promise<ListResponse<SecretListItem>> {
  const organisationId = access.organisation.id;
  const chestIds = chestId
    ? [requireVisibleChest(access, await findChest(db, organisationId, chestId)).id]
    : listableChestIds(access, params.everything);
  const scope = {
    organisationId,
    chestIds,
    includeHidden: access.actor.administrator,
    deleted: params.deleted,
  };
  const [rows, total] = await Promise.all([
    listSecrets(db, scope, params.page),
    cachedListTotal(organisationId, `secrets:${JSON.stringify([scope, params.page.filter])}`, () =>
      countSecrets(db, scope, params.page.filter),
    ),
  ]);
  const { rows: page, nextCursor } = splitPage(rows, params.page.limit, params.page.order);
  const extras = await loadSecretExtras(db, access, page, params.options);
  return {
    items: page.map((secret) => presentSecretListItem(secret, extras.get(secret.vault_id))),
    total,
    next_cursor: nextCursor,
  };
}

/**
 * One secret with its sealed payload and the caller's own wrapped key, and its chest. 404 when the
 * caller cannot see it or holds no key (the web app then asks an administrator to reshare).
 */
export async function showSecretFor(
  db: Kysely<Database>,
  access: CallerAccess,
  id: string,
  options: ReadonlySet<string>,
): Promise<Secret> {
  const organisationId = access.organisation.id;
  const secret = requireVisibleSecret(access, await findSealedSecret(db, organisationId, id));
  const ownKey = await findWrappedKey(db, organisationId, secret.id, access.user.id);
  if (!ownKey) throw AppError.notFound();
  const extras = await loadSecretExtras(db, access, [secret], new Set([...options, 'vault']));
  return presentSecret(secret, ownKey, extras.get(secret.vault_id));
}

/** A secret's metadata and chest, without payload or key (the answer of a move, mark or restore). */
export async function showSecretMetadataFor(
  db: Kysely<Database>,
  access: CallerAccess,
  id: string,
): Promise<SecretListItem> {
  const secret = requireVisibleSecret(access, await findSecret(db, access.organisation.id, id));
  const extras = await loadSecretExtras(db, access, [secret], new Set(['vault']));
  return presentSecretListItem(secret, extras.get(secret.vault_id));
}

/** The chest (options `vault`) and its teams (options `teams`) of each secret, by chest id. */
async function loadSecretExtras(
  db: Kysely<Database>,
  access: CallerAccess,
  secrets: readonly SecretRecord[],
  options: ReadonlySet<string>,
): Promise<Map<string, SecretExtras>> {
  const withVault = wantsOption(options, 'vault');
  const withTeams = wantsOption(options, 'teams');
  const extras = new Map<string, SecretExtras>();
  if (secrets.length === 0 || (!withVault && !withTeams)) return extras;
  const organisationId = access.organisation.id;
  const chestIds = [...new Set(secrets.map((secret) => secret.vault_id))];
  const [chests, assignments] = await Promise.all([
    findChestsByIds(db, organisationId, chestIds),
    listAssignmentsOfChests(db, organisationId, chestIds),
  ]);
  const teams = withTeams
    ? await findTeamsByIds(db, organisationId, [...new Set(assignments.map((row) => row.team_id))])
    : [];
  for (const chest of chests) {
    const own = assignments.filter((assignment) => assignment.vault_id === chest.id);
    const entry: SecretExtras = {};
    if (withVault) {
      const vault: SecretChestRef = {
        id: chest.id,
        name: chest.name,
        manager: managesChest(access, chest.id),
        assignments: own.map(presentAssignment),
      };
      entry.vault = vault;
    }
    if (withTeams) {
      const teamIds = new Set(own.map((assignment) => assignment.team_id));
      entry.teams = teams
        .filter((team) => teamIds.has(team.id))
        .map(({ id, name }): NamedRef => ({ id, name }));
    }
    extras.set(chest.id, entry);
  }
  return extras;
}
