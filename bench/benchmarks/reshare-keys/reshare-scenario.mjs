// The reshare benchmark's scenario, written into the run's own copy of the seeded SQLite database
// (the cached file is never touched, so no other benchmark sees it): a new member, 'Newcomers'
// team, a chest of N secrets the team reads, each sealed for real and its key wrapped for the
// large organisation's administrator, who must fill the newcomer's N missing keys. The other
// administrators read every chest, so they get key rows too (random bytes, like every ciphertext
// nobody opens in the dataset); otherwise they would be missing keys as well and the run would
// serve them first. The newcomer's key pair is made here, as the add-user flow makes it in the
// administrator's browser; the page then trusts it exactly as that flow does (trustCreatedKey).
// The rows go in directly, so the server's rebuildMissingKeys then records the newcomer's missing
// keys, and every reset between runs records them again beside taking the keys away.
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { generateUserKeyPair, openSecret, unwrapSecretKey } from '@coffer/core';
import { loadCredentials } from '../../dataset/credentials.mjs';
import { createRandom } from '../../dataset/random-source.mjs';
import { makePayload, makeSecretName } from '../../dataset/secret-names.mjs';
import {
  readPublicKey,
  sealSecretFast,
  WRAPPED_KEY_BYTES,
  wrapSecretKeyFast,
} from '../../dataset/secret-sealing.mjs';
import { rebuildMissingKeysOf } from '../../dataset/server-code.mjs';
import { SERVER_PACKAGE_JSON } from '../../lib/paths.mjs';

const requireFromServer = createRequire(SERVER_PACKAGE_JSON);
const CHEST_NAME = 'Reshare bench chest';
const TEAM_NAME = 'Newcomers';

/**
 * Writes the scenario into `file` (a copy of the seeded database; the server is not running yet).
 * Returns { organisationId, administratorId, newcomer: { id, publicKey, privateKey }, chestId,
 * teamId, pairs: [{ secret_id, encrypted_value }] } (the administrator's wrapped key of each secret).
 */
export async function writeReshareScenario(file, manifest, { keys }) {
  const organisationId = manifest.organisations.large.id;
  const administratorId = manifest.users.largeAdministrator.id;
  const administrator = (await loadCredentials()).users.largeAdministrator;
  const administratorKey = readPublicKey(administrator.publicKey);
  const newcomerPair = await generateUserKeyPair();
  const newcomerId = randomUUID();
  const teamId = randomUUID();
  const chestId = randomUUID();
  const pairs = [];
  const Database = requireFromServer('better-sqlite3');
  const database = new Database(file);
  try {
    const template = (table, where, ...values) => {
      const row = database.prepare(`select * from ${table} where ${where} limit 1`).get(...values);
      if (!row) throw new Error(`the seeded database has no ${table} row to copy`);
      return row;
    };
    const now = new Date().toISOString();
    const otherAdministrators = database
      .prepare('select id from users where organisation_id = ? and administrator = 1 and id != ?')
      .all(organisationId, administratorId)
      .map((row) => row.id);
    const random = createRandom(5);
    const rows = {
      users: [
        {
          ...template('users', 'id = ?', manifest.users.largeMember.id),
          id: newcomerId,
          name: 'Nora Newcomer',
          email: 'newcomer@northwind.example',
          public_key: newcomerPair.publicKey,
          encrypted_private_key: randomBytes(1234).toString('base64'),
          private_key_iv: randomBytes(12).toString('base64'),
          administrator: 0,
          created_at: now,
          updated_at: now,
        },
      ],
      teams: [
        {
          ...template('teams', 'organisation_id = ?', organisationId),
          id: teamId,
          name: TEAM_NAME,
          default_for_new_users: 0,
          user_count: 1,
          created_at: now,
          updated_at: now,
        },
      ],
      memberships: [
        {
          ...template('memberships', 'organisation_id = ?', organisationId),
          id: randomUUID(),
          team_id: teamId,
          user_id: newcomerId,
          edit_access: 0,
          created_at: now,
          updated_at: now,
        },
      ],
      vaults: [
        {
          ...template('vaults', 'organisation_id = ?', organisationId),
          id: chestId,
          name: CHEST_NAME,
          secret_count: keys,
          visible_secret_count: keys,
          team_count: 1,
          created_at: now,
          updated_at: now,
        },
      ],
      assignments: [
        {
          ...template('assignments', 'organisation_id = ?', organisationId),
          id: randomUUID(),
          vault_id: chestId,
          team_id: teamId,
          edit_access: 0,
          created_at: now,
          updated_at: now,
        },
      ],
      secrets: [],
      secret_keys: [],
    };
    const secretTemplate = template('secrets', 'organisation_id = ? and deleted_at is null', organisationId);
    const keyTemplate = template('secret_keys', 'organisation_id = ?', organisationId);
    for (let index = 0; index < keys; index += 1) {
      const id = randomUUID();
      const category = 'password';
      const name = makeSecretName(random, category);
      const sealed = sealSecretFast({
        secretId: id,
        revision: 1,
        payload: makePayload(random, category, name),
      });
      rows.secrets.push({
        ...secretTemplate,
        id,
        vault_id: chestId,
        vault_name: CHEST_NAME,
        name,
        category,
        hidden: 0,
        encrypted_data: sealed.encrypted_data,
        encryption_iv: sealed.encryption_iv,
        revision: 1,
        created_by: administratorId,
        updated_by: administratorId,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      });
      const encrypted_value = wrapSecretKeyFast(sealed.secretKey, administratorKey, {
        secretId: id,
        userId: administratorId,
      });
      sealed.secretKey.fill(0);
      pairs.push({ secret_id: id, encrypted_value });
      const keyRow = (userId, value) => ({
        ...keyTemplate,
        id: randomUUID(),
        secret_id: id,
        user_id: userId,
        encrypted_value: value,
        created_at: now,
        updated_at: now,
      });
      rows.secret_keys.push(keyRow(administratorId, encrypted_value));
      for (const other of otherAdministrators)
        rows.secret_keys.push(keyRow(other, randomBytes(WRAPPED_KEY_BYTES).toString('base64')));
    }
    database.transaction(() => {
      for (const [table, tableRows] of Object.entries(rows)) {
        const columns = Object.keys(tableRows[0]);
        const statement = database.prepare(
          `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
        );
        for (const row of tableRows) statement.run(columns.map((column) => row[column]));
      }
    })();
    database.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    database.close();
  }
  const missing = (await rebuildMissingKeysOf({ sqliteFile: file }, [organisationId]))[organisationId];
  if (missing !== keys) throw new Error(`the scenario records ${missing} missing keys, not ${keys}`);
  // In the server's order (by secret id), so that the reference's pages hold the app's pairs.
  pairs.sort((a, b) => (a.secret_id < b.secret_id ? -1 : a.secret_id > b.secret_id ? 1 : 0));
  return {
    organisationId,
    administratorId,
    newcomer: { id: newcomerId, publicKey: newcomerPair.publicKey, privateKey: newcomerPair.privateKey },
    chestId,
    teamId,
    pairs,
  };
}

/**
 * The running server's database, for what the benchmark does between runs: count the newcomer's
 * keys, take them away again and record them missing (so every run starts from the same N missing
 * keys), and open a few
 * delivered ones with the newcomer's private key to prove the reshare right.
 */
export function openScenarioDatabase(file) {
  const Database = requireFromServer('better-sqlite3');
  const database = new Database(file);
  database.pragma('busy_timeout = 30000');
  const countKeys = database.prepare('select count(*) as count from secret_keys where user_id = ?');
  const deleteKeys = database.prepare('delete from secret_keys where user_id = ?');
  // What the server records when a reader loses keys (the rows are taken away behind its back):
  // the newcomer's pairs of every secret of their chest.
  const recordMissing = database.prepare(
    `insert or ignore into missing_keys (organisation_id, secret_id, user_id)
     select organisation_id, id, ? from secrets where vault_id = ?`,
  );
  const takeKeysAway = database.transaction((userId, chestId) => {
    const taken = deleteKeys.run(userId).changes;
    recordMissing.run(userId, chestId);
    return taken;
  });
  const readKey = database.prepare(
    `select k.secret_id, k.encrypted_value, s.encrypted_data, s.encryption_iv, s.revision
       from secret_keys k join secrets s on s.id = k.secret_id
      where k.user_id = ? order by random() limit ?`,
  );
  return {
    countKeys: (userId) => countKeys.get(userId).count,
    /** Takes the user's keys away and records them missing again, as at the start. */
    deleteKeys: (userId, chestId) => takeKeysAway(userId, chestId),
    /** Opens `sample` of the user's delivered keys and their secrets; throws when one does not open. */
    async openDelivered(user, sample) {
      const rows = readKey.all(user.id, sample);
      for (const row of rows) {
        const secretKey = await unwrapSecretKey(row.encrypted_value, user.privateKey, {
          secretId: row.secret_id,
          userId: user.id,
        });
        await openSecret(
          {
            secretId: row.secret_id,
            encrypted_data: row.encrypted_data,
            encryption_iv: row.encryption_iv,
            revision: row.revision,
          },
          secretKey,
        );
      }
      return rows.length;
    },
    close: () => database.close(),
  };
}
