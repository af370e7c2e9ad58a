import { fingerprintWords, publicKeyFingerprint } from '@coffer/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OWN_KEY_ALARM_TEXT } from '../../components/key-trust/own-key-alarm.js';
import { makeTestUserKeys, type TestUserKeys } from '../../crypto-client/testing/test-user-keys.js';
import { deletePrivateKey, savePrivateKey } from '../../keys/key-store.js';
import { KeyFingerprintRow } from './key-fingerprint-row.js';

let me: TestUserKeys;
let mallory: TestUserKeys;
beforeAll(async () => {
  [me, mallory] = await Promise.all([makeTestUserKeys('u-me'), makeTestUserKeys('u-mallory')]);
}, 90_000);
afterEach(() => deletePrivateKey());

function renderRow(publicKey: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <KeyFingerprintRow owner={{ id: 'u-me', public_key: publicKey }} />
    </QueryClientProvider>,
  );
}

// Review R18 (PoC 5, inverted): the row once showed the fingerprint of whatever key the server listed.
describe('KeyFingerprintRow', () => {
  it('shows the fingerprint of the listed key once it is proven to be the unlocked private key’s', async () => {
    await savePrivateKey(me.privateKey);
    renderRow(me.publicKey);
    const shown = await screen.findByTestId('key-fingerprint');
    const fingerprint = await publicKeyFingerprint(me.publicKey);
    expect(within(shown).getByTestId('fingerprint-hex').textContent).toBe(fingerprint);
    expect(within(shown).getByTestId('fingerprint-words').textContent).toBe(
      fingerprintWords(fingerprint).join(' '),
    );
  });

  it("shows no fingerprint but the alarm's words when the server lists another key as the user's own", async () => {
    await savePrivateKey(me.privateKey);
    renderRow(mallory.publicKey);
    expect((await screen.findByRole('alert')).textContent).toBe(OWN_KEY_ALARM_TEXT.noFingerprint);
    expect(screen.queryByTestId('key-fingerprint')).toBeNull();
    expect(document.body.textContent).not.toContain(await publicKeyFingerprint(mallory.publicKey));
  });
});
