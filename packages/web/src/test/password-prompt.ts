import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { FakeAnswer, FetchCall } from './mock-fetch.js';

// SecureConfirm in screen tests. The test file mocks the derivation, as deriving at 600,000
// iterations is real work:
//   vi.mock('…/keys/account-rekey.js', () => ({
//     deriveCurrentKeys: vi.fn(async (_record: unknown, password: string) => ({ authHash: `hash:${password}` })),
//   }));
// so the auth hash sent is `hash:<password>`.

/** The password the fake server accepts. */
export const RIGHT_PASSWORD = 'my password';

/** The step-up's 403 (docs/security.md), as the server sends it. */
export const PASSWORD_AGAIN = 'Please enter your password again to continue.';

/** `POST /api/v1/users/verify_password.json`: valid only for RIGHT_PASSWORD's hash. */
export const verifyPasswordRoute = {
  'POST /api/v1/users/verify_password.json': (call: FetchCall): FakeAnswer => ({
    body: { valid: JSON.parse(String(call.init.body)).password === `hash:${RIGHT_PASSWORD}` },
  }),
};

/** Answers the step-up's 403 `times` times, then `then` (the server once the password is proven). */
export function refuseUntilProven(times: number, then: FakeAnswer | (() => FakeAnswer)) {
  let refused = 0;
  return (): FakeAnswer => {
    if (refused < times) {
      refused += 1;
      return { status: 403, body: { error: PASSWORD_AGAIN } };
    }
    return typeof then === 'function' ? then() : then;
  };
}

/**
 * Waits for a fresh SecureConfirm titled `title` (an empty, usable password field: not the previous
 * prompt still checking) and proves the password in it (Enter).
 */
export async function provePasswordIn(
  user: UserEvent,
  title: string,
  password: string = RIGHT_PASSWORD,
): Promise<void> {
  const field = await waitFor(() => {
    const dialog = screen.getByRole('dialog', { name: title });
    const input = within(dialog).getByLabelText<HTMLInputElement>('Password');
    if (input.value !== '' || input.disabled) throw new Error(`no fresh '${title}' prompt yet`);
    return input;
  });
  await user.type(field, `${password}{Enter}`);
}

/** The calls that prove the password, in order. */
export function passwordProofs(calls: readonly FetchCall[]): FetchCall[] {
  return calls.filter((call) => call.path === '/api/v1/users/verify_password.json');
}
