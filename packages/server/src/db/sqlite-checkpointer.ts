import { createRequire } from 'node:module';
import { setTimeout as delay } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Rows written since the last checkpoint after which one is asked for. A reshare delivery of 500
 * keys dirties about 1,700 pages; SQLite's own default is a checkpoint past 1,000 pages.
 */
export const CHECKPOINT_AFTER_CHANGES = 500;
/** How long the checkpointing thread stays with nothing to do before it ends (and frees its memory). */
export const CHECKPOINTER_IDLE_MS = 10_000;
/** While there is work, how often the thread checkpoints again (writes go on meanwhile). */
const CHECKPOINT_INTERVAL_MS = 200;
/** How long a closing server waits for the thread to finish its checkpoint. */
const CLOSE_GRACE_MS = 5_000;

/** Where the thread is: for tests and the shutdown. */
export interface Checkpointer {
  /** Checkpoints the thread has run (PASSIVE), and frames they copied into the database file. */
  stats(): { checkpoints: number; frames: number; running: boolean };
  /** Asks for a checkpoint now, starting the thread if it is not running. */
  request(): void;
  /** Ends the thread (before the connection closes). */
  close(): Promise<void>;
}

/**
 * Moves SQLite's WAL checkpoints off the event loop. With WAL, SQLite copies the log back into the
 * database file in whichever commit crosses 1,000 pages, on the committing connection: here the
 * server's only connection, on the event loop. A reshare delivery of 500 keys into 1.3 million
 * stored ones committed in 50 ms, 30 of them that checkpoint, while every other request waited
 * (docs/benchmarks.md). So the server's connection never checkpoints (`wal_autocheckpoint = 0`); it
 * counts the rows its statements write, and past CHECKPOINT_AFTER_CHANGES a worker thread with its
 * own connection runs `wal_checkpoint(PASSIVE)`, which never blocks readers or the writer. The
 * thread starts on demand and ends when idle: an idle server keeps no second thread or connection.
 * Crash safety is SQLite's: a checkpoint only copies frames already durable in the WAL, and the
 * thread's connection syncs the database file as the server's would (synchronous = FULL).
 */
export function withCheckpointer(
  database: SqliteDatabase & { pragma(source: string): unknown },
  filename: string,
  { afterChanges = CHECKPOINT_AFTER_CHANGES, idleMs = CHECKPOINTER_IDLE_MS } = {},
): { database: SqliteDatabase; checkpointer: Checkpointer } {
  database.pragma('wal_autocheckpoint = 0');
  const checkpointer = new ThreadCheckpointer(filename, idleMs);
  let written = 0;
  const noteWrite = (rows: number) => {
    written += rows;
    if (written < afterChanges) return;
    written = 0;
    checkpointer.request();
  };
  const counting: SqliteDatabase = {
    close: () => database.close(),
    prepare: (sql) => countWrites(database.prepare(sql), sql, noteWrite),
  };
  return { database: counting, checkpointer };
}

// Statements that write: every non-reader, and readers that write (`insert … returning`).
const WRITING_READER = /^\s*(insert|update|delete|replace)\b/i;

function countWrites(
  statement: SqliteStatement,
  sql: string,
  noteWrite: (rows: number) => void,
): SqliteStatement {
  if (statement.reader && !WRITING_READER.test(sql)) return statement;
  if (statement.reader) {
    return {
      reader: true,
      all: (parameters) => {
        const rows = statement.all(parameters);
        noteWrite(Math.max(rows.length, 1));
        return rows;
      },
      run: (parameters) => statement.run(parameters),
      iterate: (parameters) => statement.iterate(parameters),
    };
  }
  return {
    reader: false,
    all: (parameters) => statement.all(parameters),
    run: (parameters) => {
      const result = statement.run(parameters);
      // Cascaded deletes are not in `changes`; one per statement keeps big cascades counted at all.
      noteWrite(Math.max(Number(result.changes), 1));
      return result;
    },
    iterate: (parameters) => statement.iterate(parameters),
  };
}

// The thread's whole program. Eval'd (no file of its own) so that it runs the same from the
// TypeScript sources in tests and from dist/ in production.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// Linux keeps a nice value per thread, and setPriority(0) sets the calling thread's: the copying
// takes only CPU the event loop leaves over (on 2 cores the event loop waited a time slice for it).
try { require('node:os').setPriority(19); } catch {}
const Database = require(workerData.driver);
const database = new Database(workerData.filename);
database.pragma('synchronous = FULL');
let idleSince = Date.now();
let wanted = true;
const tick = () => {
  if (wanted) {
    wanted = false;
    const [result] = database.pragma('wal_checkpoint(PASSIVE)');
    const done = result ? result.checkpointed : 0;
    parentPort.postMessage({ type: 'checkpointed', frames: done });
    // Frames left behind (a reader was on them): try again on the next tick.
    if (result && result.log > result.checkpointed) wanted = true;
    idleSince = Date.now();
  }
  if (!wanted && Date.now() - idleSince > workerData.idleMs) {
    database.close();
    process.exit(0);
  }
  setTimeout(tick, workerData.intervalMs);
};
parentPort.on('message', (message) => {
  if (message !== 'close') return void (wanted = true);
  database.close();
  process.exit(0);
});
tick();
`;

class ThreadCheckpointer implements Checkpointer {
  private worker: Worker | null = null;
  private exited: Promise<void> = Promise.resolve();
  private checkpoints = 0;
  private frames = 0;
  private closed = false;

  constructor(
    private readonly filename: string,
    private readonly idleMs: number,
  ) {}

  stats() {
    return { checkpoints: this.checkpoints, frames: this.frames, running: this.worker !== null };
  }

  request(): void {
    if (this.closed) return;
    if (this.worker) {
      this.worker.postMessage('checkpoint');
      return;
    }
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        filename: this.filename,
        idleMs: this.idleMs,
        intervalMs: CHECKPOINT_INTERVAL_MS,
      },
      // A thread that only copies pages: a small heap is plenty.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    });
    // The server's lifetime is not the thread's business: it never keeps the process alive.
    worker.unref();
    worker.on('message', (message: { type: string; frames: number }) => {
      if (message.type !== 'checkpointed') return;
      this.checkpoints += 1;
      this.frames += message.frames;
    });
    // A failed checkpoint loses nothing (the WAL keeps every frame); the next request starts a new thread.
    worker.on('error', () => {});
    this.exited = new Promise((resolve) => {
      worker.once('exit', () => {
        if (this.worker === worker) this.worker = null;
        resolve();
      });
    });
    this.worker = worker;
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    // Asked to close, the thread closes its connection between checkpoints; terminate() is the fallback.
    worker.postMessage('close');
    const ended = await Promise.race([this.exited.then(() => true), delay(CLOSE_GRACE_MS).then(() => false)]);
    if (!ended) await worker.terminate();
    await this.exited;
  }
}
