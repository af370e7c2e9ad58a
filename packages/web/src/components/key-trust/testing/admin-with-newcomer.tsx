import type { KeyShare, TrustLogItem } from '@coffer/core';
import { wrapSecretKey } from '@coffer/core';
import type { RouteObject } from 'react-router';
import { afterEach, beforeAll } from 'vitest';
import { reshareRunner } from '../../../crypto-client/reshare-runner.js';
import type { MissingKeysServer } from '../../../crypto-client/testing/missing-keys-server.js';
import { serveMissingKeys } from '../../../crypto-client/testing/missing-keys-server.js';
import type { TestUserKeys } from '../../../crypto-client/testing/test-user-keys.js';
import { makeTestUserKeys } from '../../../crypto-client/testing/test-user-keys.js';
import { savePrivateKey } from '../../../keys/key-store.js';
import { buildProfile } from '../../../test/profile-fixture.js';
import { renderApp } from '../../../test/render-app.js';
import { resetTrustLogView } from '../../../trust-log/trust-log-store.js';

/** The newcomer the server names, for the people directory (no user resource: found through teams). */
export const NEWCOMER = { id: 'u-nina', name: 'Nina Newcomer', email: 'nina@example.com' };

/** Missing pairs for `newcomer` of `count` secrets whose keys the administrator holds. */
export async function newcomerPairs(
  admin: TestUserKeys,
  adminId: string,
  newcomer: TestUserKeys,
  count: number,
): Promise<KeyShare[]> {
  const pairs: KeyShare[] = [];
  for (let index = 0; index < count; index += 1) {
    const secretId = `s-${index}`;
    const own = await wrapSecretKey(crypto.getRandomValues(new Uint8Array(32)), admin.publicKey, {
      secretId,
      userId: adminId,
    });
    pairs.push({
      secret_id: secretId,
      user_id: newcomer.userId,
      public_key: newcomer.publicKey,
      encrypted_value: own,
      vault_id: 'c-1',
      hidden: false,
    });
  }
  return pairs;
}

/**
 * Signs an administrator in (profile, private key in the key store) and renders the shell, with
 * `screen` at /, over a server whose missing keys are `pairs` (and whose trust log is `trustLog`, none by
 * default). Answers the server and the render.
 */
export async function renderAdminShell(
  admin: TestUserKeys,
  adminId: string,
  pairs: readonly KeyShare[],
  screen: RouteObject['element'] = null,
  administrator = true,
  trustLog: TrustLogItem[] = [],
): Promise<{ server: MissingKeysServer } & ReturnType<typeof renderApp>> {
  localStorage.setItem('token', 'token-1');
  resetTrustLogView();
  await savePrivateKey(admin.privateKey);
  const server = serveMissingKeys(pairs, 500, {
    'GET /api/v1/profile.json': {
      body: buildProfile({
        id: adminId,
        administrator,
        public_key: admin.publicKey,
        organisation: { id: 'org-1', name: 'Office' },
      }),
    },
    'GET /api/v1/teams.json': {
      body: { items: [{ id: 't-1', name: 'Crew', memberships: [{ user_id: NEWCOMER.id }] }], total: 1 },
    },
    // By default an organisation without a trust log, as every one is today: the profile says who
    // administers.
    'GET /api/v1/trust_log': {
      body: {
        items: trustLog,
        head: trustLog.length > 0 ? { seq: trustLog.length - 1, hash: trustLog.at(-1)?.hash } : null,
      },
    },
    'GET /api/v1/trust_log/checkpoint.json': { body: { seq: null, signed: null } },
    'GET /api/v1/teams/t-1.json': {
      body: {
        id: 't-1',
        name: 'Crew',
        members: [{ ...NEWCOMER, administrator: false, membership_id: 'm-1', edit_access: false }],
      },
    },
  });
  const view = renderApp('/', { signedIn: [{ path: '/', element: screen }] });
  return { server, ...view };
}

/** The keys of an administrator and of the newcomer, made once per test file. */
export interface AdminAndNewcomer {
  admin: TestUserKeys;
  nina: TestUserKeys;
  /** A fresh administrator id, so no test sees another's trust records. */
  newAdminId(): string;
}

/**
 * Registers a file's setup: both key pairs before the tests (RSA generation takes seconds), the
 * reshare runner reset after each. Read `admin` and `nina` inside the tests, once they exist.
 */
export function setUpAdminAndNewcomer(idPrefix: string): AdminAndNewcomer {
  let next = 0;
  const setup = {
    newAdminId: () => {
      next += 1;
      return `u-admin-${idPrefix}-${next}`;
    },
  } as AdminAndNewcomer;
  beforeAll(async () => {
    [setup.admin, setup.nina] = await Promise.all([
      makeTestUserKeys('u-admin'),
      makeTestUserKeys(NEWCOMER.id),
    ]);
  }, 60_000);
  afterEach(() => reshareRunner.reset());
  return setup;
}
