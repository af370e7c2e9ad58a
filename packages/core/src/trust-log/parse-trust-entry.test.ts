import { describe, expect, it } from 'vitest';
import { parseSignedTrustEntry } from './parse-trust-entry.js';
import { isTrustLogError } from './trust-log-error.js';
import vectorJson from './vectors/trust-log-v1.json' with { type: 'json' };

const [genesis, admit] = vectorJson.log as [(typeof vectorJson.log)[0], (typeof vectorJson.log)[0]];
const signed = { entry: admit.entry, sig: admit.sig };
const withEntry = (change: Record<string, unknown>) => ({ ...signed, entry: { ...signed.entry, ...change } });
const withBody = (change: Record<string, unknown>) =>
  withEntry({ body: { ...signed.entry.body, ...change } });

function refusal(value: unknown): string {
  try {
    parseSignedTrustEntry(value);
  } catch (error) {
    expect(isTrustLogError(error, 'malformed')).toBe(true);
    return (error as Error).message;
  }
  throw new Error('parsed');
}

describe('parseSignedTrustEntry', () => {
  it('reads the vector entries as they are', () => {
    expect(parseSignedTrustEntry({ entry: genesis.entry, sig: genesis.sig })).toEqual({
      entry: genesis.entry,
      sig: genesis.sig,
    });
    expect(parseSignedTrustEntry(signed)).toEqual(signed);
  });

  it.each([
    ['not an object', 'entry'],
    ['an extra field beside entry and sig', { ...signed, note: 'x' }],
    ['an extra field in the entry', withEntry({ extra: 1 })],
    ['an extra field in the body', withBody({ extra: 1 })],
    ['a missing body field', withEntry({ body: { user: admit.entry.body.user } })],
    ['another version', withEntry({ v: 2 })],
    ['a negative seq', withEntry({ seq: -1 })],
    ['a fractional seq', withEntry({ seq: 1.5 })],
    ['a seq as text', withEntry({ seq: '1' })],
    ['a null prev after genesis', withEntry({ prev: null })],
    ['a prev that is not a hash', withEntry({ prev: 'abc' })],
    ['a time that is not ISO UTC', withEntry({ at: '2026-12-07 09:01' })],
    ['an actor that is not a UUID', withEntry({ actor: 'olga' })],
    ['an upper-case UUID', withEntry({ org: admit.entry.org.toUpperCase() })],
    ['an actor_fp that is not a fingerprint', withEntry({ actor_fp: 'abcd' })],
    ['an unknown operation', withEntry({ op: 'grant_everything' })],
    ['a genesis after seq 0', withEntry({ op: 'genesis', body: genesis.entry.body })],
    ['a how that is not known', withBody({ how: 'guessed' })],
    ['an admin flag as text', withBody({ admin: 'true' })],
    ['an empty e-mail', withBody({ email: '' })],
    ['an over-long e-mail', withBody({ email: `${'a'.repeat(250)}@x.test` })],
    ['an empty signature', { ...signed, sig: '' }],
    ['a prev at seq 0', { entry: { ...genesis.entry, prev: admit.entry.prev }, sig: genesis.sig }],
  ])('refuses %s', (_name, value) => {
    expect(refusal(value)).toMatch(/\.$/);
  });

  it('refuses a snapshot naming a user, team or chest twice', () => {
    const team = '0193a1b2-7c00-7a00-8000-c00000000001';
    const user = admit.entry.body.user;
    const snapshot = (body: unknown) => withEntry({ op: 'snapshot', body });
    expect(
      refusal(
        snapshot({
          teams: [
            {
              team,
              members: [
                { user, edit: true },
                { user, edit: false },
              ],
            },
          ],
          chests: [],
        }),
      ),
    ).toMatch(/twice/);
    expect(
      refusal(
        snapshot({
          teams: [
            { team, members: [] },
            { team, members: [] },
          ],
          chests: [],
        }),
      ),
    ).toMatch(/twice/);
    expect(
      parseSignedTrustEntry(snapshot({ teams: [{ team, members: [{ user, edit: true }] }], chests: [] }))
        .entry.op,
    ).toBe('snapshot');
  });

  it('never puts an entry’s values in its message', () => {
    const message = refusal(withBody({ email: 'x'.repeat(300), public_key: 'secret-looking-value' }));
    expect(message).not.toContain('xxxx');
    expect(refusal(withEntry({ actor: 'secret-looking-value' }))).not.toContain('secret-looking-value');
  });
});
