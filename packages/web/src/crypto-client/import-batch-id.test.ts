import { describe, expect, it } from 'vitest';
import { createEvilServer, draftIn } from '../test/evil-server/evil-server.js';
import { createEncryptedSecret, updateEncryptedSecret } from './save-secret.js';

// Issue 28: a secret the import wizard creates names its batch on creation; later revisions do not.
describe('the import batch of a created secret', () => {
  it('is sent as import_batch_id with the creation only', async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const chest = evil.chest('Imported', { teams: [evil.team('Ops', [ada])] });
    const me = await evil.signIn(ada);
    const saved = await createEncryptedSecret(draftIn(chest, { importBatchId: 'batch-7' }), me);
    await updateEncryptedSecret(
      { id: saved.id, baseRevision: 1 },
      draftIn(chest, { importBatchId: 'batch-7' }),
      me,
    );
    const bodies = evil.calls
      .filter((call) => call.path.startsWith('/api/v1/secrets') && call.method !== 'GET')
      .map((call) => ({ method: call.method, secret: JSON.parse(String(call.init.body)).secret }));
    expect(bodies.map((body) => [body.method, body.secret.import_batch_id])).toEqual([
      ['POST', 'batch-7'],
      ['PUT', undefined],
    ]);
    await evil.verify();
  }, 30_000);

  it('is left out when the secret is not imported', async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const chest = evil.chest('Servers', { teams: [evil.team('Ops', [ada])] });
    const me = await evil.signIn(ada);
    await createEncryptedSecret(draftIn(chest), me);
    const post = evil.calls.find((call) => call.method === 'POST' && call.path.startsWith('/api/v1/secrets'));
    expect(JSON.parse(String(post?.init.body)).secret).not.toHaveProperty('import_batch_id');
  }, 30_000);
});
