import { describe, expect, it, vi } from 'vitest';
import { openSecretRecord } from '../../crypto-client/open-secret-record.js';
import { revisionsStored } from '../../crypto-client/revision-memory.js';
import { olderRevisionMessage } from '../../crypto-client/secret-access-error.js';
import { loadPrivateKey } from '../../keys/key-store.js';
import { clearSession } from '../../lib/clear-session.js';
import { createEvilServer } from '../evil-server/evil-server.js';

// R13, rollback. The server serves revision 1 of a secret after Ada's browser opened revision 2,
// once she logged out, reloaded and signed in again (review, PoC 4).
// Now (before issue 25): the memory of revisions was a Map cleared with the session, so the old
// revision opened silently → after (issue 25, A3): the marks are kept per user in IndexedDB and an
// older revision is refused. A new browser starts from nothing (part II's sealed state, review T6).
describe('R13 rollback', () => {
  it('an older revision is refused after a logout, a reload and a new sign-in', async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const ops = evil.chest('Servers', { teams: [evil.team('Ops', [ada])] });
    const secret = await evil.secret({
      chest: ops,
      payload: { username: 'root', password: 'old', url: '', note: '' },
    });
    const first = evil.snapshot(secret.id);
    await evil.revise(secret.id, { username: 'root', password: 'rotated', url: '', note: '' });
    const me = await evil.signIn(ada);
    expect((await openSecretRecord(secret.id, me)).payload).toMatchObject({ password: 'rotated' });
    await revisionsStored();

    clearSession();
    await vi.waitFor(async () => expect(await loadPrivateKey()).toBeNull());
    vi.resetModules();
    const reloaded = await import('../../crypto-client/open-secret-record.js');
    await (await import('../../keys/key-store.js')).savePrivateKey(ada.privateKey);
    evil.tamper('GET /api/v1/secrets/:id.json', () => ({ body: evil.present(first) }));

    await expect(reloaded.openSecretRecord(secret.id, me)).rejects.toMatchObject({
      kind: 'rollback',
      message: olderRevisionMessage(1, 2),
    });
  }, 30_000);
});
