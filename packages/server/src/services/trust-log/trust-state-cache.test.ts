import { canonicalJson, type SignedTrustEntry, type TrustChange, trustEntryHash } from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTrustLogRow } from '../../repositories/trust-log-repository.js';
import { buildTeam, buildUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { makeTrustSigner, signedEntry, type TrustSigner } from '../../test/trust-log-signers.js';
import { keepTrustState, trustStateAt } from './trust-state-cache.js';

// The state kept per process: used while the stored log chains onto it, folded on when another
// process appended, folded again from genesis when the stored log no longer chains onto it.

let context: TestContext;
let owner: TrustSigner;
let organisationId: string;
let teams: string[];

beforeAll(async () => {
  context = await createTestContext();
  const user = await buildUser(context.db, { administrator: true });
  organisationId = user.organisation_id;
  owner = await makeTrustSigner(context.db, user.id);
  teams = [];
  for (let n = 0; n < 3; n += 1) teams.push((await buildTeam(context.db, organisationId)).id);
}, 60_000);
afterAll(async () => {
  await context.close();
});

/** Signs `changes` after `from` (a stored entry, or genesis when absent) and answers them in order. */
async function chain(
  from: SignedTrustEntry | undefined,
  changes: TrustChange[],
): Promise<SignedTrustEntry[]> {
  const out: SignedTrustEntry[] = [];
  let previous = from;
  for (const change of changes) {
    const place = previous
      ? { org: organisationId, seq: previous.entry.seq + 1, prev: await trustEntryHash(previous) }
      : { org: organisationId, seq: 0, prev: null };
    previous = await signedEntry(owner, place, change);
    out.push(previous);
  }
  return out;
}

async function store(entries: SignedTrustEntry[]): Promise<void> {
  for (const signed of entries) {
    const row = {
      seq: signed.entry.seq,
      entry: canonicalJson(signed.entry),
      sig: signed.sig,
      hash: await trustEntryHash(signed),
    };
    await insertTrustLogRow(context.db, organisationId, row, new Date().toISOString());
  }
}

const join = (team: string, present = true): TrustChange => ({
  op: 'team_member',
  body: { team, user: owner.id, edit: true, present },
});

async function head(entries: SignedTrustEntry[]) {
  const last = entries.at(-1) as SignedTrustEntry;
  return { seq: last.entry.seq, hash: await trustEntryHash(last) };
}

describe('the kept trust-log state', () => {
  it('folds the stored log, folds on from the kept state, and folds again when the log was replaced', async () => {
    const genesis: TrustChange = {
      op: 'genesis',
      body: { name: 'Cache', email: 'owner@example.test', public_key: owner.publicKey },
    };
    const first = await chain(undefined, [genesis, join(teams[0] as string), join(teams[1] as string)]);
    await store(first);
    const atTwo = await trustStateAt(context.db, organisationId, await head(first));
    expect(atTwo.seq).toBe(2);
    expect([...atTwo.teams.keys()].sort()).toEqual([teams[0], teams[1]].sort());
    // The same head answers the kept state itself.
    expect(await trustStateAt(context.db, organisationId, await head(first))).toBe(atTwo);

    // Another process appended two entries: the kept state is folded on.
    const more = await chain(first.at(-1), [join(teams[2] as string), join(teams[0] as string, false)]);
    await store(more);
    const atFour = await trustStateAt(context.db, organisationId, await head(more));
    expect(atFour.seq).toBe(4);
    expect([...atFour.teams.keys()].sort()).toEqual([teams[1], teams[2]].sort());
    expect(atTwo.seq).toBe(2);

    // The kept state is at 2 while the stored log was rewritten from 2 on: it no longer chains.
    keepTrustState(organisationId, atTwo);
    await context.db
      .deleteFrom('trust_log')
      .where('organisation_id', '=', organisationId)
      .where('seq', '>=', 2)
      .execute();
    const rewritten = await chain(first[1], [
      join(teams[2] as string),
      join(teams[1] as string),
      join(teams[0] as string),
    ]);
    await store(rewritten);
    const again = await trustStateAt(context.db, organisationId, await head(rewritten));
    expect(again.seq).toBe(4);
    expect(again.head).toBe((await head(rewritten)).hash);
    expect([...again.teams.keys()].sort()).toEqual([...teams].sort());
  });

  it('folds to exactly the head it is given when later entries were committed since it was read', async () => {
    const rows = await context.db
      .selectFrom('trust_log')
      .select(['seq', 'hash'])
      .where('organisation_id', '=', organisationId)
      .orderBy('seq', 'desc')
      .execute();
    const [last, before] = rows as [{ seq: number; hash: string }, { seq: number; hash: string }];
    await trustStateAt(context.db, organisationId, last);
    // The kept state is at the last entry; a caller that read the head one entry earlier gets that one.
    const earlier = await trustStateAt(context.db, organisationId, before);
    expect(earlier.seq).toBe(before.seq);
    expect(earlier.head).toBe(before.hash);
  });

  it('refuses a head the stored log does not reach', async () => {
    const last = await context.db
      .selectFrom('trust_log')
      .select(['seq', 'hash'])
      .where('organisation_id', '=', organisationId)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    await expect(
      trustStateAt(context.db, organisationId, { seq: last.seq + 1, hash: last.hash }),
    ).rejects.toThrow('The stored trust log does not fold to its own head.');
  });
});
