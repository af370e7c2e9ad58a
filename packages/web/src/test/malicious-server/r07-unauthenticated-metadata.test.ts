import type { Secret } from '@coffer/core';
import { describe, expect, it, vi } from 'vitest';
import { moveEncryptedSecret } from '../../crypto-client/move-secret.js';
import { openSecretRecord } from '../../crypto-client/open-secret-record.js';
import type { ConfirmPeople } from '../../crypto-client/people-to-confirm.js';
import { isSecretAccessError, UNSIGNED_AGAIN_MESSAGE } from '../../crypto-client/secret-access-error.js';
import { createEvilServer } from '../evil-server/evil-server.js';

// R7, unauthenticated metadata. Name, category, chest, hidden and deleted travel in clear; the server
// flips `hidden` off on a secret only administrators may read, or renames it.
// Before part II: shown as served, and a move chose its readers from the served `hidden`, so the
// secret's key was wrapped for the members of the chest it joined (review §1, R7). Resisted since part
// II (signed secret headers, suite 2): every revision's metadata is signed by its author, so the
// served record differs from its header and nothing is shown, moved or wrapped; and a revision this
// browser saw signed is refused when served again without its header. (Residual: a suite-1 secret
// this browser never saw signed can still be served with changed metadata; the re-save of suite-1
// secrets closes it.)
async function hiddenMinutes() {
  const evil = createEvilServer();
  const ada = await evil.user('Ada', { administrator: true });
  const bob = await evil.user('Bob');
  const board = evil.chest('Board');
  const ops = evil.chest('Operations', { teams: [evil.team('Ops', [bob])] });
  const me = await evil.signIn(ada);
  await evil.trust(bob);
  await evil.signedLog(ada);
  const minutes = await evil.secret({ chest: board, name: 'Board minutes', hidden: true, author: ada });
  return { evil, bob, ops, me, minutes };
}

describe('R7 unauthenticated metadata', () => {
  it('resisted: a hidden secret the server shows as not hidden is not moved, and never reaches members', async () => {
    const { evil, bob, ops, me, minutes } = await hiddenMinutes();
    evil.tamper<Secret>('GET /api/v1/secrets/:id.json', (_request, honest) => ({
      body: { ...honest.body, hidden: false },
    }));
    const neverAsked = vi.fn<ConfirmPeople>(async () => []);
    const error = await moveEncryptedSecret(minutes.id, ops.id, me, { confirm: neverAsked }).catch(
      (caught: unknown) => caught,
    );
    expect(isSecretAccessError(error, 'integrity')).toBe(true);
    expect((error as Error).message).toContain('differs from its signed header in: hidden');
    expect(evil.model.secrets.get(minutes.id)?.vault_id).not.toBe(ops.id);
    expect(evil.model.secrets.get(minutes.id)?.keys.has(bob.id)).toBe(false);
    expect(neverAsked).not.toHaveBeenCalled();
    await evil.verify();
  }, 30_000);

  it('resisted: a renamed secret is not opened, and the refusal names the field, never the value', async () => {
    const { evil, me, minutes } = await hiddenMinutes();
    evil.tamper<Secret>('GET /api/v1/secrets/:id.json', (_request, honest) => ({
      body: { ...honest.body, name: 'Quarterly report' },
    }));
    const error = await openSecretRecord(minutes.id, me).catch((caught: unknown) => caught);
    expect(isSecretAccessError(error, 'integrity')).toBe(true);
    expect((error as Error).message).toContain('in: name.');
    expect((error as Error).message).not.toContain('Quarterly');
    expect((error as Error).message).not.toContain('Board minutes');
  }, 30_000);

  it('resisted: a signed secret seen once, served again without its header and unhidden, is refused', async () => {
    const { evil, bob, ops, me, minutes } = await hiddenMinutes();
    expect((await openSecretRecord(minutes.id, me)).header.verified).toBe(true);
    evil.tamper<Secret>('GET /api/v1/secrets/:id.json', (_request, honest) => ({
      body: { ...honest.body, hidden: false, signed_header: null },
    }));
    const error = await moveEncryptedSecret(minutes.id, ops.id, me).catch((caught: unknown) => caught);
    expect(isSecretAccessError(error, 'integrity')).toBe(true);
    expect((error as Error).message).toBe(UNSIGNED_AGAIN_MESSAGE);
    expect(evil.model.secrets.get(minutes.id)?.keys.has(bob.id)).toBe(false);
    await evil.verify();
  }, 30_000);

  it('the untampered secret opens, verified, as its author signed it', async () => {
    const { me, minutes } = await hiddenMinutes();
    const opened = await openSecretRecord(minutes.id, me);
    expect(opened.header.verified).toBe(true);
    expect(opened.header.verified && opened.header.header.name).toBe('Board minutes');
  }, 30_000);
});
