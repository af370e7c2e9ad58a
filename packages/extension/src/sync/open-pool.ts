// Where the index's payloads are opened: a small pool of dedicated workers where the context has
// them (the popup, an offscreen document), else inline (a service worker has no Worker). Batches go
// to whichever worker is free; a worker that cannot start or fails sends the rest inline.
import type { FromOpenWorker, ToOpenWorker } from './open-protocol.js';
import { openAll } from './open-protocol.js';
import type { ChangedSecret, OpenOutcome } from './open-record.js';

/** Opens batches of changed secrets for one user. */
export interface IndexOpener {
  readonly kind: 'workers' | 'inline';
  /** How many batches it works on at once. */
  readonly threads: number;
  open(secrets: readonly ChangedSecret[]): Promise<OpenOutcome[]>;
  /** Ends the workers (each holds the private key); the opener is done after this. */
  close(): void;
}

/** Whose secrets an opener opens. */
export interface OpenerOwner {
  userId: string;
  privateKey: CryptoKey;
}

/** The most workers a pool starts, whatever the machine reports. */
export const MAX_OPEN_WORKERS = 4;

/** Opens on the calling thread. */
export function createInlineOpener(owner: OpenerOwner): IndexOpener {
  return {
    kind: 'inline',
    threads: 1,
    open: (secrets) => openAll(secrets, owner.userId, owner.privateKey),
    close: () => undefined,
  };
}

export interface WorkerOpenerOptions {
  count: number;
  spawn: () => Worker;
}

interface Task {
  id: number;
  secrets: readonly ChangedSecret[];
  resolve: (outcomes: OpenOutcome[]) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

/** Opens in `count` dedicated workers, one batch each at a time; inline when they cannot. */
export function createWorkerOpener(owner: OpenerOwner, { count, spawn }: WorkerOpenerOptions): IndexOpener {
  const inline = createInlineOpener(owner);
  const queue: Task[] = [];
  let slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const runInline = (task: Task) => inline.open(task.secrets).then(task.resolve, task.reject);

  const breakDown = () => {
    const stranded = [...slots.flatMap((slot) => (slot.task ? [slot.task] : [])), ...queue.splice(0)];
    for (const slot of slots) slot.worker.terminate();
    slots = [];
    for (const task of stranded) void runInline(task);
  };

  const pump = () => {
    for (const slot of slots) {
      if (slot.task) continue;
      const task = queue.shift();
      if (!task) return;
      slot.task = task;
      const message: ToOpenWorker = { type: 'open', id: task.id, secrets: [...task.secrets] };
      slot.worker.postMessage(message);
    }
  };

  const onReply = (slot: Slot, reply: FromOpenWorker) => {
    const task = slot.task;
    if (!task || task.id !== reply.id) return;
    slot.task = null;
    if (reply.type === 'opened') task.resolve(reply.outcomes);
    else void runInline(task);
    pump();
  };

  try {
    for (let index = 0; index < count; index += 1) {
      const slot: Slot = { worker: spawn(), task: null };
      slots.push(slot);
      slot.worker.addEventListener('message', (event: MessageEvent<FromOpenWorker>) =>
        onReply(slot, event.data),
      );
      slot.worker.addEventListener('error', breakDown);
      slot.worker.addEventListener('messageerror', breakDown);
      const init: ToOpenWorker = { type: 'init', userId: owner.userId, privateKey: owner.privateKey };
      slot.worker.postMessage(init);
    }
  } catch {
    // No workers here (a CSP without worker-src, a key the browser cannot clone): inline it is.
    breakDown();
  }

  return {
    get kind() {
      return slots.length > 0 ? 'workers' : 'inline';
    },
    get threads() {
      return Math.max(1, slots.length);
    },
    open(secrets) {
      if (closed) return Promise.reject(new Error('The opener is closed.'));
      if (secrets.length === 0) return Promise.resolve([]);
      if (slots.length === 0) return inline.open(secrets);
      return new Promise<OpenOutcome[]>((resolve, reject) => {
        queue.push({ id: nextId++, secrets, resolve, reject });
        pump();
      });
    },
    close() {
      closed = true;
      for (const slot of slots) slot.worker.terminate();
      slots = [];
      for (const task of queue.splice(0)) task.reject(new Error('The opener is closed.'));
    },
  };
}

/** One worker per reported core, at most MAX_OPEN_WORKERS. */
export function openWorkerCount(): number {
  const cores = globalThis.navigator?.hardwareConcurrency;
  return Math.max(1, Math.min(MAX_OPEN_WORKERS, typeof cores === 'number' && cores > 0 ? cores : 2));
}

function spawnOpenWorker(): Worker {
  return new Worker(new URL('./open-worker.ts', import.meta.url), { type: 'module' });
}

/** Below this many payloads in one sync, starting workers costs more than it saves. */
export const WORKER_THRESHOLD = 50;

/**
 * The default: inline for the few payloads of an incremental sync; workers (where the context has
 * them) from the first batch of `WORKER_THRESHOLD` or more, or once that many have been opened.
 */
export function createIndexOpener(
  owner: OpenerOwner,
  startWorkers: () => IndexOpener | null = () =>
    typeof Worker === 'function'
      ? createWorkerOpener(owner, { count: openWorkerCount(), spawn: spawnOpenWorker })
      : null,
): IndexOpener {
  const inline = createInlineOpener(owner);
  let pool: IndexOpener | null = null;
  let tried = false;
  let handed = 0;
  return {
    get kind() {
      return pool?.kind ?? 'inline';
    },
    get threads() {
      return pool?.threads ?? inline.threads;
    },
    open(secrets) {
      handed += secrets.length;
      if (!tried && (secrets.length >= WORKER_THRESHOLD || handed >= WORKER_THRESHOLD)) {
        tried = true;
        pool = startWorkers();
      }
      return (pool ?? inline).open(secrets);
    },
    close() {
      pool?.close();
    },
  };
}
