import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache.js';

describe('SQLite statement cache', () => {
  it('prepares a statement once and reuses it with other parameters', () => {
    const raw = new SqliteDatabase(':memory:');
    let prepared = 0;
    const counting = {
      close: () => raw.close(),
      prepare: (sql: string) => {
        prepared += 1;
        return raw.prepare(sql);
      },
    };
    const database = withStatementCache(counting);
    database.prepare('create table t (n integer)').run([]);
    const insert = 'insert into t (n) values (?)';
    database.prepare(insert).run([1]);
    database.prepare(insert).run([2]);
    expect(database.prepare('select sum(n) as total from t').all([])).toEqual([{ total: 3 }]);
    expect(prepared).toBe(3);
    database.close();
  });

  it('drops the least recently used statement past its limit', () => {
    const database = withStatementCache(new SqliteDatabase(':memory:'), 2);
    database.prepare('select 1').all([]);
    database.prepare('select 2').all([]);
    database.prepare('select 1').all([]);
    database.prepare('select 3').all([]);
    expect(database.cachedStatements()).toBe(2);
    database.close();
  });
});
