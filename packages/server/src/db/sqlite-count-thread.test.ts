import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openWalFile, removeWalFiles, until } from '../test/wal-file.js';
import { createDatabase } from './create-database.js';
import { countThreadOf, startCountThread } from './sqlite-count-thread.js';

const openWal = () => openWalFile('create table t (n integer, live integer)');

const countLive = (live: number) =>
  CompiledQuery.raw('select count(*) as count from t where live = ?', [live]);

afterEach(removeWalFiles);

describe('SQLite counts off the event loop', () => {
  it('counts on its own connection, seeing every committed write', async () => {
    const { raw, filename } = openWal();
    const insert = raw.prepare('insert into t (n, live) values (?, ?)');
    raw.transaction(() => {
      for (let n = 0; n < 500; n += 1) insert.run(n, n % 5 === 0 ? 0 : 1);
    })();
    const thread = startCountThread(filename);
    expect(thread.running()).toBe(false);
    expect(await thread.count(countLive(1))).toBe(400);
    expect(thread.running()).toBe(true);
    insert.run(500, 1);
    expect(await Promise.all([thread.count(countLive(1)), thread.count(countLive(0))])).toEqual([401, 100]);
    await thread.close();
    raw.close();
  });

  it('never writes, and answers a bad statement with its error', async () => {
    const { raw, filename } = openWal();
    const thread = startCountThread(filename);
    await expect(thread.count(CompiledQuery.raw('delete from t returning n', []))).rejects.toThrow(
      /readonly/i,
    );
    await expect(thread.count(CompiledQuery.raw('select count(*) from missing', []))).rejects.toThrow(
      /no such table/,
    );
    expect(await thread.count(countLive(1))).toBe(0);
    await thread.close();
    raw.close();
  });

  it('ends when idle, starts again on the next count, and refuses counts once closed', async () => {
    const { raw, filename } = openWal();
    raw.prepare('insert into t (n, live) values (1, 1)').run();
    const thread = startCountThread(filename, { idleMs: 50 });
    expect(await thread.count(countLive(1))).toBe(1);
    await until(() => !thread.running());
    expect(await thread.count(countLive(1))).toBe(1);
    await thread.close();
    expect(thread.running()).toBe(false);
    await expect(thread.count(countLive(1))).rejects.toThrow(/closed/);
    raw.close();
  });

  it('is attached to a file database, not to an in-memory one', async () => {
    const { raw, filename } = openWal();
    raw.close();
    const file = await createDatabase({ databaseUrl: null, dataDir: path.dirname(filename) });
    const memory = await createDatabase({ databaseUrl: null, dataDir: '' }, { sqliteFilename: ':memory:' });
    expect(countThreadOf(file.db)).toBeDefined();
    expect(countThreadOf(memory.db)).toBeUndefined();
    await file.destroy();
    await memory.destroy();
  });
});
