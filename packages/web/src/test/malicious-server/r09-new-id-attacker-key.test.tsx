import type { PublicKeysResponse } from '@coffer/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lookUpPeople } from '../../components/key-trust/people-directory.js';
import { PersonIdentity } from '../../components/key-trust/person-identity.js';
import type { PersonToConfirm } from '../../crypto-client/people-to-confirm.js';
import { createEncryptedSecret } from '../../crypto-client/save-secret.js';
import { confirmingNobody } from '../../crypto-client/testing/confirm-answers.js';
import { listTrust } from '../../keys/key-trust.js';
import { createEvilServer, draftIn } from '../evil-server/evil-server.js';
import { refused } from '../evil-server/forgeries.js';

// R9, key substitution for a user never seen: the server adds an account of its own, with its key, as a
// reader, under the name and e-mail of Bob, whom the administrator confirmed under his real account.
// Now: resisted as far as part I goes. Nothing is wrapped for an id this browser never trusted without a
// click, and the person asked about is flagged: "uses the e-mail of Bob, whom you confirmed under another
// account" (the trust record keeps the e-mail confirmed). The fingerprint comparison rests on R18's proven
// own fingerprint → after (part II): the id is not in the signed log, so it is refused outright.
describe('R9 a new id with the attacker’s key', () => {
  it('is asked about, never wrapped for silently, and shown as using a trusted person’s e-mail', async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const bob = await evil.user('Bob');
    const chest = evil.chest('Servers', { teams: [evil.team('Ops', [ada, bob])] });
    const me = await evil.signIn(ada);
    await evil.trust(bob);
    // A look-alike name (the harness makes ids from names) and Bob's very e-mail.
    const fakeBob = await evil.impostor('Bob B.', { email: bob.email });
    evil.tamper<PublicKeysResponse>('GET /api/v1/vaults/:id/public_keys.json', (_request, honest) => ({
      body: {
        items: [...(honest.body?.items ?? []), { user_id: fakeBob.id, public_key: fakeBob.publicKey }],
      },
    }));
    const confirm = confirmingNobody();
    await createEncryptedSecret(draftIn(chest), me, { confirm }).catch(refused);
    expect(confirm).toHaveBeenCalledTimes(1);
    const asked: readonly PersonToConfirm[] = confirm.mock.calls[0]?.[0] ?? [];
    expect(asked).toEqual([expect.objectContaining({ userId: fakeBob.id, reason: 'unconfirmed' })]);
    await evil.verify();

    // What the dialog shows for that person: the server's name and e-mail, against this browser's records.
    const names = await lookUpPeople([fakeBob.id]);
    const person = asked[0] as PersonToConfirm;
    render(<PersonIdentity person={person} name={names.get(fakeBob.id)} records={await listTrust(me)} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Bob B. uses the e-mail of Bob, whom you confirmed under another account.',
    );
  }, 30_000);
});
