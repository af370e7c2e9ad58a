import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../mail/outbox-reader.js';
import { findUserByEmail } from '../../repositories/user-repository.js';
import {
  getTestAccountKeys,
  postRegistration,
  registrationFields,
  type TestAccountKeys,
} from '../../test/account-helpers.js';
import { buildUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

// The known-address tests' own client address, apart from the per-address budget of the others.
const OWN_ADDRESS = '10.0.25.1';

describe('POST /users (registration)', () => {
  let context: TestContext;
  let keys: TestAccountKeys;
  let counter = 0;
  const nextEmail = () => `owner-${++counter}@example.test`;

  beforeAll(async () => {
    [context, keys] = await Promise.all([createTestContext(), getTestAccountKeys()]);
  });
  afterAll(async () => {
    await context.close();
  });

  async function countRows(table: 'organisations' | 'users'): Promise<number> {
    const row = await context.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async function expectRefused(overrides: Record<string, string | undefined>, message: string) {
    const response = await postRegistration(
      context.app,
      registrationFields(keys, { 'user[email]': nextEmail(), ...overrides }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [message] });
  }

  it('creates the organisation, its owner, the Everyone team, an audit entry, and mails a confirmation', async () => {
    const email = 'Ada@Example.TEST';
    const response = await postRegistration(context.app, registrationFields(keys, { 'user[email]': email }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.test', confirmed_at: null });

    const user = await findUserByEmail(context.db, email);
    expect(user).toMatchObject({
      administrator: true,
      first_time: true,
      must_change_password: false,
      public_key: keys.publicKey,
      encrypted_private_key: keys.encrypted_private_key,
      private_key_iv: keys.private_key_iv,
      kdf_iterations: 600_000,
      confirmed_at: null,
    });
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    expect(user?.password_hash).not.toContain(keys.authHash);
    const organisation = await context.db
      .selectFrom('organisations')
      .selectAll()
      .where('id', '=', user?.organisation_id ?? '')
      .executeTakeFirstOrThrow();
    expect(organisation).toMatchObject({ name: 'Analytical Engines', owner_id: user?.id });
    const teams = await context.db
      .selectFrom('teams')
      .innerJoin('memberships', 'memberships.team_id', 'teams.id')
      .select(['teams.name', 'teams.default_for_new_users', 'memberships.user_id'])
      .where('teams.organisation_id', '=', organisation.id)
      .execute();
    expect(teams).toHaveLength(1);
    expect(teams[0]).toMatchObject({ name: 'Everyone', user_id: user?.id });
    expect(Boolean(teams[0]?.default_for_new_users)).toBe(true);
    const audit = await context.db
      .selectFrom('audit_log_entries')
      .selectAll()
      .where('organisation_id', '=', organisation.id)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['Registered the organisation Analytical Engines']);

    const mails = (await readOutbox(context.config.dataDir)).filter((mail) =>
      mail.to.includes('ada@example.test'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Confirm your Coffer account');
    expect(mails[0]?.links[0]).toMatch(
      /^http:\/\/localhost:8080\/login\?confirmation_token=[A-Za-z0-9_-]{43}$/,
    );
  });

  it('accepts JSON as well as the form', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/users.json',
      payload: {
        user: {
          email: nextEmail(),
          name: 'Json Person',
          password: keys.authHash,
          public_key: keys.publicKey,
          encrypted_private_key: keys.encrypted_private_key,
          private_key_iv: keys.private_key_iv,
          kdf_iterations: 600_000,
          owned_organisation_attributes: { name: 'Json Ltd' },
          termsOfService: true,
        },
      },
    });
    expect(response.statusCode).toBe(201);
  });

  it('answers a known address exactly as a new one, creates nothing, and mails its owner instead', async () => {
    const owner = await buildUser(context.db, { name: 'Ada Byron' });
    const organisationsBefore = await countRows('organisations');
    const usersBefore = await countRows('users');
    const fresh = nextEmail();
    const known = await postRegistration(
      context.app,
      registrationFields(keys, { 'user[email]': owner.email.toUpperCase(), 'user[name]': 'Mallory' }),
      OWN_ADDRESS,
    );
    const created = await postRegistration(
      context.app,
      registrationFields(keys, { 'user[email]': fresh, 'user[name]': 'Mallory' }),
      OWN_ADDRESS,
    );
    // Same status, same body but for the values: a fresh id either way, no confirmation yet.
    expect(known.statusCode).toBe(created.statusCode);
    expect(known.headers['content-type']).toBe(created.headers['content-type']);
    const withoutId = ({ id, ...rest }: Record<string, unknown>) => {
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      return rest;
    };
    expect(withoutId(known.json())).toEqual({
      name: 'Mallory',
      email: owner.email,
      confirmed_at: null,
      mail_sent: true,
    });
    expect(withoutId(created.json())).toEqual({
      name: 'Mallory',
      email: fresh,
      confirmed_at: null,
      mail_sent: true,
    });
    expect(known.json().id).not.toBe(owner.id);

    expect(await countRows('organisations')).toBe(organisationsBefore + 1);
    expect(await countRows('users')).toBe(usersBefore + 1);
    expect(await findUserByEmail(context.db, owner.email)).toEqual(owner);
    const mails = (await readOutbox(context.config.dataDir)).filter((mail) => mail.to.includes(owner.email));
    const notice = mails.at(-1);
    expect(mails).toHaveLength(1);
    expect(notice?.subject).toBe('Someone tried to use your email address on Coffer');
    expect(notice?.text).toContain('Hello Ada Byron,');
    expect(notice?.text).toContain('No account was created.');
    expect(notice?.links).toEqual(['http://localhost:8080/login']);
  });

  it('checks the fields of a known address as of a new one', async () => {
    const owner = await buildUser(context.db);
    const response = await postRegistration(
      context.app,
      registrationFields(keys, { 'user[email]': owner.email, 'user[password]': undefined }),
      OWN_ADDRESS,
    );
    expect(response.json()).toEqual({ errors: ['Required field Password is empty.'] });
  });

  it('answers the spec messages for missing or malformed fields', async () => {
    await expectRefused(
      { 'user[owned_organisation_attributes][name]': undefined },
      'Required field Company Name is empty.',
    );
    await expectRefused({ 'user[name]': '   ' }, 'Required field Full Name is empty.');
    await expectRefused({ 'user[email]': 'not-an-email' }, 'Field Email is not a valid email.');
    await expectRefused({ 'user[email]': undefined }, 'Required field Email is empty.');
    await expectRefused({ 'user[termsOfService]': undefined }, 'Required field Terms of Service is empty.');
    await expectRefused({ 'user[termsOfService]': 'false' }, 'Required field Terms of Service is empty.');
    await expectRefused(
      { 'user[name]': 'x'.repeat(256) },
      'Field Full Name exceeds the maximum of 255 characters.',
    );
    await expectRefused({ 'user[password]': undefined }, 'Required field Password is empty.');
    await expectRefused({ 'user[public_key]': undefined }, 'Required field Public Key is empty.');
  });

  it('validates the key material: auth hash, public key, sealed key, iv and iterations', async () => {
    const short = Buffer.alloc(16, 1).toString('base64');
    await expectRefused({ 'user[password]': short }, 'Field Password is invalid.');
    await expectRefused({ 'user[password]': 'plain text password' }, 'Field Password is invalid.');
    await expectRefused(
      { 'user[public_key]': Buffer.alloc(400, 2).toString('base64') },
      'Field Public Key is invalid.',
    );
    await expectRefused(
      { 'user[encrypted_private_key]': 'not base64!' },
      'Field Encrypted Private Key is invalid.',
    );
    await expectRefused(
      { 'user[private_key_iv]': Buffer.alloc(16).toString('base64') },
      'Field Private Key IV is invalid.',
    );
    await expectRefused(
      { 'user[kdf_iterations]': '999' },
      'Field Key Derivation Iterations must be at least 1000.',
    );
    await expectRefused({ 'user[kdf_iterations]': '1e6' }, 'Field Key Derivation Iterations is invalid.');
    expect(await findUserByEmail(context.db, `owner-${counter}@example.test`)).toBeNull();
  });

  it('refuses an RSA key of the wrong size', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 65537 });
    const der = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    await expectRefused({ 'user[public_key]': der }, 'Field Public Key is invalid.');
  });
});

// Each needs its own app; they run after the shared one is closed (one test database at a time per file).
describe('registration limits', () => {
  let keys: TestAccountKeys;
  let counter = 0;
  const nextEmail = () => `limited-${++counter}@example.test`;

  beforeAll(async () => {
    keys = await getTestAccountKeys();
  });

  it('keeps the production floor of 600,000 iterations outside tests', async () => {
    const strict = await createTestContext({ env: { COFFER_TEST_MIN_KDF_ITERATIONS: '600000' } });
    try {
      const response = await postRegistration(
        strict.app,
        registrationFields(keys, { 'user[email]': nextEmail(), 'user[kdf_iterations]': '599999' }),
      );
      expect(response.json()).toEqual({
        errors: ['Field Key Derivation Iterations must be at least 600000.'],
      });
    } finally {
      await strict.close();
    }
  });

  it('limits registrations per address with a clear 429', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_REGISTRATION_PER_IP: '2/1h' } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await postRegistration(
          limited.app,
          registrationFields(keys, { 'user[email]': nextEmail() }),
          '10.0.0.9',
        );
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json()).toEqual({
            errors: ['Too many attempts. Please wait a few minutes and try again.'],
          });
        }
      }
      expect(statuses).toEqual([201, 201, 429]);
      const other = await postRegistration(
        limited.app,
        registrationFields(keys, { 'user[email]': nextEmail() }),
        '10.0.0.10',
      );
      expect(other.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('limits registrations per e-mail', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_REGISTRATION_PER_ACCOUNT: '2/1h' } });
    try {
      const email = nextEmail();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        statuses.push(
          (await postRegistration(limited.app, registrationFields(keys, { 'user[email]': email })))
            .statusCode,
        );
      }
      // The second answers as the first (a known address looks new) and is counted all the same.
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
