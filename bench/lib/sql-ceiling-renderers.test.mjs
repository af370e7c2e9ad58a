import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isRead } from './sql-ceiling.mjs';
import { isCountStatement, isSecretListStatement, renderSecretList } from './sql-ceiling-renderers.mjs';

const LIST_SQL = 'select "secrets"."id", "secrets"."name" from "secrets" where "organisation_id" = ? limit ?';
const COUNT_SQL = 'select count(*) as "count" from "secrets" where "organisation_id" = ?';

function row(id, name, overrides = {}) {
  return {
    id,
    organisation_id: 'org',
    vault_id: 'chest',
    vault_name: 'Chest',
    name,
    category: 'password',
    strength: 0,
    form_fill: 1,
    hidden: 0,
    revision: 1,
    deleted_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    signed_header: null,
    ...overrides,
  };
}

test('renders the presenter shape: strength 0 as null, SQLite 0/1 as booleans, the cursor after the last row', () => {
  const body = renderSecretList(
    [
      {
        sql: LIST_SQL,
        rows: [
          row('a', 'Alpha'),
          row('b', 'Bravo', {
            strength: 4,
            deleted_at: 'x',
            signed_header: '{"header":{"v":2},"sig":"c2ln"}',
          }),
          row('c', 'C'),
        ],
      },
      { sql: COUNT_SQL, rows: [{ count: 3 }] },
    ],
    { page: { limit: 2, column: 'name', direction: 'asc' } },
  );
  const answer = JSON.parse(body);
  assert.equal(answer.total, 3);
  assert.deepEqual(Object.keys(answer.items[0]), [
    'id',
    'name',
    'category',
    'strength',
    'form_fill',
    'hidden',
    'vault_id',
    'vault_name',
    'marked_for_deletion',
    'deleted_at',
    'created_at',
    'updated_at',
    'signed_header',
  ]);
  assert.equal(answer.items[0].strength, null);
  assert.equal(answer.items[0].signed_header, null);
  assert.deepEqual(answer.items[1].signed_header, { header: { v: 2 }, sig: 'c2ln' });
  assert.equal(answer.items[0].form_fill, true);
  assert.equal(answer.items[1].marked_for_deletion, true);
  assert.deepEqual(JSON.parse(Buffer.from(answer.next_cursor, 'base64url').toString()), [
    'name',
    'asc',
    'Bravo',
    'b',
  ]);
});

test('carries the stored value of the sorted column in the cursor, numbers as numbers', () => {
  const body = renderSecretList(
    [
      { sql: LIST_SQL, rows: [row('a', 'Alpha', { strength: 0 }), row('b', 'Bravo', { strength: 2 })] },
      { sql: COUNT_SQL, rows: [{ count: 2 }] },
    ],
    { page: { limit: 1, column: 'strength', direction: 'desc' } },
  );
  assert.deepEqual(JSON.parse(Buffer.from(JSON.parse(body).next_cursor, 'base64url').toString()), [
    'strength',
    'desc',
    0,
    'a',
  ]);
});

test('the last page has no cursor', () => {
  const body = renderSecretList(
    [
      { sql: LIST_SQL, rows: [row('a', 'Alpha')] },
      { sql: COUNT_SQL, rows: [{ count: '1' }] },
    ],
    { page: { limit: 20, column: 'name', direction: 'asc' } },
  );
  assert.deepEqual(JSON.parse(body).next_cursor, null);
  assert.equal(JSON.parse(body).total, 1);
});

test('tells the list, the count and the writes apart', () => {
  assert.ok(isSecretListStatement(LIST_SQL));
  assert.ok(isCountStatement(COUNT_SQL));
  assert.ok(!isSecretListStatement(COUNT_SQL));
  assert.ok(isRead(' select 1'));
  assert.ok(!isRead('update "sessions" set "last_seen_at" = ?'));
});
