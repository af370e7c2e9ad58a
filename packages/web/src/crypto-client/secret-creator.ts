import type { PublicKeyEntry, SecretCreate, SecretHeaderRecord, SignedSecretHeader } from '@coffer/core';
import {
  BULK_CREATE_MAX_ITEMS,
  generateSecretKey,
  importPublicKey,
  newSecretId,
  sealSecret,
  wrapSecretKey,
} from '@coffer/core';
import { BulkItemError } from '../api/api-error.js';
import { createSecret, createSecrets } from '../api/secrets-api.js';
import type { KeyOwner, TrustOptions } from './confirm-reader-keys.js';
import { confirmReaderKeys } from './confirm-reader-keys.js';
import { readersForWrap } from './log-readers.js';
import { requirePrivateKey } from './private-key.js';
import { recordRevision } from './revision-memory.js';
import type { Rewrapper, RewrapperFactory } from './rewrapper.js';
import { createRewrapper } from './rewrapper.js';
import type { SavedSecret, SecretDraft } from './save-secret.js';
import { batchSignerUnderLog, headerUnderLog, readersChanged } from './save-secret.js';
import type { SealedItem } from './seal-batch.js';
import type { SecretAccessError } from './secret-access-error.js';
import { toSecretAccessError } from './to-secret-access-error.js';

/** Creates one secret of a run (revision 1), as createEncryptedSecret does. */
export type CreateSecret = (draft: SecretDraft) => Promise<SavedSecret>;

/** A chest's readers as one run wraps for them: listed, confirmed and imported once. */
interface ChestReaders {
  entries: { userId: string; key: CryptoKey }[];
}

/**
 * Creates many secrets in a row (an import): each a new id and key, sealed as revision 1 and wrapped
 * for exactly the chest's readers, as createEncryptedSecret does; but a chest's readers are listed,
 * put through the trust rule (confirmReaderKeys: `options.confirm` asks once for anyone untrusted) and
 * their public keys imported once for the whole run instead of per secret. Saves may run side by side:
 * they share one listing per chest, so people are asked at most once. When the server answers that
 * the readers changed (409, or 400 for a key for someone who left), the chest's readers are listed and
 * checked again and the save is tried once more, as a single save does.
 */
export function secretCreator(userId: string, options: TrustOptions = {}): CreateSecret {
  return secretCreators(userId, options).create;
}

/** Options of a bulk create. */
export interface CreateManyOptions {
  /** Each password secret's strength is scored beside its sealing (in the pool), not taken from its draft. */
  scoreStrength?: boolean;
}

/** The outcome of each draft of a bulk create, in order: saved, or why not (shown by the caller). */
export type CreateSecrets = (
  drafts: readonly SecretDraft[],
  options?: CreateManyOptions,
) => Promise<(SavedSecret | SecretAccessError)[]>;

/** A run's creators, sharing the chests' listed readers and the crypto pool. */
export interface SecretCreators {
  create: CreateSecret;
  createMany: CreateSecrets;
  /** Ends the pool's workers (they hold a copy of the private key); call it when the run is over. */
  close(): void;
}

/** Largest JSON body a bulk request is packed to: under the server's limit for the bulk route. */
export const BULK_BODY_BUDGET_BYTES = 6 * 1024 * 1024;

// One draft of a bulk create, sealed: its key, body (with its id) and the listing it was wrapped for.
interface SealedDraft {
  index: number;
  draft: SecretDraft;
  secretKey: Uint8Array;
  body: SecretCreate;
  readers: Promise<ChestReaders>;
}

/**
 * secretCreator's single create and a bulk create (`createMany`) sharing one cache of listed readers.
 * createMany seals each draft as the single create does, but in the crypto pool (`poolFactory`: the
 * reshare's workers, started on the first bulk create and ended by `close`), which also scores the
 * passwords when asked to, and sends them many to a request
 * (POST /api/v1/secrets/bulk.json: at most 50 and BULK_BODY_BUDGET_BYTES), which the server writes in
 * one transaction. A request refused for one item names it: that item gets its error and the rest
 * (nothing of it was written) are sent again; when the refusal is that the readers changed, the
 * request's chests are listed again, its items re-wrapped and it is sent once more, as a single save
 * does. A failure without an item (the network) fails the request's items.
 */
export function secretCreators(
  userId: string,
  options: TrustOptions = {},
  poolFactory: RewrapperFactory = createRewrapper,
): SecretCreators {
  const chests = new Map<string, Promise<ChestReaders>>();
  let pool: Promise<Rewrapper> | null = null;
  let closed = false;
  let owner: Promise<KeyOwner> | null = null;
  const caller = () => {
    owner ??= requirePrivateKey().then((privateKey) => ({ userId, privateKey }));
    return owner;
  };

  const readersOf = (vaultId: string, hidden: boolean, stale?: Promise<ChestReaders>) => {
    const place = `${hidden ? 'hidden' : 'visible'}:${vaultId}`;
    const cached = chests.get(place);
    // Several saves can find the same listing stale: the first lists again, the others use its answer.
    if (cached && cached !== stale) return cached;
    const listed = listReaders(vaultId, hidden, caller, options);
    chests.set(place, listed);
    // A listing that failed (a person not confirmed, the network) is not kept: the next save asks again.
    listed.catch(() => {
      if (chests.get(place) === listed) chests.delete(place);
    });
    return listed;
  };

  const create: CreateSecret = async (draft) => {
    const secretId = newSecretId();
    const secretKey = generateSecretKey();
    try {
      const sealed = await sealSecret({ secretId, revision: 1, payload: draft.payload, secretKey });
      const header = await headerUnderLog(userId, recordOf(draft, secretId, sealed), secretKey);
      const signed = header ? { ...sealed, signed_header: header } : sealed;
      const attempt = async (readers: Promise<ChestReaders>) => {
        await createSecret(createBody(draft, secretId, signed, await wrapFor(secretKey, secretId, readers)));
      };
      const readers = readersOf(draft.vaultId, draft.hidden);
      try {
        await attempt(readers);
      } catch (error) {
        if (!readersChanged(error)) throw error;
        await attempt(readersOf(draft.vaultId, draft.hidden, readers));
      }
      void recordRevision(userId, secretId, 1, header !== null);
      return { id: secretId, revision: 1 };
    } catch (error) {
      throw toSecretAccessError(error);
    } finally {
      secretKey.fill(0);
    }
  };

  const poolOf = () => {
    if (closed) throw new Error('The run is over.');
    pool ??= caller().then(poolFactory);
    return pool;
  };

  // One chest's drafts sealed in the pool (a worker, or the page): each a new id and key.
  const sealGroup = async (
    drafts: readonly SecretDraft[],
    indexes: readonly number[],
    readers: Promise<ChestReaders>,
    { scoreStrength = false }: CreateManyOptions,
    sealed: SealedDraft[],
    outcomes: (SavedSecret | SecretAccessError)[],
  ) => {
    let listed: ChestReaders;
    try {
      listed = await readers;
    } catch (error) {
      for (const index of indexes) outcomes[index] = toSecretAccessError(error);
      return;
    }
    const items = indexes.map((index) => {
      const draft = drafts[index] as SecretDraft;
      const password = 'password' in draft.payload ? draft.payload.password : '';
      const score = scoreStrength && draft.category === 'password' ? { password, name: draft.name } : null;
      const place = {
        chest: draft.vaultId,
        hidden: draft.hidden,
        category: draft.category,
        name: draft.name,
        strength: draft.strength,
        form_fill: draft.formFill,
      };
      return {
        secretId: newSecretId(),
        secretKey: generateSecretKey(),
        payload: draft.payload,
        score,
        place,
      };
    });
    let results: SealedItem[];
    try {
      const signer = await batchSignerUnderLog(userId);
      results = await (await poolOf()).seal({
        readers: listed.entries,
        items,
        ...(signer ? { signer } : {}),
      });
    } catch (error) {
      for (const item of items) item.secretKey.fill(0);
      for (const index of indexes) outcomes[index] = toSecretAccessError(error);
      return;
    }
    for (const [position, item] of items.entries()) {
      const index = indexes[position] as number;
      const result = results[position];
      if (!result || 'failed' in result) {
        item.secretKey.fill(0);
        outcomes[index] = toSecretAccessError(new Error('The secret could not be sealed.'));
        continue;
      }
      const draft = drafts[index] as SecretDraft;
      const scored = item.score ? { ...draft, strength: result.strength } : draft;
      sealed.push({
        index,
        draft: scored,
        secretKey: item.secretKey,
        body: createBody(scored, item.secretId, result, result.keys),
        readers,
      });
    }
  };

  const createMany: CreateSecrets = async (drafts, createOptions = {}) => {
    const outcomes: (SavedSecret | SecretAccessError)[] = new Array(drafts.length);
    const sealed: SealedDraft[] = [];
    try {
      const groups = new Map<Promise<ChestReaders>, number[]>();
      for (const [index, draft] of drafts.entries()) {
        const readers = readersOf(draft.vaultId, draft.hidden);
        groups.set(readers, [...(groups.get(readers) ?? []), index]);
      }
      await Promise.all(
        [...groups].map(([readers, indexes]) =>
          sealGroup(drafts, indexes, readers, createOptions, sealed, outcomes),
        ),
      );
      sealed.sort((a, b) => a.index - b.index);
      for (const request of packRequests(sealed)) await sendRequest(request, outcomes);
      return outcomes;
    } finally {
      for (const item of sealed) item.secretKey.fill(0);
    }
  };

  // Sends one request's items until each is saved or refused (see secretCreators).
  const sendRequest = async (items: SealedDraft[], outcomes: (SavedSecret | SecretAccessError)[]) => {
    let pending = items;
    let rewrapped = false;
    while (pending.length > 0) {
      try {
        const saved = await createSecrets(pending.map((item) => item.body));
        for (const [position, item] of pending.entries()) {
          const id = saved[position]?.id ?? item.body.id;
          void recordRevision(userId, id, 1, item.body.signed_header !== undefined);
          outcomes[item.index] = { id, revision: 1 };
        }
        return;
      } catch (error) {
        const refused = error instanceof BulkItemError ? pending[error.index] : undefined;
        if (!refused) {
          for (const item of pending) outcomes[item.index] = toSecretAccessError(error);
          return;
        }
        if (readersChanged(error) && !rewrapped) {
          rewrapped = true;
          pending = await rewrap(pending, refused, outcomes);
          continue;
        }
        outcomes[refused.index] = toSecretAccessError(error);
        pending = pending.filter((item) => item !== refused);
      }
    }
  };

  // The refused item's chest is listed again; every item of it is wrapped for the new listing.
  const rewrap = async (
    items: SealedDraft[],
    refused: SealedDraft,
    outcomes: (SavedSecret | SecretAccessError)[],
  ): Promise<SealedDraft[]> => {
    const fresh = readersOf(refused.draft.vaultId, refused.draft.hidden, refused.readers);
    const kept: SealedDraft[] = [];
    for (const item of items) {
      if (item.readers !== refused.readers) {
        kept.push(item);
        continue;
      }
      try {
        const keys = await wrapFor(item.secretKey, item.body.id, fresh);
        kept.push({ ...item, readers: fresh, body: { ...item.body, secret_keys_attributes: keys } });
      } catch (error) {
        outcomes[item.index] = toSecretAccessError(error);
      }
    }
    return kept;
  };

  return {
    create,
    createMany,
    close() {
      closed = true;
      void pool?.then(
        (open) => open.close(),
        () => undefined,
      );
    },
  };
}

// At most BULK_CREATE_MAX_ITEMS and BULK_BODY_BUDGET_BYTES of bodies to a request, in order.
function packRequests(items: readonly SealedDraft[]): SealedDraft[][] {
  const requests: SealedDraft[][] = [];
  let current: SealedDraft[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = JSON.stringify(item.body).length;
    if (
      current.length > 0 &&
      (current.length === BULK_CREATE_MAX_ITEMS || bytes + size > BULK_BODY_BUDGET_BYTES)
    ) {
      requests.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) requests.push(current);
  return requests;
}

async function wrapFor(
  secretKey: Uint8Array,
  secretId: string,
  readers: Promise<ChestReaders>,
): Promise<SecretCreate['secret_keys_attributes']> {
  const { entries } = await readers;
  return Promise.all(
    entries.map(async (reader) => ({
      user_id: reader.userId,
      encrypted_value: await wrapSecretKey(secretKey, reader.key, { secretId, userId: reader.userId }),
    })),
  );
}

// The revision-1 record a draft becomes (what its header states).
function recordOf(
  draft: SecretDraft,
  secretId: string,
  sealed: { encrypted_data: string; encryption_iv: string },
): SecretHeaderRecord {
  return {
    id: secretId,
    revision: 1,
    vault_id: draft.vaultId,
    name: draft.name,
    category: draft.category,
    strength: draft.strength,
    form_fill: draft.formFill,
    hidden: draft.hidden,
    encrypted_data: sealed.encrypted_data,
    encryption_iv: sealed.encryption_iv,
  };
}

function createBody(
  draft: SecretDraft,
  secretId: string,
  sealed: { encrypted_data: string; encryption_iv: string; signed_header?: SignedSecretHeader },
  keys: SecretCreate['secret_keys_attributes'],
): SecretCreate {
  return {
    ...recordOf(draft, secretId, sealed),
    secret_keys_attributes: keys,
    ...(sealed.signed_header ? { signed_header: sealed.signed_header } : {}),
    ...(draft.importBatchId ? { import_batch_id: draft.importBatchId } : {}),
  };
}

async function listReaders(
  vaultId: string,
  hidden: boolean,
  caller: () => Promise<KeyOwner>,
  options: TrustOptions,
): Promise<ChestReaders> {
  const readers: PublicKeyEntry[] = await readersForWrap(vaultId, hidden);
  await confirmReaderKeys(await caller(), readers, 'save', options);
  return {
    entries: await Promise.all(
      readers.map(async (reader) => ({
        userId: reader.user_id,
        key: await importPublicKey(reader.public_key),
      })),
    ),
  };
}
