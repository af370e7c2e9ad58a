import type { Secret } from '@coffer/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SecretViewer } from '../../components/secrets/secret-viewer.js';
import { openSecretRecord } from '../../crypto-client/open-secret-record.js';
import { INTEGRITY_ERROR_MESSAGE } from '../../crypto-client/secret-access-error.js';
import { createEvilServer } from '../evil-server/evil-server.js';

// R4, field swap and the icon-URL oracle. The server swaps encrypted fields between secrets, hoping the
// app decrypts one secret's data as another's, or shows a secret's address where the browser fetches
// it (an icon), which would send the address, or a swapped password, to the attacker's host.
// Now: resisted. One AEAD blob per secret, bound to its id and revision, and the app never fetches
// anything from a payload's address → after: the same.
describe('R4 field swap and the icon-URL oracle', () => {
  it("another secret's encrypted data served under this secret is an integrity error", async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const chest = evil.chest('Servers');
    const mail = await evil.secret({ chest, name: 'Mail' });
    const bank = await evil.secret({
      chest,
      name: 'Bank',
      payload: { username: 'ada', password: 'bank-pw', url: '', note: '' },
    });
    const me = await evil.signIn(ada);
    const other = evil.present(evil.snapshot(bank.id), me);
    evil.tamper<Secret>('GET /api/v1/secrets/:id.json', (request, honest) =>
      request.params.id === mail.id
        ? {
            body: {
              ...honest.body,
              encrypted_data: other.encrypted_data,
              encryption_iv: other.encryption_iv,
            },
          }
        : {},
    );
    await expect(openSecretRecord(mail.id, me)).rejects.toMatchObject({
      kind: 'integrity',
      message: INTEGRITY_ERROR_MESSAGE,
    });
  }, 30_000);

  it("showing a secret fetches nothing from its address's host", async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const url = 'https://evil.example/login?user=ada';
    const secret = await evil.secret({
      chest: evil.chest('Servers'),
      name: 'Mail',
      payload: { username: 'ada', password: 'S3cret-Pa55!', url, note: '' },
    });
    const me = await evil.signIn(ada);
    render(<SecretViewer secretId={secret.id} userId={me} onClose={vi.fn()} />);
    expect(await screen.findByText(url)).toBeTruthy();
    expect(evil.calls.filter((call) => call.host !== 'localhost')).toEqual([]);
    for (const element of document.querySelectorAll('[src], [href], [srcset]'))
      expect(element.outerHTML).not.toContain('evil.example');
  }, 30_000);
});
