import { describe, expect, it } from 'vitest';
import { clearSession } from '../lib/clear-session.js';
import { createEvilServer } from '../test/evil-server/evil-server.js';
import { resetTrustLogView } from '../trust-log/trust-log-store.js';
import { openSecretRecord } from './open-secret-record.js';
import { BACKGROUND_GAP_MS, pollSigningOlder, signOlderStore } from './sign-older-runner.js';
import { SIGN_OLDER_NEEDS_ADMINISTRATOR, signOlderSecrets } from './sign-older-secrets.js';

// Issue 30: an administrator signs the secrets saved before the organisation record, each saved again
// as its next revision under a fresh key with a header every reader verifies.

async function organisationWithOlderSecrets() {
  const evil = createEvilServer();
  const ada = await evil.user('Ada', { administrator: true });
  const bob = await evil.user('Bob');
  const ops = evil.chest('Operations', { teams: [evil.team('Ops', [ada, bob])] });
  // Saved before the record: no header.
  const older = [
    await evil.secret({ chest: ops, name: 'Router' }),
    await evil.secret({ chest: ops, name: 'Board minutes', hidden: true }),
  ];
  const me = await evil.signIn(ada);
  await evil.signedLog(ada);
  // Saved under the record: signed already, left as it is.
  const signed = await evil.secret({ chest: ops, name: 'Printer', author: ada });
  return { evil, ada, bob, me, older, signed };
}

describe('signOlderSecrets', () => {
  it('signs every secret without a header, once each, and leaves the signed ones alone', async () => {
    const { evil, bob, me, older, signed } = await organisationWithOlderSecrets();
    const heard: number[] = [];
    const result = await signOlderSecrets(me, { onProgress: (progress) => heard.push(progress.checked) });
    expect(result).toEqual({ total: 2, checked: 2, signed: 2, skipped: 0 });
    expect(heard.at(-1)).toBe(2);
    for (const secret of older) {
      const opened = await openSecretRecord(secret.id, me);
      expect(opened.secret.revision).toBe(2);
      expect(opened.header.verified).toBe(true);
    }
    expect(evil.model.secrets.get(signed.id)?.revision).toBe(1);
    // The hidden one is still wrapped for administrators alone.
    expect(evil.model.secrets.get(older[1]?.id as string)?.keys.has(bob.id)).toBe(false);
    await evil.verify();
  }, 30_000);

  it('stops between secrets when cancelled, keeping what it signed', async () => {
    const { me } = await organisationWithOlderSecrets();
    const controller = new AbortController();
    controller.abort();
    await expect(signOlderSecrets(me, { signal: controller.signal })).rejects.toThrow();
  }, 30_000);

  it('runs only for an administrator the verified log names', async () => {
    const { evil, bob } = await organisationWithOlderSecrets();
    const asBob = await evil.signIn(bob);
    await expect(signOlderSecrets(asBob)).rejects.toThrow(SIGN_OLDER_NEEDS_ADMINISTRATOR);
    resetTrustLogView();
    await expect(signOlderSecrets(asBob)).rejects.toThrow(SIGN_OLDER_NEEDS_ADMINISTRATOR);
  }, 30_000);

  it('runs in the background for an administrator of the log, then not again within the gap', async () => {
    const { evil, me } = await organisationWithOlderSecrets();
    const asked = () => evil.calls.filter((call) => call.path.startsWith('/api/v1/secrets/unsigned')).length;
    await pollSigningOlder(me, 1_000_000);
    expect(signOlderStore.get()).toMatchObject({ running: false, manual: false, progress: { signed: 2 } });
    const before = asked();
    await pollSigningOlder(me, 1_000_000 + BACKGROUND_GAP_MS - 1);
    expect(asked()).toBe(before);
    await pollSigningOlder(me, 1_000_000 + BACKGROUND_GAP_MS);
    expect(asked()).toBe(before + 1);
    expect(signOlderStore.get().progress).toMatchObject({ total: 0, signed: 0 });
    clearSession();
  }, 30_000);
});
