// A wrapped key for every reader of every secret, as a server that has lived a while holds them:
// who reads what mirrors packages/server/src/repositories/reader-sql.ts (administrators read every
// secret of every chest, hidden ones too; other users read the visible secrets of the chests of
// their teams and of the chests they manage). Keys nobody opens are random bytes of a real wrapped
// key's size; the rows are made while they are inserted (1.3 million of them would not fit the
// heap as objects), so the table is an iterable with a length.
import { randomBytes, randomUUID } from 'node:crypto';
import { WRAPPED_KEY_BYTES } from './secret-sealing.mjs';

// Random bytes are drawn this many keys at a time: one call instead of one per key.
const POOL_KEYS = 4096;

/**
 * Who must hold a key of each chest's secrets, per chest id: { all, visibleOnly } (user ids):
 * `all` read hidden secrets too (administrators), `visibleOnly` the visible ones. Rows as inserted.
 */
export function chestReaders({ users, chests, memberships, assignments, managers }) {
  const administrators = users.filter((user) => user.administrator).map((user) => user.id);
  const isAdministrator = new Set(administrators);
  const teamMembers = new Map();
  for (const membership of memberships) {
    if (isAdministrator.has(membership.user_id)) continue;
    const members = teamMembers.get(membership.team_id) ?? [];
    members.push(membership.user_id);
    teamMembers.set(membership.team_id, members);
  }
  const visibleOnly = new Map(chests.map((chest) => [chest.id, new Set()]));
  for (const assignment of assignments) {
    for (const userId of teamMembers.get(assignment.team_id) ?? []) {
      visibleOnly.get(assignment.vault_id).add(userId);
    }
  }
  for (const manager of managers) {
    if (!isAdministrator.has(manager.user_id)) visibleOnly.get(manager.vault_id).add(manager.user_id);
  }
  return new Map(
    chests.map((chest) => [chest.id, { all: administrators, visibleOnly: [...visibleOnly.get(chest.id)] }]),
  );
}

/** The readers of one secret: its chest's administrators, and the others unless it is hidden. */
export function readersOfSecret(readers, secret) {
  const chest = readers.get(secret.vault_id);
  return secret.hidden ? chest.all : [...chest.all, ...chest.visibleOnly];
}

/**
 * The secret_keys table: `realRows` (keys someone opens, made for real) and, for every other
 * (secret, reader) pair of `organisations` ([{ key, secrets, readers, joinedAt: Map user → ISO }]),
 * a row of random bytes, made as it is read. Returns { length, byOrganisation: { [key]: count },
 * [Symbol.iterator] }: iterate it once per insert.
 */
export function createKeyTable(realRows, organisations) {
  const realBySecret = new Map();
  for (const row of realRows) {
    const holders = realBySecret.get(row.secret_id) ?? new Set();
    holders.add(row.user_id);
    realBySecret.set(row.secret_id, holders);
  }
  const byOrganisation = {};
  let length = 0;
  let realFound = 0;
  for (const organisation of organisations) {
    let count = 0;
    for (const secret of organisation.secrets) {
      const readers = readersOfSecret(organisation.readers, secret);
      count += readers.length;
      const taken = realBySecret.get(secret.id);
      if (taken) realFound += readers.filter((userId) => taken.has(userId)).length;
    }
    byOrganisation[organisation.key] = count;
    length += count;
  }
  // A real key for someone who does not read its secret would be one row too many.
  if (realFound !== realRows.length) {
    throw new Error(`${realRows.length - realFound} real keys are for no reader of their secret`);
  }
  return {
    length,
    byOrganisation,
    *[Symbol.iterator]() {
      yield* realRows;
      const pool = createRandomPool(WRAPPED_KEY_BYTES);
      for (const organisation of organisations) {
        for (const secret of organisation.secrets) {
          const taken = realBySecret.get(secret.id);
          for (const userId of readersOfSecret(organisation.readers, secret)) {
            if (taken?.has(userId)) continue;
            const joined = organisation.joinedAt.get(userId);
            // A key is made when its reader gains the secret: the later of the two.
            // biome-ignore lint/complexity/useMathMinMax: ISO 8601 strings, compared as text
            const created = joined > secret.created_at ? joined : secret.created_at;
            yield {
              id: randomUUID(),
              organisation_id: secret.organisation_id,
              secret_id: secret.id,
              user_id: userId,
              encrypted_value: pool.next(),
              version: 1,
              created_at: created,
              updated_at: created,
            };
          }
        }
      }
    },
  };
}

// Base64 of `size` random bytes per call, cut from a buffer refilled every POOL_KEYS calls.
function createRandomPool(size) {
  let buffer = Buffer.alloc(0);
  let offset = 0;
  return {
    next() {
      if (offset >= buffer.length) {
        buffer = randomBytes(size * POOL_KEYS);
        offset = 0;
      }
      const text = buffer.toString('base64', offset, offset + size);
      offset += size;
      return text;
    },
  };
}
