import { statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openWalFile, removeWalFiles, until } from '../test/wal-file.js';
import { withCheckpointer } from './sqlite-checkpointer.js';

const openWal = () => openWalFile('create table t (n integer, payload text)');

afterEach(removeWalFiles);

describe('SQLite checkpoints off the event loop', () => {
  it('turns off checkpoints on the connection and starts no thread for a few writes', async () => {
    const { raw, filename } = openWal();
    const { database, checkpointer } = withCheckpointer(raw, filename, { afterChanges: 100 });
    expect(raw.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const insert = database.prepare('insert into t (n, payload) values (?, ?)');
    for (let n = 0; n < 99; n += 1) insert.run([n, 'x']);
    expect(checkpointer.stats()).toEqual({ checkpoints: 0, frames: 0, running: false });
    await checkpointer.close();
    raw.close();
  });

  it('copies the log into the database file in a thread once enough rows are written, then ends the thread when idle', async () => {
    const { raw, filename } = openWal();
    const { database, checkpointer } = withCheckpointer(raw, filename, { afterChanges: 100, idleMs: 300 });
    const sizeBefore = statSync(filename).size;
    const insert = database.prepare('insert into t (n, payload) values (?, ?)');
    raw.transaction(() => {
      for (let n = 0; n < 150; n += 1) insert.run([n, 'x'.repeat(2_000)]);
    })();
    expect(checkpointer.stats().running).toBe(true);
    await until(() => checkpointer.stats().frames > 0);
    expect(statSync(filename).size).toBeGreaterThan(sizeBefore + 150 * 2_000);
    await until(() => !checkpointer.stats().running);
    // Everything written reads back, and a new burst starts a new thread.
    expect(database.prepare('select count(*) as count from t').all([])).toEqual([{ count: 150 }]);
    database.prepare('delete from t where n < ?').run([120]);
    expect(checkpointer.stats().running).toBe(true);
    await checkpointer.close();
    expect(checkpointer.stats().running).toBe(false);
    raw.close();
  });

  it('counts writes made through insert … returning', async () => {
    const { raw, filename } = openWal();
    const { database, checkpointer } = withCheckpointer(raw, filename, { afterChanges: 10 });
    const insert = database.prepare('insert into t (n, payload) values (?, ?) returning n');
    expect(insert.reader).toBe(true);
    for (let n = 0; n < 10; n += 1) expect(insert.all([n, 'x'])).toEqual([{ n }]);
    expect(checkpointer.stats().running).toBe(true);
    await checkpointer.close();
    raw.close();
  });
});
