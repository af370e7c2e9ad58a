import { publicKeyFingerprint, unwrapSecretKey } from '@coffer/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModalHost } from '../components/modals/modal-host.js';
import { modalStore } from '../components/modals/modal-store.js';
import { loadPin } from '../keys/key-pins.js';
import { savePrivateKey } from '../keys/key-store.js';
import type { FetchCall } from '../test/mock-fetch.js';
import { mockFetch } from '../test/mock-fetch.js';
import { moveEncryptedSecret } from './move-secret.js';
import { reshareMissingKeys } from './reshare-keys.js';
import { createEncryptedSecret } from './save-secret.js';
import { KEY_CHANGE_CANCELLED_MESSAGE, OWN_KEY_MISMATCH_MESSAGE } from './secret-access-error.js';
import type { TestUserKeys } from './testing/test-user-keys.js';
import { makeTestUserKeys } from './testing/test-user-keys.js';

// `me` signs in; bob and carol are colleagues, bobAfterReset and carolAfterReset their keys after an admin reset.
let me: TestUserKeys;
let bob: TestUserKeys;
let carol: TestUserKeys;
let bobAfterReset: TestUserKeys;
let carolAfterReset: TestUserKeys;

beforeAll(async () => {
  [me, bob, carol, bobAfterReset, carolAfterReset] = await Promise.all([
    makeTestUserKeys('u-me'),
    makeTestUserKeys('u-bob'),
    makeTestUserKeys('u-carol'),
    makeTestUserKeys('u-bob'),
    makeTestUserKeys('u-carol'),
  ]);
}, 60_000);

const draft = {
  vaultId: 'c-1',
  name: 'Mail',
  category: 'password' as const,
  payload: { username: 'me', password: 'pw-123456', url: '', note: '' },
  strength: 4,
  formFill: false,
  hidden: false,
};

// Each test signs in as its own user id with the same key pair, so pins of one test never meet another's.
let nextCaller = 0;
async function signIn(): Promise<string> {
  nextCaller += 1;
  await savePrivateKey(me.privateKey);
  render(createElement(ModalHost));
  return `u-me-${nextCaller}`;
}

const keys = (...entries: [string, TestUserKeys][]) => ({
  body: { items: entries.map(([userId, keys]) => ({ user_id: userId, public_key: keys.publicKey })) },
});

function serveChest(readers: ReturnType<typeof keys>): FetchCall[] {
  return mockFetch({
    'GET /api/v1/vaults/c-1/public_keys.json': readers,
    'POST /api/v1/secrets.json': (call) => ({ status: 201, body: JSON.parse(String(call.init.body)).secret }),
  });
}

const posts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'POST');

// Answers the 'Security warning' modal; gives back its text.
async function answerWarning(button: 'Cancel' | 'Share anyway'): Promise<string> {
  const dialog = await screen.findByRole('dialog', { name: 'Security warning' });
  const text = dialog.textContent ?? '';
  await userEvent.click(screen.getByRole('button', { name: button }));
  return text;
}

describe('public key pinning when wrapping for readers', () => {
  it('pins a colleague on first use and shares silently while the key stays the same', async () => {
    const caller = await signIn();
    let calls = serveChest(keys([caller, me], ['u-bob', bob]));
    await createEncryptedSecret(draft, caller);
    expect(posts(calls)).toHaveLength(1);
    expect(await loadPin(caller, 'u-bob')).toBe(await publicKeyFingerprint(bob.publicKey));
    expect(await loadPin(caller, caller)).toBe(await publicKeyFingerprint(me.publicKey));

    calls = serveChest(keys([caller, me], ['u-bob', bob]));
    await createEncryptedSecret(draft, caller);
    expect(posts(calls)).toHaveLength(1);
    expect(modalStore.get()).toHaveLength(0);
  }, 30_000);

  it('pins against the passed user id without fetching the profile', async () => {
    const caller = await signIn();
    const calls = serveChest(keys([caller, me], ['u-bob', bob]));
    await createEncryptedSecret(draft, caller);
    expect(posts(calls)).toHaveLength(1);
    expect(calls.some((call) => call.path.includes('/profile'))).toBe(false);
    expect(await loadPin(caller, 'u-bob')).toBe(await publicKeyFingerprint(bob.publicKey));
  }, 30_000);

  it('warns before wrapping for a changed key, and Cancel sends nothing', async () => {
    const caller = await signIn();
    serveChest(keys([caller, me], ['u-bob', bob]));
    await createEncryptedSecret(draft, caller);

    const calls = serveChest(keys([caller, me], ['u-bob', bobAfterReset]));
    const saving = createEncryptedSecret(draft, caller);
    const outcome = expect(saving).rejects.toMatchObject({
      kind: 'key-changed',
      message: KEY_CHANGE_CANCELLED_MESSAGE,
    });
    const warning = await answerWarning('Cancel');
    await outcome;
    expect(warning).toContain('The encryption key of u-bob has changed since you last shared');
    expect(warning).toContain(await publicKeyFingerprint(bobAfterReset.publicKey));
    expect(posts(calls)).toHaveLength(0);
    expect(await loadPin(caller, 'u-bob')).toBe(await publicKeyFingerprint(bob.publicKey));
  }, 30_000);

  it('moves nothing when the warning is cancelled', async () => {
    const caller = await signIn();
    const created = serveChest(keys([caller, me], ['u-bob', bob]));
    const { id } = await createEncryptedSecret(draft, caller);
    const stored = JSON.parse(String(posts(created)[0]?.init.body)).secret;
    const own = stored.secret_keys_attributes.find((key: { user_id: string }) => key.user_id === caller);

    const calls = mockFetch({
      [`GET /api/v1/secrets/${id}.json`]: { body: { ...stored, secret_key: own } },
      'GET /api/v1/vaults/c-2/public_keys.json': keys([caller, me], ['u-bob', bobAfterReset]),
      [`PUT /api/v1/secrets/${id}.json`]: { body: {} },
    });
    const moving = moveEncryptedSecret(id, 'c-2', caller);
    const outcome = expect(moving).rejects.toMatchObject({ kind: 'key-changed' });
    await answerWarning('Cancel');
    await outcome;
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  }, 30_000);

  it('shares anyway when the user says so, for the new key, and re-pins it', async () => {
    const caller = await signIn();
    serveChest(keys([caller, me], ['u-bob', bob]));
    await createEncryptedSecret(draft, caller);

    const calls = serveChest(keys([caller, me], ['u-bob', bobAfterReset]));
    const saving = createEncryptedSecret(draft, caller);
    await answerWarning('Share anyway');
    const saved = await saving;
    const sent = JSON.parse(String(posts(calls)[0]?.init.body)).secret;
    const forBob = sent.secret_keys_attributes.find((key: { user_id: string }) => key.user_id === 'u-bob');
    const place = { secretId: saved.id, userId: 'u-bob' };
    await expect(
      unwrapSecretKey(forBob.encrypted_value, bobAfterReset.privateKey, place),
    ).resolves.toHaveLength(32);
    expect(await loadPin(caller, 'u-bob')).toBe(await publicKeyFingerprint(bobAfterReset.publicKey));

    const again = serveChest(keys([caller, me], ['u-bob', bobAfterReset]));
    await createEncryptedSecret(draft, caller);
    expect(posts(again)).toHaveLength(1);
  }, 30_000);

  it("refuses when the server lists another public key for the caller's own account", async () => {
    const caller = await signIn();
    const calls = serveChest(keys([caller, bob], ['u-bob', bob]));
    await expect(createEncryptedSecret(draft, caller)).rejects.toMatchObject({
      kind: 'key-changed',
      message: OWN_KEY_MISMATCH_MESSAGE,
    });
    expect(posts(calls)).toHaveLength(0);
    expect(modalStore.get()).toHaveLength(0);
  }, 30_000);
});

describe('public key pinning when resharing', () => {
  function serveMissing(pairs: [string, TestUserKeys][]): FetchCall[] {
    return mockFetch({
      'GET /api/v1/secret_keys/reshare_all.json': {
        body: {
          keyshare: pairs.map(([secretId, user]) => ({
            secret_id: secretId,
            user_id: user.userId,
            public_key: user.publicKey,
            encrypted_value: 'AAAA',
          })),
          total: pairs.length,
        },
      },
      'POST /api/v1/secret_keys/reshare.json': { body: { count: 0 } },
    });
  }

  it('asks once, listing every changed colleague, and Cancel delivers nothing', async () => {
    const caller = await signIn();
    serveMissing([
      ['s-1', bob],
      ['s-1', carol],
    ]);
    await reshareMissingKeys(caller);
    expect(await loadPin(caller, 'u-carol')).toBe(await publicKeyFingerprint(carol.publicKey));

    const calls = serveMissing([
      ['s-2', bobAfterReset],
      ['s-3', bobAfterReset],
      ['s-2', carolAfterReset],
    ]);
    const resharing = reshareMissingKeys(caller);
    const outcome = expect(resharing).rejects.toMatchObject({ kind: 'key-changed' });
    const warning = await answerWarning('Cancel');
    await outcome;
    expect(warning).toContain('The encryption keys of u-bob, u-carol have changed');
    expect(warning).toContain(await publicKeyFingerprint(carolAfterReset.publicKey));
    expect(screen.queryAllByRole('dialog')).toHaveLength(0);
    expect(posts(calls)).toHaveLength(0);
  }, 30_000);
});
