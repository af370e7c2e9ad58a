import type { KeyShare } from '@coffer/core';
import { computeStrength } from '../components/secrets/compute-strength.js';
import type { KeyOwner } from './confirm-reader-keys.js';
import type { PublicKeyImporter, RewrapOutcome } from './rewrap-pairs.js';
import { createPublicKeyCache, rewrapPairs } from './rewrap-pairs.js';
import type { FromRewrapWorker, ToRewrapWorker } from './rewrap-protocol.js';
import type { SealBatch, SealedItem, StrengthScore } from './seal-batch.js';
import { sealBatch } from './seal-batch.js';

/**
 * The crypto pool: rewraps batches of missing pairs (a reshare) and seals batches of new secrets
 * (an import), on the page or in workers.
 */
export interface Rewrapper {
  /** How many batches it works on at once (one per worker; a little overlap on the page). */
  readonly threads: number;
  /** Where it works: 'workers' or, without Web Workers (or when they failed), 'page'. */
  readonly kind: 'workers' | 'page';
  rewrap(pairs: readonly KeyShare[]): Promise<RewrapOutcome>;
  /** Seals new secrets and scores their passwords (seal-batch.ts), an outcome per item in order. */
  seal(batch: SealBatch): Promise<SealedItem[]>;
  /** Ends the workers, which hold a copy of the private key; the rewrapper is done after this. */
  close(): void;
}

/** Makes a rewrapper for one reshare run. */
export type RewrapperFactory = (owner: KeyOwner) => Rewrapper;

/** The most workers a run starts, whatever the machine says it has. */
export const MAX_REWRAP_WORKERS = 4;

// A sealed secret's password is scored as the secret form scores it (its name a word to discount).
const scoreAsTheForm: StrengthScore = (password, name) => computeStrength(password, [name]);

/** Rewraps on the page's thread; one public key cache for the whole run, so each key is imported once. */
export function createPageRewrapper(
  owner: KeyOwner,
  importKey?: PublicKeyImporter,
  score: StrengthScore = scoreAsTheForm,
): Rewrapper {
  const publicKeyOf = createPublicKeyCache(importKey);
  return {
    threads: 2,
    kind: 'page',
    rewrap: (pairs) => rewrapPairs(pairs, owner, publicKeyOf),
    seal: (batch) => sealBatch(batch, score),
    close: () => undefined,
  };
}

/** What a worker rewrapper needs: how many workers, how to start one, where to go when workers fail. */
export interface WorkerRewrapperOptions {
  count: number;
  spawn: () => Worker;
  fallback: () => Rewrapper;
}

// A batch for a worker: its message, what the page does instead, and how a worker's reply settles it.
interface Task {
  id: number;
  message: ToRewrapWorker;
  /** Has the page do it instead, settling the batch's promise. */
  toPage: (page: Rewrapper) => void;
  /** Settles it with a worker's reply; false when the reply is not an outcome. */
  settle: (reply: FromRewrapWorker) => boolean;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

/**
 * Rewraps in dedicated workers, one batch per worker at a time. Each worker gets the private key
 * once (a non-extractable CryptoKey is structured-cloneable, so the worker can decrypt with it but
 * nobody can read it out) and imports each public key once. If a worker cannot start, cannot take
 * the key or fails, every worker is ended and the remaining batches go to `fallback` (the page).
 */
export function createWorkerRewrapper(owner: KeyOwner, options: WorkerRewrapperOptions): Rewrapper {
  const queue: Task[] = [];
  let slots: Slot[] = [];
  let fallback: Rewrapper | null = null;
  let nextId = 1;
  let closed = false;

  const pageFallback = (): Rewrapper => {
    fallback ??= options.fallback();
    return fallback;
  };

  const breakDown = () => {
    const stranded = [...slots.flatMap((slot) => (slot.task ? [slot.task] : [])), ...queue.splice(0)];
    for (const slot of slots) slot.worker.terminate();
    slots = [];
    const page = pageFallback();
    for (const task of stranded) task.toPage(page);
  };

  const pump = () => {
    for (const slot of slots) {
      if (slot.task) continue;
      const task = queue.shift();
      if (!task) return;
      slot.task = task;
      slot.worker.postMessage(task.message);
    }
  };

  const onReply = (slot: Slot, reply: FromRewrapWorker) => {
    const task = slot.task;
    if (!task || task.id !== reply.id) return;
    slot.task = null;
    // A batch the worker could not take goes to the page; the worker stays for the next one.
    if (!task.settle(reply)) task.toPage(pageFallback());
    pump();
  };

  // Queues a batch for the next free worker (or gives it to the page when there are none); `read`
  // takes the outcome from the worker's reply, undefined when the reply is not one.
  const submit = <T>(
    message: (id: number) => ToRewrapWorker,
    onPage: (page: Rewrapper) => Promise<T>,
    read: (reply: FromRewrapWorker) => T | undefined,
  ): Promise<T> => {
    if (closed) return Promise.reject(new Error('The rewrapper is closed.'));
    if (slots.length === 0) return onPage(pageFallback());
    return new Promise<T>((resolve, reject) => {
      const id = nextId++;
      const settle = (reply: FromRewrapWorker) => {
        const outcome = read(reply);
        if (outcome === undefined) return false;
        resolve(outcome);
        return true;
      };
      const toPage = (page: Rewrapper) => void onPage(page).then(resolve, reject);
      queue.push({ id, message: message(id), toPage, settle, reject });
      pump();
    });
  };

  try {
    for (let index = 0; index < options.count; index += 1) {
      const slot: Slot = { worker: options.spawn(), task: null };
      slots.push(slot);
      slot.worker.addEventListener('message', (event: MessageEvent<FromRewrapWorker>) =>
        onReply(slot, event.data),
      );
      slot.worker.addEventListener('error', breakDown);
      slot.worker.addEventListener('messageerror', breakDown);
      const init: ToRewrapWorker = { type: 'init', userId: owner.userId, privateKey: owner.privateKey };
      slot.worker.postMessage(init);
    }
  } catch {
    // No workers here (a CSP without worker-src, a browser that cannot clone the key): the page does it.
    breakDown();
  }

  return {
    get threads() {
      return slots.length > 0 ? slots.length : pageFallback().threads;
    },
    get kind() {
      return slots.length > 0 ? 'workers' : 'page';
    },
    rewrap(pairs) {
      return submit<RewrapOutcome>(
        (id) => ({ type: 'rewrap', id, pairs: [...pairs] }),
        (page) => page.rewrap(pairs),
        (reply) => (reply.type === 'done' ? { shares: reply.shares, failed: reply.failed } : undefined),
      );
    },
    seal(batch) {
      return submit<SealedItem[]>(
        (id) => ({
          type: 'seal',
          id,
          readers: batch.readers,
          items: batch.items,
          ...(batch.signer ? { signer: batch.signer } : {}),
        }),
        (page) => page.seal(batch),
        (reply) => (reply.type === 'sealed' ? reply.items : undefined),
      );
    },
    close() {
      closed = true;
      for (const slot of slots) slot.worker.terminate();
      slots = [];
      for (const task of queue.splice(0)) task.reject(new Error('The rewrapper is closed.'));
      fallback?.close();
    },
  };
}

function spawnRewrapWorker(): Worker {
  return new Worker(new URL('./rewrap-worker.ts', import.meta.url), { type: 'module' });
}

/** How many workers to start: one per reported core, at most MAX_REWRAP_WORKERS. */
export function rewrapWorkerCount(): number {
  const cores = globalThis.navigator?.hardwareConcurrency;
  return Math.max(1, Math.min(MAX_REWRAP_WORKERS, typeof cores === 'number' && cores > 0 ? cores : 2));
}

/** The default: workers where the browser has them (more than one core at work), else the page. */
export const createRewrapper: RewrapperFactory = (owner) => {
  if (typeof Worker !== 'function') return createPageRewrapper(owner);
  return createWorkerRewrapper(owner, {
    count: rewrapWorkerCount(),
    spawn: spawnRewrapWorker,
    fallback: () => createPageRewrapper(owner),
  });
};
