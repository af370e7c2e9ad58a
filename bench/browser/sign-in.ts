// Signing in inside a bench page exactly as the login screen does, shared by every browser bench.

import { setToken } from '@coffer/web-src/api/token-store.js';
import { requirePrivateKey } from '@coffer/web-src/crypto-client/private-key.js';
import { completeSignIn, proveCredentials } from '@coffer/web-src/pages/login/sign-in-flow.js';

/** Signs in as the login screen does: the user's id and their unlocked private key. */
export async function signInAsTheApp(
  email: string,
  password: string,
): Promise<{ userId: string; privateKey: CryptoKey }> {
  const proved = await proveCredentials(email, password);
  if (!proved.ok) throw new Error(`sign-in failed: ${proved.reason}`);
  const result = await completeSignIn(proved.pending);
  if (!result.ok) throw new Error(`sign-in failed: ${result.reason}`);
  setToken(result.token);
  return { userId: result.profile.id, privateKey: await requirePrivateKey() };
}
