import type { TrustState } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { verifiedLog } from '../test/verified-log.js';
import { isLogAdministrator } from './log-administrator.js';
import type { TrustLogView } from './trust-log-store.js';

const user = (id: string, admin: boolean, active = true) => ({
  id,
  email: `${id}@office.test`,
  publicKey: 'k',
  fingerprint: 'f',
  keyOrigin: 'confirmed' as const,
  admin,
  active,
});

function viewWith(users: ReturnType<typeof user>[] | null, synced = true): TrustLogView {
  const state = users
    ? ({
        org: 'o',
        name: 'Office',
        owner: 'u-owner',
        seq: 3,
        head: 'h',
        users: new Map(users.map((u) => [u.id, u])),
        teams: new Map(),
        chests: new Map(),
      } as TrustState)
    : null;
  return {
    synced,
    alarm: null,
    confirmGenesis: null,
    sync: null,
    userId: null,
    log: state ? verifiedLog(state) : null,
  };
}

describe('isLogAdministrator', () => {
  it('follows the profile while the organisation has no log, and waits for the first sync', () => {
    expect(isLogAdministrator(viewWith(null), 'u-1', true)).toBe(true);
    expect(isLogAdministrator(viewWith(null), 'u-1', false)).toBe(false);
    expect(isLogAdministrator(viewWith(null, false), 'u-1', true)).toBe(false);
  });

  it('follows the verified log once there is one, whatever the profile says', () => {
    const log = viewWith([user('u-admin', true), user('u-member', false), user('u-gone', true, false)]);
    expect(isLogAdministrator(log, 'u-admin', false)).toBe(true);
    expect(isLogAdministrator(log, 'u-member', true)).toBe(false);
    expect(isLogAdministrator(log, 'u-gone', true)).toBe(false);
    expect(isLogAdministrator(log, 'u-unknown', true)).toBe(false);
  });

  it('says no while the trust log is in alarm', () => {
    const view = { ...viewWith(null), alarm: { kind: 'rollback' as const, message: 'm' } };
    expect(isLogAdministrator(view, 'u-1', true)).toBe(false);
  });
});
