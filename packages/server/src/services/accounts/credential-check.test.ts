import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configurePasswordHashing, inPasswordSlot } from '../../auth/password-hash.js';
import { migrateToLatest } from '../../db/migrator.js';
import type { Database } from '../../db/schema.js';
import type { User } from '../../repositories/user-repository.js';
import { RetryLaterError } from '../../security/retry-later.js';
import type { SignInProofs } from '../../security/sign-in-proofs.js';
import { buildUser, TEST_AUTH_HASH } from '../../test/factories.js';
import { createTestDatabase, type TestDatabase, testDialect } from '../../test/test-database.js';
import { checkCredentials } from './credential-check.js';

/** The database, with a count of the statements run through it (every read and write). */
function countingStatements(db: Kysely<Database>) {
  let statements = 0;
  const view = new Proxy(db, {
    get(target, property) {
      if (property === 'executeQuery') {
        return (...args: Parameters<Kysely<Database>['executeQuery']>) => {
          statements += 1;
          return target.executeQuery(...args);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: view, statements: () => statements };
}

/** Proofs held in memory, with a count of look-ups; `hinted` answers mayHold. */
function fakeProofs(hinted: boolean, held: boolean) {
  const lookups = { mayHold: 0, holds: 0 };
  const proofs: SignInProofs = {
    remember: async () => {},
    mayHold: async () => {
      lookups.mayHold += 1;
      return hinted;
    },
    holds: async (user) => {
      lookups.holds += 1;
      return held && user !== null;
    },
    forget: async () => {},
  };
  return { proofs, lookups };
}

function countingAttempts() {
  const counted = { allowed: 0, failures: 0 };
  return {
    counted,
    attempts: {
      assertAllowed: async () => {
        counted.allowed += 1;
      },
      recordFailure: async () => {
        counted.failures += 1;
      },
    },
  };
}

/**
 * The order of a password check's work (docs/operations.md): the account is read and counted only
 * inside a slot of the Argon2id gate, so a full gate refuses before either; a sign-in looks up the
 * proof's hint first and reads the account only with one.
 */
describe(`checkCredentials (${testDialect()})`, () => {
  let database: TestDatabase;
  let user: User;
  let release: () => void = () => {};
  let held: Promise<void> | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.handle.db);
    user = await buildUser(database.handle.db);
  });
  afterAll(() => database.drop());
  afterEach(async () => {
    release();
    await held;
    held = null;
    configurePasswordHashing({ concurrency: 2 });
  });

  /** Takes the gate's only slot, with no queue, until the test ends. */
  const fillGate = () => {
    configurePasswordHashing({ concurrency: 1, queue: 0 });
    held = inPasswordSlot(() => new Promise<void>((resolve) => (release = resolve)));
  };

  it('refuses at a full gate before reading or counting anything, known e-mail or not', async () => {
    fillGate();
    for (const email of [user.email, 'nobody@example.test', '']) {
      const { db, statements } = countingStatements(database.handle.db);
      const { attempts, counted } = countingAttempts();
      const leave = fakeProofs(true, true);
      await expect(
        checkCredentials(db, email, TEST_AUTH_HASH, attempts, { proofs: leave.proofs, use: 'leave' }),
      ).rejects.toBeInstanceOf(RetryLaterError);
      const accept = fakeProofs(false, false);
      await expect(
        checkCredentials(db, email, TEST_AUTH_HASH, attempts, { proofs: accept.proofs, use: 'accept' }),
      ).rejects.toBeInstanceOf(RetryLaterError);
      expect(statements()).toBe(0);
      expect(counted).toEqual({ allowed: 0, failures: 0 });
      // The two-factor check looks up no proof; the sign-in only its hint, for any e-mail alike.
      expect(leave.lookups).toEqual({ mayHold: 0, holds: 0 });
      expect(accept.lookups).toEqual({ mayHold: 1, holds: 0 });
    }
  });

  it('takes a proof through a full gate, counting the attempt first', async () => {
    fillGate();
    const { db, statements } = countingStatements(database.handle.db);
    const { attempts, counted } = countingAttempts();
    const { proofs, lookups } = fakeProofs(true, true);
    const check = await checkCredentials(db, user.email, TEST_AUTH_HASH, attempts, { proofs, use: 'accept' });
    expect(check).toMatchObject({ valid: true, byProof: true });
    expect(check.user?.id).toBe(user.id);
    expect(statements()).toBe(1);
    expect(counted.allowed).toBe(1);
    expect(lookups).toEqual({ mayHold: 1, holds: 1 });
  });

  it('goes to the gate when a hint has no proof behind it (the password changed since)', async () => {
    const { db } = countingStatements(database.handle.db);
    const { attempts, counted } = countingAttempts();
    const { proofs, lookups } = fakeProofs(true, false);
    const check = await checkCredentials(db, user.email, TEST_AUTH_HASH, attempts, { proofs, use: 'accept' });
    expect(check).toMatchObject({ valid: true, byProof: false });
    expect(counted.allowed).toBe(1);
    expect(lookups).toEqual({ mayHold: 1, holds: 1 });
  });

  it('reads and counts inside the slot when the gate has room: a wrong password and an unknown e-mail', async () => {
    for (const [email, password] of [
      [user.email, 'wrong'],
      ['nobody@example.test', TEST_AUTH_HASH],
    ] as const) {
      const { db, statements } = countingStatements(database.handle.db);
      const { attempts, counted } = countingAttempts();
      const check = await checkCredentials(db, email, password, attempts);
      expect(check).toMatchObject({ valid: false, byProof: false });
      expect(statements()).toBe(1);
      expect(counted.allowed).toBe(1);
    }
  });
});
