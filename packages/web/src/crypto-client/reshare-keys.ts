import type { KeyShare, ReshareAllResponse, ReshareKeyAttributes } from '@coffer/core';
import { ApiError } from '../api/api-error.js';
import type { ReshareScope } from '../api/secret-keys-api.js';
import { deliverKeyShares, fetchMissingKeys } from '../api/secret-keys-api.js';
import { listTrust } from '../keys/key-trust.js';
import { trustRuleFor } from '../keys/trust-rule.js';
import type { TrustRule } from '../keys/trust-rule-contract.js';
import type { KeyOwner } from './confirm-reader-keys.js';
import { readerKeyId, recordConfirmed, sortReaderKeys } from './confirm-reader-keys.js';
import { DeliveryQueue } from './delivery-queue.js';
import { requireLogReadersOfPairs } from './log-readers.js';
import type { ConfirmPeople, PersonToConfirm } from './people-to-confirm.js';
import { requirePrivateKey } from './private-key.js';
import type { PairPlace } from './rewrap-pairs.js';
import type { Rewrapper, RewrapperFactory } from './rewrapper.js';
import { createRewrapper } from './rewrapper.js';

/** Pairs rewrapped per worker batch: small enough to spread a page over every worker. */
export const REWRAP_BATCH_SIZE = 50;
/**
 * Shares per delivery (the server takes up to 1,000 in one call): two worker batches. Deliveries go
 * out while the workers rewrap on, and each is a short write on the server.
 */
export const DELIVERY_SIZE = 2 * REWRAP_BATCH_SIZE;

/** A colleague the run did not wrap for: they wait for a confirmation, with how many keys it found waiting. */
export interface WaitingPerson extends PersonToConfirm {
  waitingKeys: number;
}

/** How far a run is: the keys listed missing when it began, delivered, failed, and left for confirmation. */
export interface ReshareProgress {
  total: number;
  shared: number;
  failed: number;
  waiting: number;
}

/** What a reshare did. */
export interface ReshareResult extends ReshareProgress {
  /** The missing keys the server listed when the run began (its `total`). */
  missing: number;
  /** People not trusted by this browser: nothing was wrapped for them. */
  untrusted: WaitingPerson[];
  /** Where the rewrapping ran. */
  rewrappedIn: 'workers' | 'page' | 'nowhere';
}

/** How to run a reshare. */
export interface ReshareOptions {
  /** Which missing keys (default all). */
  scope?: ReshareScope;
  /**
   * Asks the user to confirm untrusted people by name, e-mail and fingerprint (a manual run). Left
   * out (the background run), untrusted people are skipped and answered in `untrusted`.
   */
  confirm?: ConfirmPeople | undefined;
  /** The trust rule (default trustRuleFor(userId)). */
  trust?: TrustRule | undefined;
  /** Called as batches are rewrapped and delivered. */
  onProgress?: ((progress: ReshareProgress) => void) | undefined;
  /** Stops the run between batches (the session ended). */
  signal?: AbortSignal | undefined;
  /** Where to rewrap (default: Web Workers where the browser has them, else the page). */
  rewrapper?: RewrapperFactory | undefined;
}

const placeId = (pair: PairPlace) => `${pair.secret_id}\n${pair.user_id}`;

/**
 * Fills missing keys (crypto.md) to the end, in one go: fetches the missing pairs page by page,
 * unwraps each secret key with the caller's own private key, wraps it for each newcomer's public
 * key (each imported once), and delivers the shares in batches, reporting progress. No key ever
 * leaves this browser unwrapped.
 *
 * Only keys the trust rule trusts are wrapped for (docs/web.md, "Keys the browser trusts"). With
 * `confirm`, untrusted people are asked for once per run (confirmed people are trusted from then
 * on); without it, or when the user declines, they are skipped and listed in `untrusted`. Pairs of
 * skipped people stay first in the server's list, so when a page holds nothing this browser may
 * wrap, the run goes on per trusted person (`reshare_user`) so that nobody trusted waits behind them.
 */
export async function reshareMissingKeys(
  userId: string,
  options: ReshareOptions = {},
): Promise<ReshareResult> {
  const privateKey = await requirePrivateKey();
  const run = new ReshareRun({ userId, privateKey }, options);
  try {
    return await run.execute();
  } finally {
    run.close();
  }
}

class ReshareRun {
  private readonly rule: TrustRule;
  private readonly scope: ReshareScope;
  private rewrapper: Rewrapper | null = null;
  private readonly progress: ReshareProgress = { total: 0, shared: 0, failed: 0, waiting: 0 };
  private missing = 0;
  // Verdicts per pair of user and key, for the whole run: each key is judged (and asked about) once.
  private readonly trusted = new Set<string>();
  private readonly skipped = new Map<string, WaitingPerson>();
  private readonly unusable = new Set<string>();
  // Pairs that failed or wait, so they are counted once and never sent, however often they are listed.
  private readonly failedPairs = new Set<string>();
  private readonly waitingPairs = new Set<string>();
  private readonly drainedUsers = new Set<string>();

  constructor(
    private readonly owner: KeyOwner,
    private readonly options: ReshareOptions,
  ) {
    this.rule = options.trust ?? trustRuleFor(owner.userId);
    this.scope = options.scope ?? { kind: 'all' };
  }

  async execute(): Promise<ReshareResult> {
    const outcome = await this.drain(this.scope, true);
    if (outcome === 'stuck' && this.scope.kind !== 'user') await this.drainTrustedPeople();
    return {
      ...this.progress,
      missing: this.missing,
      untrusted: [...this.skipped.values()],
      rewrappedIn: this.rewrapper ? this.rewrapper.kind : 'nowhere',
    };
  }

  close(): void {
    this.rewrapper?.close();
  }

  // Fetch → sort → rewrap → deliver, until the scope lists nothing this browser may still wrap.
  private async drain(scope: ReshareScope, first: boolean): Promise<'done' | 'stuck'> {
    let unmoved = 0;
    for (;;) {
      this.options.signal?.throwIfAborted();
      const page: ReshareAllResponse = await fetchMissingKeys(
        scope,
        this.options.signal ? { signal: this.options.signal } : {},
      );
      if (first) {
        this.missing = page.total;
        this.progress.total = page.total;
        first = false;
        this.report();
      }
      const work = await this.selectWork(page.keyshare);
      if (work.length === 0) return page.keyshare.length < page.total ? 'stuck' : 'done';
      const delivered = await this.rewrapAndDeliver(work);
      // Everything listed was in this page: what is left waits or failed.
      if (page.keyshare.length >= page.total) return 'done';
      // A page that moved nothing twice (another browser delivered them, or access changed meanwhile): stop.
      unmoved = delivered === 0 ? unmoved + 1 : 0;
      if (unmoved >= 2) return 'done';
    }
  }

  // When untrusted or failed pairs fill the first page, each trusted person is served on their own.
  private async drainTrustedPeople(): Promise<void> {
    for (const record of await listTrust(this.owner.userId)) {
      if (record.userId === this.owner.userId || this.drainedUsers.has(record.userId)) continue;
      this.drainedUsers.add(record.userId);
      await this.drain({ kind: 'user', id: record.userId }, false);
    }
  }

  // The pairs of a page this browser may wrap now; asks (or lists) for people not trusted yet.
  private async selectWork(pairs: readonly KeyShare[]): Promise<KeyShare[]> {
    await requireLogReadersOfPairs(pairs);
    const unjudged = pairs.filter((pair) => !this.judged(readerKeyId(pair)));
    if (unjudged.length > 0) {
      const entries = unjudged.map((pair) => ({ user_id: pair.user_id, public_key: pair.public_key }));
      const sorted = await sortReaderKeys(this.owner, entries, this.rule);
      for (const id of sorted.trusted) this.trusted.add(id);
      for (const id of sorted.unusable) this.unusable.add(id);
      let asked = sorted.untrusted;
      if (asked.length > 0 && this.options.confirm) {
        // Those confirmed get their keys now; the others wait in 'People to confirm'.
        const answer = await this.options.confirm(asked, 'reshare', this.owner.userId);
        const recorded = await recordConfirmed(this.owner.userId, asked, answer);
        for (const person of recorded)
          this.trusted.add(readerKeyId({ user_id: person.userId, public_key: person.publicKey }));
        asked = asked.filter((person) => !recorded.includes(person));
      }
      for (const person of asked)
        this.skipped.set(readerKeyId({ user_id: person.userId, public_key: person.publicKey }), {
          ...person,
          waitingKeys: 0,
        });
    }
    const work: KeyShare[] = [];
    for (const pair of pairs) {
      const key = readerKeyId(pair);
      const place = placeId(pair);
      if (this.failedPairs.has(place) || this.waitingPairs.has(place)) continue;
      if (this.trusted.has(key)) {
        work.push(pair);
        continue;
      }
      const person = this.skipped.get(key);
      if (person) {
        person.waitingKeys += 1;
        this.waitingPairs.add(place);
        this.progress.waiting += 1;
      } else {
        this.failedPairs.add(place);
        this.progress.failed += 1;
      }
    }
    this.report();
    return work;
  }

  private judged(key: string): boolean {
    return this.trusted.has(key) || this.skipped.has(key) || this.unusable.has(key);
  }

  // Rewraps a page's work across the rewrapper's threads, delivering as batches are done; answers the keys stored.
  private async rewrapAndDeliver(work: readonly KeyShare[]): Promise<number> {
    this.rewrapper ??= (this.options.rewrapper ?? createRewrapper)(this.owner);
    const rewrapper = this.rewrapper;
    const batches: KeyShare[][] = [];
    for (let start = 0; start < work.length; start += REWRAP_BATCH_SIZE)
      batches.push(work.slice(start, start + REWRAP_BATCH_SIZE));
    const deliveries = new DeliveryQueue<ReshareKeyAttributes>(DELIVERY_SIZE, (shares) =>
      this.deliver(shares),
    );
    let next = 0;
    const lane = async () => {
      for (;;) {
        this.options.signal?.throwIfAborted();
        const batch = batches[next++];
        if (!batch) return;
        const outcome = await rewrapper.rewrap(batch);
        deliveries.add(outcome.shares);
        for (const pair of outcome.failed) {
          if (this.failedPairs.has(placeId(pair))) continue;
          this.failedPairs.add(placeId(pair));
          this.progress.failed += 1;
        }
        this.report();
      }
    };
    let laneFailure: unknown = null;
    await Promise.all(Array.from({ length: Math.min(rewrapper.threads, batches.length) }, lane)).catch(
      (error: unknown) => {
        laneFailure = error;
      },
    );
    // What was rewrapped is delivered even when a lane stopped early (deliver() itself stops on an abort).
    const delivered = await deliveries.finish();
    if (laneFailure !== null) throw laneFailure;
    return delivered;
  }

  private async deliver(shares: ReshareKeyAttributes[]): Promise<number> {
    this.options.signal?.throwIfAborted();
    let count: number;
    try {
      count = await deliverKeyShares(shares);
    } catch (error) {
      // 400: someone in the batch lost access since the list was made; the next page lists afresh.
      if (error instanceof ApiError && error.status === 400) return 0;
      throw error;
    }
    this.progress.shared += count;
    this.progress.total = Math.max(
      this.progress.total,
      this.progress.shared + this.progress.failed + this.progress.waiting,
    );
    this.report();
    return count;
  }

  private report(): void {
    this.options.onProgress?.({ ...this.progress });
  }
}
