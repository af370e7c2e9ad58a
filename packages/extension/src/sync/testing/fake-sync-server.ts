// The server's side of the sync contract as a small honest model for the tests (docs/extension-sync.md):
// secrets sealed and wrapped with the real suite, a change sequence, the changes and ids reads paged
// as the server's endpoints page them, and the read by ids. Every read is counted, so a test can
// prove what a sync asked for.
import type { PasswordPayload, Secret } from '@coffer/core';
import { generateSecretKey, newSecretId, sealSecret, wrapSecretKey } from '@coffer/core';
import type { ChangesPage, IdsPage, ReadPage, SyncTransport } from '../changes-api.js';
import { SyncReadError } from '../changes-api.js';

interface Stored {
  secret: Omit<Secret, 'secret_key'>;
  secretKey: Uint8Array;
  /** The caller's wrapped key; null when they lost it. */
  wrapped: string | null;
  readable: boolean;
  seq: number;
}

export interface AddOptions {
  name?: string;
  chestId?: string;
  chestName?: string;
  payload?: Partial<PasswordPayload>;
}

/** One reader (the caller) of a growing set of password secrets. */
export class FakeSyncServer {
  readonly reads = { changes: 0, ids: 0, read: 0 };
  /** The ids each read of secrets asked for, in order. */
  readonly readIds: string[][] = [];
  private readonly stored = new Map<string, Stored>();
  private readonly removals = new Map<string, number>();
  private seq = 0;
  /** Answers 400 to any `since` older than this (a cursor the server refuses, as h3's does). */
  forgottenBefore = 0;

  constructor(
    readonly userId: string,
    private readonly publicKey: string,
  ) {}

  /** Seals a new password secret for the caller; answers its id. */
  async add({
    name = 'Secret',
    chestId = 'chest-1',
    chestName = 'Chest one',
    payload = {},
  }: AddOptions = {}) {
    const id = newSecretId();
    const secretKey = generateSecretKey();
    const full: PasswordPayload = { username: '', password: 'pw', url: '', note: '', ...payload };
    const sealed = await sealSecret({ secretId: id, revision: 1, payload: full, secretKey });
    this.stored.set(id, {
      secret: {
        id,
        revision: 1,
        name,
        category: 'password',
        strength: 3,
        form_fill: false,
        hidden: false,
        vault_id: chestId,
        vault_name: chestName,
        created_at: '2026-12-07T00:00:00.000Z',
        updated_at: '2026-12-07T00:00:00.000Z',
        ...sealed,
      },
      secretKey,
      wrapped: await wrapSecretKey(secretKey, this.publicKey, { secretId: id, userId: this.userId }),
      readable: true,
      seq: this.nextSeq(),
    });
    return id;
  }

  /** Saves the next revision with a new payload. */
  async edit(id: string, payload: Partial<PasswordPayload>): Promise<void> {
    const stored = this.get(id);
    const revision = stored.secret.revision + 1;
    const full: PasswordPayload = { username: '', password: 'pw', url: '', note: '', ...payload };
    const sealed = await sealSecret({ secretId: id, revision, payload: full, secretKey: stored.secretKey });
    stored.secret = { ...stored.secret, ...sealed, revision };
    stored.seq = this.nextSeq();
  }

  /** Metadata only (name, chest): a change without a new revision. */
  rename(id: string, name: string, chest?: { id: string; name: string }): void {
    const stored = this.get(id);
    stored.secret = {
      ...stored.secret,
      name,
      ...(chest ? { vault_id: chest.id, vault_name: chest.name } : {}),
    };
    stored.seq = this.nextSeq();
  }

  /** Removed, or moved to a chest the caller does not read: listed in `removed`. */
  remove(id: string): void {
    this.get(id).readable = false;
    this.removals.set(id, this.nextSeq());
  }

  /** Drops the caller's wrapped key (a broken key report); the secret stays readable. */
  loseKey(id: string): void {
    const stored = this.get(id);
    stored.wrapped = null;
    stored.seq = this.nextSeq();
  }

  /** A reshare: a working key again, the revision unchanged. */
  async giveKey(id: string): Promise<void> {
    const stored = this.get(id);
    stored.wrapped = await wrapSecretKey(stored.secretKey, this.publicKey, {
      secretId: id,
      userId: this.userId,
    });
    stored.seq = this.nextSeq();
  }

  /** Flips a bit of the payload as stored: it no longer passes its integrity check. */
  corrupt(id: string): void {
    const stored = this.get(id);
    const data = stored.secret.encrypted_data;
    const flipped = data.charAt(10) === 'A' ? 'B' : 'A';
    stored.secret = { ...stored.secret, encrypted_data: `${data.slice(0, 10)}${flipped}${data.slice(11)}` };
    stored.seq = this.nextSeq();
  }

  /** Loses the record of removals (as after a purge): only the ids read can tell the client. */
  forgetRemovals(): void {
    this.removals.clear();
  }

  /** Changes a secret without recording the change (a missed update): only the ids read can tell. */
  async editSilently(id: string, payload: Partial<PasswordPayload>): Promise<void> {
    const stored = this.get(id);
    const seq = stored.seq;
    await this.edit(id, payload);
    stored.seq = seq;
  }

  readonly transport: SyncTransport = {
    changes: async (since, limit) => {
      this.reads.changes += 1;
      const from = since === null ? 0 : Number(since);
      if (since !== null && from < this.forgottenBefore) throw new SyncReadError(400);
      const events = [
        ...[...this.stored.values()]
          .filter((stored) => stored.readable && stored.seq > from)
          .map((stored) => ({ seq: stored.seq, item: this.served(stored), removed: null })),
        ...[...this.removals]
          .filter(([, seq]) => seq > from)
          .map(([id, seq]) => ({ seq, item: null, removed: id })),
      ].sort((a, b) => a.seq - b.seq);
      const page = events.slice(0, limit);
      const last = page.at(-1)?.seq ?? Math.max(from, this.seq);
      const answer: ChangesPage = {
        items: page.flatMap((event) => (event.item ? [event.item] : [])),
        removed: page.flatMap((event) => (event.removed ? [event.removed] : [])),
        cursor: String(events.length > limit ? last : Math.max(last, this.seq)),
        more: events.length > limit,
        readable: this.readableCount(),
      };
      return structuredClone(answer);
    },
    ids: async (after) => {
      this.reads.ids += 1;
      const all = [...this.stored.values()]
        .filter((stored) => stored.readable)
        .map((stored) => stored.secret)
        .sort((a, b) => (a.id < b.id ? -1 : 1));
      const start = after === null ? 0 : all.findIndex((secret) => secret.id > after);
      const slice = start < 0 ? [] : all.slice(start, start + 2);
      const answer: IdsPage = {
        items: slice.map((secret) => ({ id: secret.id, revision: secret.revision })),
        more: start >= 0 && start + slice.length < all.length,
        cursor: String(this.seq),
      };
      return answer;
    },
    read: async (ids) => {
      this.reads.read += 1;
      this.readIds.push([...ids]);
      const answer: ReadPage = { items: [], missing: [] };
      for (const id of ids) {
        const stored = this.stored.get(id);
        if (stored?.readable) answer.items.push(this.served(stored));
        else answer.missing.push(id);
      }
      return structuredClone(answer);
    },
  };

  private readableCount(): number {
    return [...this.stored.values()].filter((stored) => stored.readable).length;
  }

  private served(stored: Stored): Secret {
    return {
      ...stored.secret,
      vault: {
        id: stored.secret.vault_id,
        name: stored.secret.vault_name ?? '',
        manager: false,
        assignments: [],
      },
      secret_key: stored.wrapped ? { encrypted_value: stored.wrapped, user_id: this.userId } : null,
    };
  }

  private get(id: string): Stored {
    const stored = this.stored.get(id);
    if (!stored) throw new Error(`no secret ${id}`);
    return stored;
  }

  private nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }
}
