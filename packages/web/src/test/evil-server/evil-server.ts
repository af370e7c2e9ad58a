import type { SecretCategory, SecretPayload, TrustState } from '@coffer/core';
import {
  endorseKeyRotation,
  generateSecretKey,
  headerSigner,
  newSecretId,
  publicKeyFingerprint,
  sealSecret,
  signRevisionHeader,
  wrapSecretKey,
} from '@coffer/core';
import { onTestFinished } from 'vitest';
import { TrustLogBuilder } from '../../../../core/src/trust-log/testing/trust-log-builder.js';
import type { SecretDraft } from '../../crypto-client/save-secret.js';
import { savePrivateKey, saveSigningKey } from '../../keys/key-store.js';
import { trustConfirmedKey } from '../../keys/key-trust.js';
import { resetTrustLogView, trustLogStore } from '../../trust-log/trust-log-store.js';
import { createTrustStateHistory } from '../../trust-log/trust-state-history.js';
import type { FakeAnswer, FetchCall } from '../mock-fetch.js';
import { mockFetch } from '../mock-fetch.js';
import { accountRoutes } from './account-routes.js';
import type { HarnessUser, NamedThing, StoredSecret } from './honest-model.js';
import { HonestModel } from './honest-model.js';
import type { KeyHolder, KnownKey, Outgoing } from './invariants.js';
import { findViolations, InvariantViolation } from './invariants.js';
import type { PoolKeys } from './key-pool.js';
import { POOL_SIZE, poolKeys } from './key-pool.js';
import { keyRoutes } from './key-routes.js';
import type { Answer, EvilRequest, HonestRoute, RouteContext } from './route-kit.js';
import { presentSecret } from './route-kit.js';
import { secretRoutes } from './secret-routes.js';

/** Rewrites one answer: gets the request and the honest answer, answers what the server says instead. */
export type Tamper<T = Record<string, unknown>> = (
  request: EvilRequest,
  honest: Answer<T>,
) => Partial<Answer<unknown>> | Promise<Partial<Answer<unknown>>>;

/** A team member: the user and whether they may write where the team may. */
export type TeamMember = HarnessUser | { user: HarnessUser; edit: boolean };

/** What a seeded secret looks like; everything but the chest has a default. */
export interface SeedSecret {
  chest: NamedThing;
  name?: string;
  category?: SecretCategory;
  payload?: SecretPayload;
  hidden?: boolean;
  /** Revision the seed is stored at (1 by default). */
  revision?: number;
  /** Who saved it, once there is a signed log (its owner by default): they sign its header. */
  author?: HarnessUser;
}

/** A seeded secret: its id and revision, and its key (so a test can check what opens with it). */
export interface SeededSecret {
  id: string;
  revision: number;
  key: Uint8Array;
}

const HONEST_ROUTES: Record<string, HonestRoute> = { ...accountRoutes, ...secretRoutes, ...keyRoutes };
const DEFAULT_PAYLOAD = { username: 'ada', password: 'Tr0ub4dor&3-horse', url: '', note: '' };

// Ids are new in every harness: trust, pins and revision memory are kept per signed-in user id in
// IndexedDB for the whole test file, so no test meets another's.

/**
 * A malicious server for the web unit tests (docs: ./README.md). An honest model of Coffer's server
 * (real key pairs, chests, teams, secrets, wrapped keys) answers the crypto client's fetches; each
 * `tamper(route, fn)` rewrites that route's answers. The harness holds every private key, so
 * `verify()` can open every wrapped key and payload the app sent and fail if an attacker's key, a key
 * the attacker knows, or anyone outside the honest reader set gets a secret. Whatever the app sent after the
 * test's last check is verified when the test finishes.
 */
export class EvilServer {
  readonly model = new HonestModel();
  /** Key material the app sent, in order. */
  readonly sent: Outgoing[] = [];
  private readonly holders: KeyHolder[] = [];
  private readonly known: KnownKey[] = [];
  private readonly tampers = new Map<string, Tamper<never>[]>();
  private readonly callLists: FetchCall[][] = [];
  // Ids are UUIDs, as the server's are: signed headers and log entries accept nothing else.
  private readonly organisationId = crypto.randomUUID();
  private nextKey = 0;
  private caller: HarnessUser | null = null;
  // The signed log's state and owner, once signedLog made one: seeded secrets get signed headers.
  private log: { state: TrustState; owner: HarnessUser } | null = null;
  // How many of `sent` the invariants last looked at (-1: never): the end of the test checks the rest.
  private checkedUpTo = -1;

  constructor() {
    this.serve();
    onTestFinished(async () => {
      if (this.checkedUpTo !== this.sent.length) await this.verify();
    });
  }

  /** Every request the app made (any host, any route, answered or not), in order. */
  get calls(): FetchCall[] {
    return this.callLists.flat();
  }

  /** An honest user with a real key pair; administrators read every chest. */
  async user(name: string, options: { administrator?: boolean; email?: string } = {}): Promise<HarnessUser> {
    return this.addUser(name, options.administrator === true, false, options.email);
  }

  /**
   * An account the server made up, with a key pair of the attacker's: never a reader in the honest
   * model, and the invariants fail if its key opens anything. Use its id and key in tampered answers.
   */
  async impostor(
    name: string,
    options: { administrator?: boolean; email?: string } = {},
  ): Promise<HarnessUser> {
    return this.addUser(name, options.administrator === true, true, options.email);
  }

  /** A key pair of the attacker's with no account: for answers that substitute it for someone's key. */
  async attackerKey(label = 'attacker'): Promise<PoolKeys> {
    const keys = await this.allocateKeys();
    this.holders.push({ userId: null, label, privateKey: keys.privateKey, attacker: true });
    return keys;
  }

  /**
   * Gives `user` a new key pair, as a password reset or a first personal password does; the old
   * private key is still held and checked. `endorsed`: the old key signs the rotation (what the
   * member's own browser does). `knownToAttacker`: someone else knows the new private key (a reset
   * key the resetting administrator made), so the invariants fail if it opens anything.
   */
  async rotateKey(
    user: HarnessUser,
    options: { endorsed?: boolean; knownToAttacker?: boolean } = {},
  ): Promise<HarnessUser> {
    const old = { publicKey: user.publicKey, signingKey: user.signingKey };
    const keys = await this.allocateKeys();
    const endorsement = options.endorsed
      ? {
          endorsingPublicKey: old.publicKey,
          signature: await endorseKeyRotation(old.signingKey, { userId: user.id, publicKey: keys.publicKey }),
        }
      : undefined;
    Object.assign(user, keys, { endorsement });
    const attacker = user.attacker || options.knownToAttacker === true;
    this.holders.push({
      userId: user.id,
      label: `${user.name} (new key)`,
      privateKey: keys.privateKey,
      attacker,
    });
    return user;
  }

  /** A team of these members (edit access unless `{ user, edit: false }`). */
  team(name: string, members: readonly TeamMember[] = []): NamedThing {
    const team = { id: crypto.randomUUID(), name };
    this.model.teams.set(team.id, team);
    for (const member of members) {
      const { user, edit } = 'user' in member ? member : { user: member, edit: true };
      this.model.memberships.push({ user_id: user.id, team_id: team.id, edit_access: edit });
    }
    return team;
  }

  /** A chest with its teams (write access unless `{ team, edit: false }`) and managers. */
  chest(
    name: string,
    options: {
      teams?: readonly (NamedThing | { team: NamedThing; edit: boolean })[];
      managers?: HarnessUser[];
    } = {},
  ): NamedThing {
    const chest = { id: crypto.randomUUID(), name };
    this.model.chests.set(chest.id, chest);
    for (const link of options.teams ?? []) {
      const { team, edit } = 'team' in link ? link : { team: link, edit: true };
      this.model.assignments.push({ team_id: team.id, vault_id: chest.id, edit_access: edit });
    }
    for (const manager of options.managers ?? [])
      this.model.managers.push({ user_id: manager.id, vault_id: chest.id });
    return chest;
  }

  /** Stores a secret as an honest browser would have saved it: a fresh key, wrapped for every reader. */
  async secret(seed: SeedSecret): Promise<SeededSecret> {
    const id = newSecretId();
    const key = generateSecretKey();
    const revision = seed.revision ?? 1;
    const hidden = seed.hidden === true;
    const category = seed.category ?? 'password';
    const sealed = await sealSecret({
      secretId: id,
      revision,
      payload: seed.payload ?? DEFAULT_PAYLOAD,
      secretKey: key,
    });
    const now = new Date().toISOString();
    const stored: StoredSecret = {
      id,
      vault_id: seed.chest.id,
      name: seed.name ?? 'Mail',
      category,
      strength: category === 'password' ? 4 : null,
      form_fill: false,
      hidden,
      revision,
      ...sealed,
      keys: await this.wrapForReaders(key, id, this.model.readers(seed.chest.id, hidden)),
      deleted_at: null,
      created_at: now,
      updated_at: now,
    };
    stored.signed_header = await this.headerFor(stored, key, seed.author);
    this.model.secrets.set(id, stored);
    return { id, revision, key };
  }

  /** Saves the next revision of a seeded secret as an honest browser would: a fresh key, every reader. */
  async revise(secretId: string, payload: SecretPayload): Promise<SeededSecret> {
    const stored = this.requireSecret(secretId);
    const key = generateSecretKey();
    const revision = stored.revision + 1;
    Object.assign(stored, await sealSecret({ secretId, revision, payload, secretKey: key }), {
      revision,
      keys: await this.wrapForReaders(key, secretId, this.model.readersOf(secretId)),
      updated_at: new Date().toISOString(),
    });
    stored.signed_header = await this.headerFor(stored, key);
    return { id: secretId, revision, key };
  }

  /** A copy of a stored secret as it is now (to replay it later through `present`). */
  snapshot(secretId: string): StoredSecret {
    return structuredClone(this.requireSecret(secretId));
  }

  /** A stored secret (or a snapshot) as `GET /api/v1/secrets/{id}.json` answers it to `userId` (the caller by default). */
  present(secret: StoredSecret, userId: string | undefined = this.caller?.id) {
    return presentSecret(this.model, secret, userId);
  }

  /** Signs `user` in: their private key (both halves) goes to the key store and the server answers as them. Answers the id. */
  async signIn(user: HarnessUser): Promise<string> {
    await savePrivateKey(user.privateKey);
    await saveSigningKey(user.signingKey);
    this.caller = user;
    return user.id;
  }

  /** The signed-in user's browser trusts these people's current keys, as if confirmed earlier by name and e-mail. */
  async trust(...people: HarnessUser[]): Promise<void> {
    const owner = this.requireCaller();
    for (const person of people)
      await trustConfirmedKey(owner.id, person.id, person.publicKey, {
        name: person.name,
        email: person.email,
      });
  }

  /**
   * The organisation's trust log as its honest owner and administrators signed it (issue 30): genesis
   * by `owner`, an admission of every honest user with their key, and a snapshot of the model's
   * teams, assignments and managers; folded, it is what the signed-in browser verified (put in its
   * trust-log store, as the shell's sync does). Made-up accounts are never admitted.
   */
  async signedLog(owner: HarnessUser): Promise<TrustState> {
    const org = this.organisationId;
    const ownerSigner = {
      id: owner.id,
      publicKey: owner.publicKey,
      signingKey: owner.signingKey,
      fingerprint: await publicKeyFingerprint(owner.publicKey),
    };
    const log = new TrustLogBuilder(org);
    await log.append(ownerSigner, {
      op: 'genesis',
      body: { name: 'Evil Corp', email: owner.email, public_key: owner.publicKey },
    });
    for (const user of this.model.users.values()) {
      if (user.attacker || user.id === owner.id) continue;
      const body = {
        user: user.id,
        email: user.email,
        public_key: user.publicKey,
        admin: user.administrator,
        how: 'confirmed' as const,
      };
      await log.append(ownerSigner, { op: 'admit', body });
    }
    const honest = (id: string) => !this.model.users.get(id)?.attacker;
    await log.append(ownerSigner, {
      op: 'snapshot',
      body: {
        teams: [...this.model.teams.keys()].map((team) => ({
          team,
          members: this.model.memberships
            .filter((row) => row.team_id === team && honest(row.user_id))
            .map((row) => ({ user: row.user_id, edit: row.edit_access })),
        })),
        chests: [...this.model.chests.keys()].map((chest) => ({
          chest,
          teams: this.model.assignments
            .filter((row) => row.vault_id === chest)
            .map((row) => ({ team: row.team_id, edit: row.edit_access })),
          managers: this.model.managers
            .filter((row) => row.vault_id === chest && honest(row.user_id))
            .map((row) => row.user_id),
        })),
      },
    });
    const history = createTrustStateHistory();
    const state = await history.fold(log.entries, null);
    const verified = { state, genesis: state.head, confirmed: true, stateAt: history.stateAt };
    trustLogStore.set((view) => ({
      ...view,
      synced: true,
      log: verified,
      sync: async () => verified,
      userId: this.caller?.id ?? null,
    }));
    onTestFinished(resetTrustLogView);
    this.log = { state, owner };
    return state;
  }

  /** A secret key the attacker made: no payload the app sends may be sealed under it. */
  forgeKey(): Uint8Array {
    const key = generateSecretKey();
    this.attackerKnows(key, 'the attacker');
    return key;
  }

  /** Someone outside the reader set knows this secret key (a removed reader kept it, say). */
  attackerKnows(key: Uint8Array, who: string): void {
    this.known.push({ key: new Uint8Array(key), who });
  }

  /**
   * Rewrites the answers of `route` (as the route table names it: `'GET /api/v1/secrets/:id.json'`),
   * after the honest server has answered and changed its state. Several tampers of a route run in
   * order. Answers a function that removes this tamper.
   */
  tamper<T = Record<string, unknown>>(route: string, fn: Tamper<T>): () => void {
    const list = this.tampers.get(route) ?? [];
    list.push(fn as Tamper<never>);
    this.tampers.set(route, list);
    if (!(route in HONEST_ROUTES)) this.serve();
    return () => {
      const at = list.indexOf(fn as Tamper<never>);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /** What the invariants find wrong in everything the app sent so far (a test that reads them has checked them). */
  violations(): Promise<string[]> {
    this.checkedUpTo = this.sent.length;
    return findViolations(this.sent, this.holders, this.known);
  }

  /** Fails (InvariantViolation) if an attacker or a non-reader got a secret key or payload. */
  async verify(): Promise<void> {
    const violations = await this.violations();
    if (violations.length > 0) throw new InvariantViolation(violations);
  }

  private async addUser(name: string, administrator: boolean, attacker: boolean, email?: string) {
    const keys = await this.allocateKeys();
    const user: HarnessUser = {
      id: crypto.randomUUID(),
      name,
      email: email ?? `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      administrator,
      attacker,
      ...keys,
    };
    this.model.users.set(user.id, user);
    this.holders.push({ userId: user.id, label: name, privateKey: keys.privateKey, attacker });
    return user;
  }

  private async allocateKeys() {
    if (this.nextKey >= POOL_SIZE)
      throw new Error(
        `One harness hands out at most ${POOL_SIZE} key pairs (users, impostors and attacker keys).`,
      );
    return poolKeys(this.nextKey++);
  }

  private async wrapForReaders(key: Uint8Array, secretId: string, readers: ReadonlySet<string>) {
    const keys = new Map<string, string>();
    for (const userId of readers) {
      const publicKey = this.model.users.get(userId)?.publicKey ?? '';
      keys.set(userId, await wrapSecretKey(key, publicKey, { secretId, userId }));
    }
    return keys;
  }

  // The header an honest author's browser signs under the signed log (none before there is one).
  private async headerFor(secret: StoredSecret, key: Uint8Array, author = this.log?.owner) {
    if (!this.log || !author) return null;
    const signer = headerSigner(this.log.state, author.id, author.signingKey);
    return signRevisionHeader(signer, { ...secret, deleted: false }, key);
  }

  private requireSecret(secretId: string): StoredSecret {
    const stored = this.model.secrets.get(secretId);
    if (!stored) throw new Error(`The harness holds no secret ${secretId}.`);
    return stored;
  }

  private requireCaller(): HarnessUser {
    if (!this.caller) throw new Error('Sign someone in first (evil.signIn).');
    return this.caller;
  }

  // (Re)installs the fake fetch over the honest routes and every tampered route.
  private serve(): void {
    const table: Record<string, (call: FetchCall) => Promise<FakeAnswer>> = {};
    for (const route of new Set([...Object.keys(HONEST_ROUTES), ...this.tampers.keys()]))
      table[route] = (call) => this.answer(route, call);
    this.callLists.push(mockFetch(table));
  }

  private async answer(route: string, call: FetchCall): Promise<FakeAnswer> {
    const url = new URL(call.path, 'http://localhost');
    const request: EvilRequest = {
      route,
      path: call.path,
      params: call.params,
      query: url.searchParams,
      body: parseBody(call.init.body),
      caller: this.caller,
    };
    const context: RouteContext = { model: this.model, record: (outgoing) => this.sent.push(outgoing) };
    const honest = HONEST_ROUTES[route];
    let answer: Answer<unknown> = honest
      ? await honest(request, context)
      : { status: 404, body: { error: 'Not found' } };
    for (const fn of this.tampers.get(route) ?? [])
      answer = { ...answer, ...(await fn(request, answer as Answer<never>)) };
    return answer;
  }
}

/** What the secret form would hand the crypto client for a save into `chest`; override what the test is about. */
export function draftIn(chest: NamedThing, overrides: Partial<SecretDraft> = {}): SecretDraft {
  return {
    vaultId: chest.id,
    name: 'Mail',
    category: 'password',
    payload: { username: 'me', password: 'the-new-password-42', url: '', note: '' },
    strength: 4,
    formFill: false,
    hidden: false,
    ...overrides,
  };
}

/** A fresh malicious server for one test (create it inside the test or a beforeEach: fetch is reset after each test). */
export function createEvilServer(): EvilServer {
  return new EvilServer();
}

function parseBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}
