import type { Organisation, Profile } from '@coffer/core';
import type { FakeAnswer, FetchCall } from '../../../test/mock-fetch.js';
import { mockFetch } from '../../../test/mock-fetch.js';
import { buildProfile } from '../../../test/profile-fixture.js';
import { userRow } from '../../../test/user-row-fixture.js';

export { userRow };

/** The organisation the settings tests start with; u-1 (the default profile) owns it. */
export function buildOrganisation(overrides: Partial<Organisation> = {}): Organisation {
  return { id: 'o-1', name: 'Acme Ltd', inactivity_length: 10, owner_id: 'u-1', ...overrides };
}

/** What the fake server holds for a settings test; `extra` adds or overrides routes. */
export interface SettingsServer {
  profile?: Partial<Profile>;
  organisation?: Partial<Organisation> | (() => FakeAnswer | Promise<FakeAnswer>);
  extra?: Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer | Promise<FakeAnswer>)>;
}

/** Signs an administrator (the owner, unless told otherwise) in and fakes the settings' calls. */
export function serveSettings(server: SettingsServer = {}): FetchCall[] {
  localStorage.setItem('token', 'tok');
  const organisation = server.organisation;
  return mockFetch({
    'GET /api/v1/profile.json': { body: buildProfile({ administrator: true, ...server.profile }) },
    'GET /api/v1/organisation.json':
      typeof organisation === 'function' ? organisation : { body: buildOrganisation(organisation) },
    'GET /api/v1/secret_keys/reshare_all.json': { body: { keyshare: [], total: 0 } },
    'GET /api/v1/audit_log_entries.json': { body: { items: [], total: 0 } },
    ...server.extra,
  });
}

/** The JSON body a call sent. */
export function bodyOf(call: FetchCall | undefined): unknown {
  return call ? JSON.parse(String(call.init.body)) : undefined;
}
