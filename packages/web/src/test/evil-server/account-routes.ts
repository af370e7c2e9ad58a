import { DEFAULT_KDF_ITERATIONS } from '@coffer/core';
import { buildProfile } from '../profile-fixture.js';
import type { HarnessUser } from './honest-model.js';
import type { EvilRequest, HonestRoute } from './route-kit.js';
import { refuse } from './route-kit.js';

/** The account routes around the crypto: prelogin, two-step check, the profile, a colleague's record. */
export const accountRoutes: Record<string, HonestRoute> = {
  'POST /api/v1/prelogin': () => ({ status: 200, body: { kdf_iterations: DEFAULT_KDF_ITERATIONS } }),
  'POST /api/v1/two-factor-check': () => ({ status: 200, body: { '2faRequired': false, valid: true } }),
  'GET /api/v1/profile.json': (request: EvilRequest) => {
    const caller = request.caller;
    if (!caller) return refuse.unauthorized();
    return { status: 200, body: buildProfile({ ...identityOf(caller), public_key: caller.publicKey }) };
  },
  'GET /api/v1/users/:id.json': (request, { model }) => {
    if (!request.caller) return refuse.unauthorized();
    const user = model.users.get(request.params.id ?? '');
    if (!user) return refuse.notFound();
    // A colleague's record, as administrators read it: no sealed key material of theirs.
    const { encrypted_private_key, private_key_iv, kdf_iterations, ...record } = buildProfile(
      identityOf(user),
    );
    return { status: 200, body: { ...record, public_key: user.publicKey } };
  },
};

function identityOf(user: HarnessUser) {
  return { id: user.id, name: user.name, email: user.email, administrator: user.administrator };
}
