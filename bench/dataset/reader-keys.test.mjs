import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chestReaders, createKeyTable, readersOfSecret } from './reader-keys.mjs';
import { WRAPPED_KEY_BYTES } from './secret-sealing.mjs';

// One organisation: an administrator, a member of two teams that both reach chest c1, a manager of
// c2 who is in no team, and a user in no team at all.
const users = [
  { id: 'admin', administrator: true, created_at: '2024-01-01T00:00:00.000Z' },
  { id: 'member', administrator: false, created_at: '2023-01-01T00:00:00.000Z' },
  { id: 'manager', administrator: false, created_at: '2023-01-01T00:00:00.000Z' },
  { id: 'loner', administrator: false, created_at: '2023-01-01T00:00:00.000Z' },
];
const chests = [{ id: 'c1' }, { id: 'c2' }, { id: 'c3' }];
const memberships = [
  { team_id: 't1', user_id: 'member' },
  { team_id: 't2', user_id: 'member' },
  { team_id: 't1', user_id: 'admin' },
];
const assignments = [
  { team_id: 't1', vault_id: 'c1' },
  { team_id: 't2', vault_id: 'c1' },
];
const managers = [{ vault_id: 'c2', user_id: 'manager' }];
const readers = chestReaders({ users, chests, memberships, assignments, managers });
const secret = (id, vaultId, hidden) => ({
  id,
  organisation_id: 'o',
  vault_id: vaultId,
  hidden,
  created_at: '2023-06-01T00:00:00.000Z',
});

test('readers mirror reader-sql: administrators read everything, others the visible secrets they reach', () => {
  assert.deepEqual(readersOfSecret(readers, secret('s1', 'c1', false)), ['admin', 'member']);
  assert.deepEqual(readersOfSecret(readers, secret('s2', 'c1', true)), ['admin']);
  assert.deepEqual(readersOfSecret(readers, secret('s3', 'c2', false)), ['admin', 'manager']);
  assert.deepEqual(readersOfSecret(readers, secret('s4', 'c3', false)), ['admin']);
});

test('the key table holds one key per (secret, reader), the real ones as given, the rest random', () => {
  const secrets = [secret('s1', 'c1', false), secret('s2', 'c1', true), secret('s3', 'c2', false)];
  const real = { id: 'k', organisation_id: 'o', secret_id: 's1', user_id: 'member', encrypted_value: 'real' };
  const organisation = {
    key: 'org',
    secrets,
    readers,
    joinedAt: new Map(users.map((user) => [user.id, user.created_at])),
  };
  const table = createKeyTable([real], [organisation]);
  const rows = [...table];
  assert.equal(table.length, 5);
  assert.deepEqual(table.byOrganisation, { org: 5 });
  assert.equal(rows.length, 5);
  assert.equal(rows[0], real);
  const pairs = rows.map((row) => `${row.secret_id}:${row.user_id}`).sort();
  assert.deepEqual(pairs, ['s1:admin', 's1:member', 's2:admin', 's3:admin', 's3:manager']);
  for (const row of rows.slice(1)) {
    assert.equal(Buffer.from(row.encrypted_value, 'base64').length, WRAPPED_KEY_BYTES);
  }
  assert.notEqual(rows[1].encrypted_value, rows[2].encrypted_value);
  // The administrator joined after the secret was made: their key is as old as their account.
  assert.equal(rows.find((row) => row.user_id === 'admin')?.created_at, '2024-01-01T00:00:00.000Z');
  assert.equal(rows.find((row) => row.user_id === 'manager')?.created_at, '2023-06-01T00:00:00.000Z');
});

test('a real key for someone who does not read its secret is refused', () => {
  const organisation = {
    key: 'org',
    secrets: [secret('s2', 'c1', true)],
    readers,
    joinedAt: new Map(),
  };
  const stray = { secret_id: 's2', user_id: 'member', organisation_id: 'o' };
  assert.throws(() => createKeyTable([stray], [organisation]), /for no reader/);
});
