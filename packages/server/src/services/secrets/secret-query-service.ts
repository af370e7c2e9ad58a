import type {
  DeletedSecretSortKey,
  ListResponse,
  NamedRef,
  Secret,
  SecretChestRef,
  SecretListItem,
  SecretSortKey,
} from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { type ListQuery, wantsOption } from '../../lists/list-params.js';
import { type ListResource, readListParams, runList } from '../../lists/list-resource.js';
import type { SortColumn, SortSpec } from '../../lists/list-sorts.js';
import {
  type CallerAccess,
  listableChestIds,
  managesChest,
  requireVisibleChest,
  requireVisibleSecret,
  seesHiddenSecrets,
} from '../../policy/index.js';
import { presentAssignment } from '../../presenters/chest-presenter.js';
import {
  presentSecret,
  presentSecretListItem,
  type SecretExtras,
} from '../../presenters/secret-presenter.js';
import { listAssignmentsOfChests } from '../../repositories/assignment-repository.js';
import { findChest, findChestsByIds } from '../../repositories/chest-repository.js';
import { findWrappedKey } from '../../repositories/secret-key-repository.js';
import {
  findSealedSecret,
  findSecret,
  readSecretRows,
  type SecretListRecord,
  type SecretScope,
  scopeSecrets,
  selectSecretColumns,
  selectSecretRows,
  templateSecretScope,
} from '../../repositories/secret-repository.js';
import { findTeamsByIds } from '../../repositories/team-repository.js';
import type { ServiceContext } from '../service-context.js';

type SecretSort = SortColumn<SecretListRecord>;

const text = (column: string, index: string): SecretSort => ({ column, type: 'text', index });

/** Live secrets: the dashboard, a chest's secrets, and the admin list (`everything`). */
export const SECRET_LIST: ListResource<'secrets', SecretScope, SecretListRecord, SecretListItem> = {
  name: 'secrets',
  table: 'secrets',
  scope: scopeSecrets,
  select: selectSecretRows,
  sorts: {
    name: text('name', 'secrets_live_name_index'),
    // Stored as 0 for categories without one, so they come first.
    strength: {
      column: 'strength',
      type: 'integer',
      index: 'secrets_live_strength_index',
      cursorValue: (row) => row.strength ?? 0,
    },
    category: text('category', 'secrets_live_category_index'),
    vault_name: text('vault_name', 'secrets_live_chest_name_index'),
    updated_at: text('updated_at', 'secrets_live_updated_at_index'),
    created_at: text('created_at', 'secrets_live_created_at_index'),
  } satisfies Record<SecretSortKey, SortSpec<SecretScope, SecretListRecord>>,
  filterColumns: ['name'],
  cacheTotals: true,
  present: presentSecretPage,
  // Every dashboard load and every scrolled page reads this list.
  compiled: { template: templateSecretScope, columns: selectSecretColumns, read: readSecretRows },
};

/** Secrets marked for deletion (`deleted=true`): Deleted Secrets, all or of one chest. */
export const DELETED_SECRET_LIST: ListResource<'secrets', SecretScope, SecretListRecord, SecretListItem> = {
  ...SECRET_LIST,
  name: 'deleted-secrets',
  sorts: {
    name: text('name', 'secrets_deleted_name_index'),
    category: text('category', 'secrets_deleted_category_index'),
    vault_name: text('vault_name', 'secrets_deleted_chest_name_index'),
    deleted_at: {
      column: 'deleted_at',
      type: 'text',
      index: 'secrets_deleted_deleted_at_index',
      cursorValue: (row) => row.deleted_at ?? '',
    },
  } satisfies Record<DeletedSecretSortKey, SortSpec<SecretScope, SecretListRecord>>,
};

/**
 * Secrets' metadata as the caller may list them: one chest (`vault_id`), their own chests, or with
 * `everything` (administrators) all; hidden ones for administrators only; `deleted` lists the marked.
 * The caller's chests are worked out once, then the list is one indexed query on vault_id IN (…).
 */
export async function listSecretsFor(
  ctx: ServiceContext,
  caller: CallerAccess,
  query: ListQuery & { vault_id?: string },
): Promise<ListResponse<SecretListItem>> {
  const { db } = ctx;
  const resource = query.deleted ? DELETED_SECRET_LIST : SECRET_LIST;
  const params = readListParams(resource, query);
  const organisationId = caller.organisation.id;
  const chestIds = query.vault_id
    ? [requireVisibleChest(caller, await findChest(db, organisationId, query.vault_id)).id]
    : listableChestIds(caller, params.everything);
  const scope: SecretScope = {
    organisationId,
    chestIds,
    includeHidden: seesHiddenSecrets(caller),
    deleted: params.deleted,
  };
  return runList(db, resource, caller, scope, params);
}

async function presentSecretPage(
  db: Kysely<Database>,
  caller: CallerAccess,
  rows: SecretListRecord[],
  options: ReadonlySet<string>,
): Promise<SecretListItem[]> {
  const extras = await loadSecretExtras(db, caller, rows, options);
  return rows.map((secret) => presentSecretListItem(secret, extras.get(secret.vault_id)));
}

/**
 * One secret with its sealed payload and the caller's own wrapped key, and its chest. 404 when the
 * caller cannot see it or holds no key (the web app then asks an administrator to reshare).
 */
export async function showSecretFor(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  options: ReadonlySet<string>,
): Promise<Secret> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const secret = requireVisibleSecret(caller, await findSealedSecret(db, organisationId, id));
  const ownKey = await findWrappedKey(db, organisationId, secret.id, caller.user.id);
  if (!ownKey) throw AppError.notFound();
  const extras = await loadSecretExtras(db, caller, [secret], new Set([...options, 'vault']));
  return presentSecret(secret, ownKey, extras.get(secret.vault_id));
}

/** A secret's metadata and chest, without payload or key (the answer of a move, mark or restore). */
export async function showSecretMetadataFor(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
): Promise<SecretListItem> {
  const { db } = ctx;
  const secret = requireVisibleSecret(caller, await findSecret(db, caller.organisation.id, id));
  const extras = await loadSecretExtras(db, caller, [secret], new Set(['vault']));
  return presentSecretListItem(secret, extras.get(secret.vault_id));
}

/** The chest (options `vault`) and its teams (options `teams`) of each secret, by chest id. */
export async function loadSecretExtras(
  db: Kysely<Database>,
  caller: CallerAccess,
  secrets: readonly SecretListRecord[],
  options: ReadonlySet<string>,
): Promise<Map<string, SecretExtras>> {
  const withVault = wantsOption(options, 'vault');
  const withTeams = wantsOption(options, 'teams');
  const extras = new Map<string, SecretExtras>();
  if (secrets.length === 0 || (!withVault && !withTeams)) return extras;
  const organisationId = caller.organisation.id;
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
        manager: managesChest(caller, chest.id),
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
