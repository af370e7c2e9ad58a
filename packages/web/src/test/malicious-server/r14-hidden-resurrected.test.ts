import type { Secret } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { changeSecretLifecycle } from '../../crypto-client/mark-secret.js';
import { openSecretRecord } from '../../crypto-client/open-secret-record.js';
import { isSecretAccessError } from '../../crypto-client/secret-access-error.js';
import { createEvilServer } from '../evil-server/evil-server.js';
import type { StoredSecret } from '../evil-server/honest-model.js';

// R14, hiding, dropping, duplicating or resurrecting secrets. Lists, totals and `deleted` are the
// server's word; it brings back a secret the user marked for deletion as if it were live.
// Before part II: opened and shown as live; nothing recorded the deletion. Resisted since part II
// (signed headers): marking for deletion is a signed revision with `deleted: true`, so the live copy
// served instead is either that revision with its flag flipped (it differs from its header) or the
// revision before it (older than the one this browser saw): refused either way. (A secret the server
// omits is accepted as an availability fault: no manifest is planned.)
async function markedVpn() {
  const evil = createEvilServer();
  const ada = await evil.user('Ada', { administrator: true });
  const me = await evil.signIn(ada);
  await evil.signedLog(ada);
  const secret = await evil.secret({ chest: evil.chest('Servers'), name: 'Old VPN', author: ada });
  const live: StoredSecret = evil.snapshot(secret.id);
  const saved = await changeSecretLifecycle(secret.id, me, true);
  return { evil, me, secret, live, saved };
}

describe('R14 resurrected secrets', () => {
  it('marks for deletion by a signed revision the server stores as marked', async () => {
    const { evil, secret, saved } = await markedVpn();
    expect(saved?.revision).toBe(2);
    const stored = evil.model.secrets.get(secret.id);
    expect(stored?.deleted_at).not.toBeNull();
    expect(stored?.signed_header?.header).toMatchObject({ rev: 2, deleted: true });
    await evil.verify();
  }, 30_000);

  it('resisted: the marked revision served as live is refused', async () => {
    const { evil, me, secret } = await markedVpn();
    evil.tamper<Secret>('GET /api/v1/secrets/:id.json', (_request, honest) => ({
      body: { ...honest.body, deleted_at: null, marked_for_deletion: false },
    }));
    const error = await openSecretRecord(secret.id, me).catch((caught: unknown) => caught);
    expect(isSecretAccessError(error, 'integrity')).toBe(true);
    expect((error as Error).message).toContain('in: deleted.');
  }, 30_000);

  it('resisted: the live revision before the mark, replayed, is refused as older', async () => {
    const { evil, me, secret, live } = await markedVpn();
    evil.tamper<Secret>('GET /api/v1/secrets/:id.json', () => ({ body: evil.present(live) }));
    const error = await openSecretRecord(secret.id, me).catch((caught: unknown) => caught);
    expect(isSecretAccessError(error, 'rollback')).toBe(true);
  }, 30_000);

  it('a restore is a signed revision too, and the restored secret opens as live', async () => {
    const { evil, me, secret } = await markedVpn();
    const restored = await changeSecretLifecycle(secret.id, me, false);
    expect(restored?.revision).toBe(3);
    const opened = await openSecretRecord(secret.id, me);
    expect(opened.secret.marked_for_deletion).toBe(false);
    expect(opened.header.verified && opened.header.header).toMatchObject({ rev: 3, deleted: false });
    await evil.verify();
  }, 30_000);

  it('a secret marked without a signed revision (an import undone) opens, and is restored by one', async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const me = await evil.signIn(ada);
    await evil.signedLog(ada);
    const secret = await evil.secret({ chest: evil.chest('Imported'), name: 'Router', author: ada });
    expect((await openSecretRecord(secret.id, me)).header.verified).toBe(true);
    const stored = evil.model.secrets.get(secret.id);
    if (stored) stored.deleted_at = new Date().toISOString();
    const marked = await openSecretRecord(secret.id, me);
    expect(marked.header.verified).toBe(true);
    expect(marked.secret.marked_for_deletion).toBe(true);
    expect(await changeSecretLifecycle(secret.id, me, false)).toMatchObject({ revision: 2 });
    expect(evil.model.secrets.get(secret.id)?.deleted_at).toBeNull();
    await evil.verify();
  }, 30_000);
});
