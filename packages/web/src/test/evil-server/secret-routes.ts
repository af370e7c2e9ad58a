import type { SecretCreate, SecretKeyAttributes, SignedSecretHeader } from '@coffer/core';
import { KEY_FOR_STRANGER_MESSAGE, READERS_CHANGED_MESSAGE, STALE_REVISION_MESSAGE } from '@coffer/core';
import type { StoredSecret } from './honest-model.js';
import type { Answer, EvilRequest, HonestRoute, RouteContext } from './route-kit.js';
import { bodyField, presentSecret, refuse } from './route-kit.js';

// The server's texts (packages/server/src/services/secrets/*).
const DUPLICATE_SECRET_MESSAGE = 'A secret with this id already exists.';
const MARKED_SECRET_MESSAGE = 'This secret is marked for deletion. Restore it first.';
const SAME_CHEST_MESSAGE = 'The secret is already in this chest.';
const SIGNED_MARK_MESSAGE =
  'This secret was marked for deletion by a signed revision. Restore it with a signed revision, as the web app does.';

/** The secret routes the crypto client uses, answered as packages/server/src/services/secrets does. */
export const secretRoutes: Record<string, HonestRoute> = {
  'POST /api/v1/secrets.json': createSecret,
  'POST /api/v1/secrets/bulk.json': createSecrets,
  'GET /api/v1/secrets/unsigned.json': unsignedSecrets,
  'POST /api/v1/secrets/read.json': readSecrets,
  'GET /api/v1/secrets/:id.json': showSecret,
  'PUT /api/v1/secrets/:id.json': (request, context) =>
    bodyField<SecretCreate>(request, 'secret').encrypted_data === undefined
      ? moveSecret(request, context)
      : saveSecret(request, context),
  'POST /api/v1/secrets/:id/mark_for_deletion.json': (request, context) =>
    markDeleted(request, context, true),
  'POST /api/v1/secrets/:id/unmark_for_deletion.json': (request, context) =>
    markDeleted(request, context, false),
};

function createSecret(request: EvilRequest, context: RouteContext): Answer<unknown> {
  const caller = request.caller;
  if (!caller) return refuse.unauthorized();
  const checked = checkCreate(caller.id, request.route, bodyField<SecretCreate>(request, 'secret'), context);
  if ('status' in checked) return checked;
  return { status: 201, body: storeCreate(checked, caller.id, context) };
}

// The bulk create: every item checked as a create, the first refusal answered with its index and
// nothing stored; else all stored, answered in order.
function createSecrets(request: EvilRequest, context: RouteContext): Answer<unknown> {
  const caller = request.caller;
  if (!caller) return refuse.unauthorized();
  const body = request.body as { secrets?: unknown } | undefined;
  const inputs = Array.isArray(body?.secrets) ? (body.secrets as Partial<SecretCreate>[]) : [];
  if (inputs.length < 1 || inputs.length > 50) {
    return refuse.badRequest('A bulk create takes from 1 to 50 secrets.');
  }
  const checked: CheckedCreate[] = [];
  for (const [index, input] of inputs.entries()) {
    const one = checkCreate(caller.id, request.route, input, context);
    const refusal =
      'status' in one
        ? one
        : checked.some((other) => other.id === one.id)
          ? refuse.conflict(DUPLICATE_SECRET_MESSAGE)
          : null;
    if (refusal) return { status: refusal.status, body: { ...(refusal.body as object), index } };
    checked.push(one as CheckedCreate);
  }
  return { status: 201, body: { items: checked.map((one) => storeCreate(one, caller.id, context)) } };
}

type CheckedCreate = StoredSecret & { shares: SecretKeyAttributes[] };

function checkCreate(
  callerId: string,
  route: string,
  input: Partial<SecretCreate>,
  { model, record }: RouteContext,
): CheckedCreate | Answer<unknown> {
  const keys = input.secret_keys_attributes ?? [];
  const id = String(input.id);
  const chestId = String(input.vault_id);
  const hidden = input.hidden === true;
  const readers = model.readers(chestId, hidden);
  record({ route, secretId: id, readers, shares: keys, sealed: sealedOf(input) });
  if (input.revision !== 1) return refuse.badRequest('A new secret starts at revision 1.');
  if (!model.canWrite(callerId, chestId)) return refuse.notFound();
  if (model.secrets.has(id)) return refuse.conflict(DUPLICATE_SECRET_MESSAGE);
  const cover = checkKeyCover(keys, readers);
  if (cover) return cover;
  const now = new Date().toISOString();
  return {
    id,
    vault_id: chestId,
    name: String(input.name ?? ''),
    category: input.category ?? 'password',
    strength: input.strength ?? null,
    form_fill: input.form_fill === true,
    hidden,
    revision: 1,
    encrypted_data: String(input.encrypted_data),
    encryption_iv: String(input.encryption_iv),
    keys: new Map(),
    deleted_at: null,
    created_at: now,
    updated_at: now,
    signed_header: headerOf(input),
    shares: keys,
  };
}

function storeCreate({ shares, ...secret }: CheckedCreate, callerId: string, { model }: RouteContext) {
  model.replaceKeys(secret, shares);
  model.secrets.set(secret.id, secret);
  return presentSecret(model, secret, callerId);
}

// The live secrets without a signed header, by id (an administrator's; the real server pages them).
function unsignedSecrets(request: EvilRequest, { model }: RouteContext): Answer<unknown> {
  const caller = request.caller;
  if (!caller) return refuse.unauthorized();
  if (!model.users.get(caller.id)?.administrator) return refuse.forbidden();
  const after = request.query.get('after') ?? '';
  const limit = Number(request.query.get('limit') ?? 100);
  const left = [...model.secrets.values()]
    .filter((secret) => secret.deleted_at === null && !secret.signed_header)
    .map((secret) => secret.id)
    .sort();
  const ids = left.filter((id) => id > after);
  return { status: 200, body: { ids: ids.slice(0, limit), more: ids.length > limit, total: left.length } };
}

// These secrets as the single read answers each; the rest (unreadable, no key) in `missing`.
function readSecrets(request: EvilRequest, { model }: RouteContext): Answer<unknown> {
  const caller = request.caller;
  if (!caller) return refuse.unauthorized();
  const ids = ((request.body as { ids?: unknown } | undefined)?.ids ?? []) as string[];
  const items = [];
  const missing = [];
  for (const id of ids) {
    const secret = model.secrets.get(id);
    const readable = secret && secret.deleted_at === null && secret.keys.has(caller.id);
    if (readable) items.push(presentSecret(model, secret, caller.id));
    else missing.push(id);
  }
  return { status: 200, body: { items, missing } };
}

function showSecret(request: EvilRequest, { model }: RouteContext): Answer<unknown> {
  const caller = request.caller;
  if (!caller) return refuse.unauthorized();
  const secret = model.secrets.get(request.params.id ?? '');
  if (!secret || !model.readersOf(secret.id).has(caller.id)) return refuse.notFound();
  return { status: 200, body: presentSecret(model, secret, caller.id) };
}

// A save: the next revision, its key wrapped for exactly the readers of its (possibly new) chest.
// With `marked`, the signed revision of a mark for deletion or a restore, where the secret is.
function saveSecret(
  request: EvilRequest,
  { model, record }: RouteContext,
  marked?: boolean,
): Answer<unknown> {
  const caller = request.caller;
  if (!caller) return refuse.unauthorized();
  const input = bodyField<SecretCreate>(request, 'secret');
  const id = request.params.id ?? '';
  const secret = model.secrets.get(id);
  const keys = input.secret_keys_attributes ?? [];
  const chestId = input.vault_id ?? secret?.vault_id ?? '';
  const hidden = input.hidden ?? secret?.hidden ?? false;
  const readers = model.readers(chestId, hidden);
  record({ route: request.route, secretId: id, readers, shares: keys, sealed: sealedOf(input) });
  if (!secret || !model.readersOf(id).has(caller.id)) return refuse.notFound();
  if (!model.canWrite(caller.id, secret.vault_id) || !model.canWrite(caller.id, chestId))
    return refuse.forbidden();
  const wasMarked = secret.deleted_at !== null;
  if (marked === undefined && wasMarked) return refuse.conflict(MARKED_SECRET_MESSAGE);
  if (marked !== undefined && marked === wasMarked)
    return { status: 200, body: presentSecret(model, secret, caller.id) };
  if (input.revision !== secret.revision + 1) return refuse.conflict(STALE_REVISION_MESSAGE);
  const cover = checkKeyCover(keys, readers);
  if (cover) return cover;
  Object.assign(secret, {
    vault_id: chestId,
    name: input.name ?? secret.name,
    category: input.category ?? secret.category,
    strength: input.strength ?? null,
    form_fill: input.form_fill === true,
    hidden,
    revision: input.revision,
    encrypted_data: String(input.encrypted_data),
    encryption_iv: String(input.encryption_iv),
    updated_at: new Date().toISOString(),
    signed_header: headerOf(input),
    ...(marked !== undefined ? { deleted_at: marked ? new Date().toISOString() : null } : {}),
  });
  model.replaceKeys(secret, keys);
  return { status: 200, body: presentSecret(model, secret, caller.id) };
}

// A move: keys are stored only for readers who gain access, and dropped for those who lose it.
function moveSecret(request: EvilRequest, { model, record }: RouteContext): Answer<unknown> {
  const caller = request.caller;
  if (!caller) return refuse.unauthorized();
  const input = bodyField<SecretCreate>(request, 'secret');
  const id = request.params.id ?? '';
  const secret = model.secrets.get(id);
  const keys = input.secret_keys_attributes ?? [];
  const target = String(input.vault_id ?? '');
  const readers = model.readers(target, secret?.hidden ?? false);
  record({ route: request.route, secretId: id, readers, shares: keys });
  if (!secret || !model.readersOf(id).has(caller.id)) return refuse.notFound();
  if (!model.canWrite(caller.id, secret.vault_id) || !model.canWrite(caller.id, target))
    return refuse.notFound();
  if (secret.deleted_at) return refuse.conflict(MARKED_SECRET_MESSAGE);
  if (target === secret.vault_id) return refuse.badRequest(SAME_CHEST_MESSAGE);
  if (keys.some((key) => !readers.has(key.user_id))) return refuse.badRequest(KEY_FOR_STRANGER_MESSAGE);
  const former = model.readersOf(id);
  for (const key of keys) if (!former.has(key.user_id)) secret.keys.set(key.user_id, key.encrypted_value);
  for (const userId of [...secret.keys.keys()]) if (!readers.has(userId)) secret.keys.delete(userId);
  secret.vault_id = target;
  secret.updated_at = new Date().toISOString();
  return { status: 200, body: presentSecret(model, secret, caller.id) };
}

// Without a body, the spec's call: the revision and its header stay; a secret its author marked is
// restored only by a signed revision.
function markDeleted(request: EvilRequest, context: RouteContext, deleted: boolean): Answer<unknown> {
  if ((request.body as { secret?: unknown } | undefined)?.secret)
    return saveSecret(request, context, deleted);
  const { model } = context;
  const caller = request.caller;
  if (!caller) return refuse.unauthorized();
  const secret = model.secrets.get(request.params.id ?? '');
  if (!secret || !model.readersOf(secret.id).has(caller.id)) return refuse.notFound();
  if (!model.canWrite(caller.id, secret.vault_id)) return refuse.forbidden();
  if ((secret.deleted_at !== null) === deleted)
    return { status: 200, body: presentSecret(model, secret, caller.id) };
  if (!deleted && secret.signed_header?.header.deleted) return refuse.conflict(SIGNED_MARK_MESSAGE);
  secret.deleted_at = deleted ? new Date().toISOString() : null;
  return { status: 200, body: presentSecret(model, secret, caller.id) };
}

// packages/server/src/services/secrets/key-cover-check.ts: a key for a stranger is a 400, a reader
// without one a 409.
function checkKeyCover(
  keys: readonly SecretKeyAttributes[],
  readers: ReadonlySet<string>,
): Answer<unknown> | null {
  const given = new Set(keys.map((key) => key.user_id));
  if ([...given].some((userId) => !readers.has(userId))) return refuse.badRequest(KEY_FOR_STRANGER_MESSAGE);
  if ([...readers].some((userId) => !given.has(userId))) return refuse.conflict(READERS_CHANGED_MESSAGE);
  return null;
}

function sealedOf(input: Partial<SecretCreate>) {
  if (typeof input.encrypted_data !== 'string' || typeof input.encryption_iv !== 'string') return undefined;
  return {
    revision: Number(input.revision),
    encrypted_data: input.encrypted_data,
    encryption_iv: input.encryption_iv,
  };
}

// The honest server stores a header as sent (packages/server checks only that it states the revision;
// readers verify it).
function headerOf(input: Partial<SecretCreate> & { signed_header?: unknown }): SignedSecretHeader | null {
  return (input.signed_header as SignedSecretHeader | undefined) ?? null;
}
