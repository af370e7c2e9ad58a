import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../lib/clear-session.js';
import { createEvilServer } from '../../test/evil-server/evil-server.js';
import { SIGN_OLDER_TEXT, SignOlderSecretsPart } from './sign-older-secrets-row.js';

// Account Settings: an administrator of the organisation record signs the secrets saved before it, and
// sees the outcome; anyone else sees nothing of it.

afterEach(clearSession);

async function organisation() {
  const evil = createEvilServer();
  const ada = await evil.user('Ada', { administrator: true });
  const bob = await evil.user('Bob');
  const ops = evil.chest('Operations', { teams: [evil.team('Ops', [ada, bob])] });
  await evil.secret({ chest: ops, name: 'Router' });
  await evil.secret({ chest: ops, name: 'Printer' });
  return { evil, ada, bob };
}

describe('SignOlderSecretsPart', () => {
  it('signs the older secrets when the administrator asks, and says how it went', async () => {
    const { evil, ada } = await organisation();
    const me = await evil.signIn(ada);
    await evil.signedLog(ada);
    render(<SignOlderSecretsPart userId={me} />);
    expect(screen.getByText(SIGN_OLDER_TEXT.hint)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: SIGN_OLDER_TEXT.start }));
    expect((await screen.findByText(SIGN_OLDER_TEXT.done(2, 0))).getAttribute('role')).toBe('status');
    await evil.verify();
  }, 30_000);

  it('is not there for a member, nor before the organisation has a record', async () => {
    const { evil, ada, bob } = await organisation();
    const asBob = await evil.signIn(bob);
    const { container, rerender } = render(<SignOlderSecretsPart userId={asBob} />);
    expect(container.textContent).toBe('');
    await evil.signedLog(ada);
    rerender(<SignOlderSecretsPart userId={asBob} />);
    expect(container.textContent).toBe('');
  }, 30_000);
});
