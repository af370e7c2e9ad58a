// Deliveries and pages of missing keys longer than one piece (key-share-service.ts: DELIVERY_PIECE,
// LIST_PIECE): on SQLite they are written and read a piece at a time with a turn of the event loop
// between, and must behave exactly as one batch would. A scenario of their own: they leave many
// pairs missing.
import { KEY_FOR_STRANGER_MESSAGE } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { recomputeMissingKeys } from '../../repositories/missing-key-repository.js';
import { DELIVERY_PIECE, LIST_PIECE } from '../../services/secret-keys/key-share-service.js';
import { callApi, useChestScenario } from '../../test/chest-scenario.js';
import { buildMembership, buildSecret, buildUser, fakeWrappedKey } from '../../test/factories.js';
import { keyShareCalls } from '../../test/key-share-calls.js';

describe('key sharing in pieces', () => {
  const setup = useChestScenario();
  const { admin, organisationId, reshareAll } = keyShareCalls(setup);
  /** A member of the reading team with no key of `count` new secrets of the chest. */
  const newcomerMissing = async (count: number) => {
    const newcomer = await buildUser(setup.context.db, { organisation_id: organisationId() });
    await buildMembership(setup.context.db, newcomer, setup.scenario.readTeam.id);
    const secrets = [];
    for (let index = 0; index < count; index += 1) {
      secrets.push(
        await buildSecret(setup.context.db, setup.scenario.users.administrator, setup.scenario.chest.id, {
          readerIds: setup.scenario.readerIds,
        }),
      );
    }
    return { newcomer, secrets };
  };

  it('delivers a large batch in pieces: every key once, its pairs forgotten, a bad share anywhere writes nothing', async () => {
    const count = DELIVERY_PIECE * 2 + 10;
    const { newcomer, secrets } = await newcomerMissing(count);
    const shareTo = (userId: string) => (secret: { id: string }) => ({
      user_id: userId,
      secret_id: secret.id,
      version: 1,
      encrypted_value: fakeWrappedKey(),
    });
    const deliver = (shares: ReturnType<ReturnType<typeof shareTo>>[]) =>
      callApi(setup.context.app, admin(), 'POST', '/api/v1/secret_keys/reshare', {
        key_reshare_handler: { secret_keys_attributes: shares },
      });
    const newcomerKeys = async () =>
      (
        await setup.context.db
          .selectFrom('secret_keys')
          .select('id')
          .where('user_id', '=', newcomer.id)
          .execute()
      ).length;

    // The share for an outsider comes last, in the last piece: the first pieces must not be written.
    const refused = await deliver([
      ...secrets.map(shareTo(newcomer.id)),
      shareTo(setup.scenario.users.outsider.id)(secrets[0] as { id: string }),
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: [KEY_FOR_STRANGER_MESSAGE] });
    expect(await newcomerKeys()).toBe(0);

    const delivered = await deliver(secrets.map(shareTo(newcomer.id)));
    expect(delivered.json()).toEqual({ count });
    expect(await newcomerKeys()).toBe(count);
    const stillMissing = (await reshareAll()).keyshare.filter((pair) => pair.user_id === newcomer.id);
    expect(stillMissing.map((pair) => pair.secret_id)).not.toEqual(
      expect.arrayContaining([secrets[0]?.id, secrets[count - 1]?.id]),
    );
    expect(await recomputeMissingKeys(setup.context.db, organisationId())).toEqual(
      await setup.context.db
        .selectFrom('missing_keys')
        .select(['secret_id', 'user_id'])
        .where('organisation_id', '=', organisationId())
        .orderBy('secret_id')
        .orderBy('user_id')
        .execute(),
    );
    // One audit entry per piece, each saying how many keys it wrote (earlier tests shared some too).
    const audit = await setup.context.db
      .selectFrom('audit_log_entries')
      .select('action')
      .where('organisation_id', '=', organisationId())
      .where('action', 'like', 'Shared % missing secret keys')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(audit.slice(-3).map((entry) => entry.action)).toEqual([
      `Shared ${DELIVERY_PIECE} missing secret keys`,
      `Shared ${DELIVERY_PIECE} missing secret keys`,
      'Shared 10 missing secret keys',
    ]);
  });

  it('reads a page longer than one piece whole, in order, each pair once', async () => {
    await newcomerMissing(LIST_PIECE + 20);
    const byPair = (pair: { secret_id: string; user_id: string }) => `${pair.secret_id} ${pair.user_id}`;
    const everything = await reshareAll();
    expect(everything.keyshare.length).toBe(everything.total);
    expect(everything.keyshare.length).toBeGreaterThan(LIST_PIECE + 20);
    const pairs = everything.keyshare.map(byPair);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs).toEqual(
      [...everything.keyshare]
        .sort((a, b) =>
          a.secret_id === b.secret_id ? (a.user_id < b.user_id ? -1 : 1) : a.secret_id < b.secret_id ? -1 : 1,
        )
        .map(byPair),
    );
    const first = await reshareAll({ query: `?limit=${LIST_PIECE + 5}` });
    expect(first.keyshare.map(byPair)).toEqual(pairs.slice(0, LIST_PIECE + 5));
    expect(first.total).toBe(everything.total);
  });
});
