import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery, Kysely } from 'kysely';

/** How long the counting thread stays with nothing to do before it ends (and frees its memory). */
export const COUNT_THREAD_IDLE_MS = 10_000;
/** How long a closing server waits for the thread to end by itself. */
const CLOSE_GRACE_MS = 5_000;

/** Counts (`select count(*) …`) run on a thread of their own, on a connection of their own. */
export interface CountThread {
  /** The single value of a one-row, one-column read; rejects when the thread could not answer. */
  count(query: CompiledQuery): Promise<number>;
  /** Whether the thread is running now (tests). */
  running(): boolean;
  /** Ends the thread; later counts reject. */
  close(): Promise<void>;
}

// Per database: its counting thread, for the lists' totals (repositories/list-query.ts).
const countThreads = new WeakMap<Kysely<never>, CountThread>();

/** Registers `thread` as where `db`'s list totals are counted. */
export function attachCountThread<DB>(db: Kysely<DB>, thread: CountThread): void {
  countThreads.set(db as unknown as Kysely<never>, thread);
}

/** The counting thread of `db`: none on PostgreSQL, for an in-memory database, or in a transaction. */
export function countThreadOf<DB>(db: Kysely<DB>): CountThread | undefined {
  return countThreads.get(db as unknown as Kysely<never>);
}

// The thread's whole program, eval'd as the checkpointer's is. `query_only`: it never writes.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.filename, { fileMustExist: true });
database.pragma('query_only = 1');
database.pragma('busy_timeout = 5000');
const statements = new Map();
let idle = null;
const end = () => { database.close(); process.exit(0); };
const arm = () => { clearTimeout(idle); idle = setTimeout(end, workerData.idleMs); };
parentPort.on('message', (message) => {
  if (message === 'close') return end();
  try {
    let statement = statements.get(message.sql);
    if (!statement) {
      statement = database.prepare(message.sql).pluck();
      statements.set(message.sql, statement);
      if (statements.size > 64) statements.delete(statements.keys().next().value);
    }
    parentPort.postMessage({ id: message.id, value: statement.get(...message.parameters) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: String(error && error.message) });
  }
  arm();
});
arm();
`;

interface Pending {
  resolve(value: number): void;
  reject(error: Error): void;
}

/**
 * A list's total on SQLite is a count over an index: 98,000 live secrets take about 10 ms, on the
 * one connection, on the event loop, every few seconds per organisation (lists/list-total-cache.ts). At
 * half the list's capacity that stall, and the queue it leaves, was the slowest 1 % of every
 * request (docs/benchmarks.md). Here the count runs on a second connection in a worker thread, which
 * WAL lets read beside the writer and sees every committed write. The thread starts on the first
 * count and ends after COUNT_THREAD_IDLE_MS without one: an idle server keeps no second thread.
 */
export function startCountThread(filename: string, { idleMs = COUNT_THREAD_IDLE_MS } = {}): CountThread {
  let worker: Worker | null = null;
  let exited: Promise<void> = Promise.resolve();
  let closed = false;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const start = (): Worker => {
    const thread = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), filename, idleMs },
      // It reads one number at a time: a small heap is plenty.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    });
    thread.unref();
    thread.on('message', (message: { id: number; value?: unknown; error?: string }) => {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.error !== undefined) waiting.reject(new Error(message.error));
      else waiting.resolve(Number(message.value));
    });
    thread.on('error', () => {});
    exited = new Promise((resolve) => {
      thread.once('exit', () => {
        if (worker === thread) worker = null;
        // A count sent as the thread ended for being idle gets no answer: its caller counts itself.
        for (const [id, waiting] of pending) {
          pending.delete(id);
          waiting.reject(new Error('the counting thread ended'));
        }
        resolve();
      });
    });
    return thread;
  };

  return {
    count(query) {
      if (closed) return Promise.reject(new Error('the counting thread is closed'));
      worker ??= start();
      const id = nextId++;
      return new Promise<number>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker?.postMessage({ id, sql: query.sql, parameters: query.parameters });
      });
    },
    running: () => worker !== null,
    async close() {
      closed = true;
      const thread = worker;
      if (!thread) return;
      thread.postMessage('close');
      // Asked to close, it ends after the count in hand; terminate() is for one that never answers.
      const timer = setTimeout(() => void thread.terminate(), CLOSE_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
