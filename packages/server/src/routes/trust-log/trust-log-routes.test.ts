import { randomUUID } from 'node:crypto';
import {
  foldTrustLog,
  readers,
  type SignedTrustEntry,
  type TrustChange,
  type TrustLogItem,
  type TrustLogResponse,
} from '@coffer/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRUST_ENTRIES_MISMATCH_MESSAGE } from '../../services/trust-log/trust-entries-guard.js';
import {
  TRUST_LOG_AHEAD_MESSAGE,
  TRUST_LOG_GENESIS_MESSAGE,
  TRUST_LOG_MOVED_MESSAGE,
  TRUST_LOG_NOT_ACTOR_MESSAGE,
} from '../../services/trust-log/trust-log-service.js';
import { callApi, SCENARIO_ROLES, useChestScenario } from '../../test/chest-scenario.js';
import { signRun, snapshotOfRows } from '../../test/trust-log-client.js';
import { makeTrustSigner, signedEntry, type TrustSigner } from '../../test/trust-log-signers.js';

// Issue 30, first part: the organisation trust log's table and calls (docs/server.md, "Trust log").
// One log is built entry by entry through the tests, in order; each refusal leaves it as it was.
// A single entry is a batch of one: the rows must be what the log says after it (for the users the
// log holds active), so the log starts with genesis and a snapshot of the chests' teams, and a user
// in a team is admitted with their team_member entries.

const setup = useChestScenario();
const PATH = '/api/v1/trust_log.json';
let owner: TrustSigner;
let administrator: TrustSigner;
let reader: TrustSigner;
let stranger: TrustSigner;

beforeAll(async () => {
  const { db } = setup.context;
  const { users } = setup.scenario;
  [owner, administrator, reader, stranger] = (await Promise.all(
    [users.owner, users.administrator, users.reader, users.stranger].map((user) =>
      makeTrustSigner(db, user.id),
    ),
  )) as [TrustSigner, TrustSigner, TrustSigner, TrustSigner];
}, 120_000);

const org = () => setup.scenario.users.owner.organisation_id;
const token = (role: (typeof SCENARIO_ROLES)[number]) => setup.scenario.tokens[role];
const post = (role: (typeof SCENARIO_ROLES)[number], body: unknown) =>
  callApi(setup.context.app, token(role), 'POST', PATH, body as object);

async function log(
  role: (typeof SCENARIO_ROLES)[number] = 'owner',
  after?: number,
): Promise<TrustLogResponse> {
  const response = await callApi(
    setup.context.app,
    token(role),
    'GET',
    after === undefined ? PATH : `${PATH}?after=${after}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function storedCount(): Promise<number> {
  const row = await setup.context.db
    .selectFrom('trust_log')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organisation_id', '=', org())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The next place in our log, from the server's head. */
async function nextPlace() {
  const { head } = await log();
  return { org: org(), seq: head ? head.seq + 1 : 0, prev: head?.hash ?? null };
}

async function expectRefused(
  role: (typeof SCENARIO_ROLES)[number],
  body: unknown,
  status: number,
  message?: string | RegExp,
) {
  const before = await storedCount();
  const response = await post(role, body);
  expect(response.statusCode, response.body).toBe(status);
  // 400 answers {errors: [...]}, other refusals {error}: either way the message is the one given.
  const { error, errors } = response.json() as { error?: string; errors?: string[] };
  const said = error ?? errors?.join(' ') ?? '';
  if (typeof message === 'string') expect(said).toBe(message);
  else if (message) expect(said).toMatch(message);
  expect(await storedCount()).toBe(before);
  return response;
}

const admit = (signer: TrustSigner, admin: boolean): TrustChange => ({
  op: 'admit',
  body: {
    user: signer.id,
    email: `${signer.id}@example.test`,
    public_key: signer.publicKey,
    admin,
    how: 'confirmed',
  },
});
const genesis = (): TrustChange => ({
  op: 'genesis',
  body: { name: 'Organisation', email: 'owner@example.test', public_key: owner.publicKey },
});

describe('the trust log', () => {
  it('is empty before genesis for every member; 401 without a session', async () => {
    for (const role of SCENARIO_ROLES) expect(await log(role), role).toEqual({ items: [], head: null });
    const anonymous = await setup.context.app.inject({ method: 'GET', url: PATH });
    expect(anonymous.statusCode).toBe(401);
    expect((await setup.context.app.inject({ method: 'POST', url: PATH, payload: {} })).statusCode).toBe(401);
  });

  it('starts with the owner’s genesis only', async () => {
    const place = await nextPlace();
    await expectRefused(
      'administrator',
      await signedEntry(administrator, place, genesis(), { actor_fp: administrator.fingerprint }),
      403,
      TRUST_LOG_GENESIS_MESSAGE,
    );
    // The owner's genesis sent by someone else.
    await expectRefused(
      'administrator',
      await signedEntry(owner, place, genesis()),
      403,
      TRUST_LOG_NOT_ACTOR_MESSAGE,
    );
    // Genesis alone would say no chest has a team, while the rows link two: not what the rows say.
    await expectRefused(
      'owner',
      await signedEntry(owner, place, genesis()),
      422,
      TRUST_ENTRIES_MISMATCH_MESSAGE,
    );
    const snapshot = await snapshotOfRows(setup.context.db, org(), new Set([owner.id]));
    const entries = await signRun(owner, place, [genesis(), snapshot]);
    const response = await post('owner', { entries });
    expect(response.statusCode, response.body).toBe(201);
    const [item] = (response.json() as { items: TrustLogItem[] }).items as [TrustLogItem];
    expect(item).toMatchObject({ seq: 0, entry: { op: 'genesis', actor: owner.id, prev: null } });
    expect(item.hash).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    // A second genesis is at a taken place.
    await expectRefused('owner', await signedEntry(owner, place, genesis()), 409, TRUST_LOG_MOVED_MESSAGE);
  });

  it('is read by every member of the organisation, and by nobody else', async () => {
    const ours = await log('owner');
    expect(ours.items.map((item) => item.entry.op)).toEqual(['genesis', 'snapshot']);
    expect(ours.head).toEqual({ seq: 1, hash: ours.items[1]?.hash });
    for (const role of SCENARIO_ROLES.filter((role) => role !== 'stranger'))
      expect(await log(role), role).toEqual(ours);
    // The stranger (an administrator elsewhere) reads only their own organisation's log.
    expect(await log('stranger')).toEqual({ items: [], head: null });
  });

  it('appends an administrator’s admissions; a member’s is 403 and writes nothing', async () => {
    const single = await post(
      'owner',
      await signedEntry(owner, await nextPlace(), admit(administrator, true)),
    );
    expect(single.statusCode, single.body).toBe(201);
    // One entry answers the item, as before.
    expect((single.json() as TrustLogItem).entry.op).toBe('admit');
    // The reader is in the read team: admitted with their membership, as one batch. Their admission
    // alone is not what the rows say (it would leave the read team without them).
    const membership: TrustChange = {
      op: 'team_member',
      body: { team: setup.scenario.readTeam.id, user: reader.id, edit: true, present: true },
    };
    await expectRefused(
      'administrator',
      await signedEntry(administrator, await nextPlace(), admit(reader, false)),
      422,
      TRUST_ENTRIES_MISMATCH_MESSAGE,
    );
    const batch = await post('administrator', {
      entries: await signRun(administrator, await nextPlace(), [admit(reader, false), membership]),
    });
    expect(batch.statusCode, batch.body).toBe(201);
    const outsider = setup.scenario.users.outsider;
    const change: TrustChange = {
      op: 'team_member',
      body: { team: setup.scenario.readTeam.id, user: outsider.id, edit: true, present: true },
    };
    await expectRefused(
      'reader',
      await signedEntry(reader, await nextPlace(), change),
      403,
      'Only an administrator may change a team.',
    );
    // The manager and the writer are not in the log: whatever they sign is refused.
    const manager = await makeTrustSigner(setup.context.db, randomUUID());
    await expectRefused(
      'manager',
      await signedEntry({ ...manager, id: setup.scenario.users.manager.id }, await nextPlace(), change),
      403,
    );
  });

  // Before the batch rule, each was its own check (a key 422, a foreign id 404); now the rows must
  // be what the log says, and a key or an id the rows do not hold makes the log say something else:
  // 422 with the mismatch's message. An entry of another organisation's log is still a 404.
  it('binds only the keys the server holds, and only this organisation’s users, teams and chests', async () => {
    const place = await nextPlace();
    // The outsider is in no team: only the key differs from the rows. (A key another member holds
    // is refused by the fold itself.)
    const unknownKey = await makeTrustSigner(setup.context.db, randomUUID());
    const wrongKey: TrustChange = {
      op: 'admit',
      body: {
        user: setup.scenario.users.outsider.id,
        email: 'o@example.test',
        public_key: unknownKey.publicKey,
        admin: false,
        how: 'created',
      },
    };
    await expectRefused(
      'administrator',
      await signedEntry(administrator, place, wrongKey),
      422,
      TRUST_ENTRIES_MISMATCH_MESSAGE,
    );
    await expectRefused(
      'administrator',
      await signedEntry(administrator, place, admit(stranger, false)),
      422,
      TRUST_ENTRIES_MISMATCH_MESSAGE,
    );
    const foreignTeam: TrustChange = {
      op: 'team_member',
      body: { team: randomUUID(), user: reader.id, edit: false, present: true },
    };
    await expectRefused(
      'administrator',
      await signedEntry(administrator, place, foreignTeam),
      422,
      TRUST_ENTRIES_MISMATCH_MESSAGE,
    );
    const foreignChest: TrustChange = {
      op: 'chest_manager',
      body: { chest: randomUUID(), user: reader.id, present: true },
    };
    await expectRefused(
      'administrator',
      await signedEntry(administrator, place, foreignChest),
      422,
      TRUST_ENTRIES_MISMATCH_MESSAGE,
    );
    // An entry of another organisation's log.
    await expectRefused(
      'administrator',
      await signedEntry(administrator, { ...place, org: stranger.id }, admit(reader, false)),
      404,
    );
  });

  it('refuses a wrong place: 409 for a moved head, 422 for a seq beyond it', async () => {
    const place = await nextPlace();
    const change: TrustChange = {
      op: 'chest_team',
      body: { chest: setup.scenario.chest.id, team: setup.scenario.readTeam.id, edit: false, present: true },
    };
    await expectRefused(
      'administrator',
      await signedEntry(administrator, { ...place, seq: place.seq - 1 }, change),
      409,
      TRUST_LOG_MOVED_MESSAGE,
    );
    const { items } = await log();
    await expectRefused(
      'administrator',
      await signedEntry(administrator, { ...place, prev: items[0]?.hash ?? null }, change),
      409,
      TRUST_LOG_MOVED_MESSAGE,
    );
    await expectRefused(
      'administrator',
      await signedEntry(administrator, { ...place, seq: place.seq + 1 }, change),
      422,
      TRUST_LOG_AHEAD_MESSAGE,
    );
  });

  it('refuses a bad signature, a wrong actor_fp, and removing or demoting the owner', async () => {
    const place = await nextPlace();
    const change: TrustChange = {
      op: 'team_member',
      body: { team: setup.scenario.readTeam.id, user: reader.id, edit: false, present: true },
    };
    const signed = await signedEntry(administrator, place, change);
    const flipped = `${signed.sig.slice(0, 30)}${signed.sig[30] === 'A' ? 'B' : 'A'}${signed.sig.slice(31)}`;
    await expectRefused(
      'administrator',
      { ...signed, sig: flipped },
      422,
      'The entry’s signature does not verify.',
    );
    await expectRefused(
      'administrator',
      await signedEntry(administrator, place, change, { actor_fp: owner.fingerprint }),
      422,
    );
    await expectRefused(
      'owner',
      await signedEntry(owner, place, { op: 'remove', body: { user: owner.id } }),
      422,
    );
    await expectRefused(
      'owner',
      await signedEntry(owner, place, { op: 'role', body: { user: owner.id, admin: false } }),
      422,
      'Administrator cannot be changed on oneself or on the owner.',
    );
  });

  it.each([
    ['an empty body', undefined],
    ['a list', []],
    ['an entry without its signature', { entry: {} }],
    ['an extra field', { entry: {}, sig: 'x', more: 1 }],
  ])('refuses %s with 400, writing nothing', async (_name, body) => {
    await expectRefused('administrator', body, 400);
  });

  it('refuses entries with bad fields with 400 and a plain reason', async () => {
    const signed = await signedEntry(administrator, await nextPlace(), {
      op: 'chest_manager',
      body: { chest: setup.scenario.chest.id, user: reader.id, present: true },
    });
    const response = await expectRefused(
      'administrator',
      { ...signed, entry: { ...signed.entry, seq: 'x' } },
      400,
    );
    expect(response.json()).toEqual({ errors: ['Seq must be a whole number, 0 or more.'] });
    await expectRefused(
      'administrator',
      { ...signed, entry: { ...signed.entry, op: 'everything' } },
      400,
      'The operation is not known.',
    );
  });

  it('takes one of two entries signed for the same place; the other is a 409', async () => {
    const place = await nextPlace();
    // Each re-states a link the rows hold (so each alone describes them).
    const assign = (team: string, edit: boolean): TrustChange => ({
      op: 'chest_team',
      body: { chest: setup.scenario.chest.id, team, edit, present: true },
    });
    const [first, second] = await Promise.all([
      signedEntry(administrator, place, assign(setup.scenario.readTeam.id, false)),
      signedEntry(administrator, place, assign(setup.scenario.writeTeam.id, true)),
    ]);
    const answers = await Promise.all([post('administrator', first), post('administrator', second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await log()).head?.seq).toBe(place.seq);
  });

  it('pages with after, and refuses an after that is not a seq the log can hold', async () => {
    const whole = await log('reader');
    const last = whole.head?.seq as number;
    expect(last).toBe(5);
    const seqs = whole.items.map((item) => item.seq);
    expect(seqs).toEqual([0, 1, 2, 3, 4, 5]);
    expect((await log('reader', 1)).items.map((item) => item.seq)).toEqual(seqs.slice(2));
    expect((await log('reader', last)).items).toEqual([]);
    expect((await log('reader', last)).head).toEqual(whole.head);
    expect((await log('reader', 2_147_483_647)).items).toEqual([]);
    for (const after of ['-1', 'x', '1.5', '2147483648', '1099511627776']) {
      const response = await callApi(setup.context.app, token('reader'), 'GET', `${PATH}?after=${after}`);
      expect(response.statusCode, after).toBe(400);
    }
  });

  it('answers a log that a browser verifies and folds to the same readers', async () => {
    const { items } = await log('reader');
    const state = await foldTrustLog(items.map(({ entry, sig }): SignedTrustEntry => ({ entry, sig })));
    expect(state.head).toBe(items.at(-1)?.hash);
    expect([...readers(state, setup.scenario.chest.id, true)].sort()).toEqual(
      [owner.id, administrator.id].sort(),
    );
    expect(readers(state, setup.scenario.chest.id, false).size).toBeGreaterThanOrEqual(2);
  });
});
