import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, utf8Decode, utf8Encode } from '../crypto/encoding.js';
import { fingerprintWords } from '../crypto/fingerprint-words.js';
import suiteJson from '../crypto/vectors/coffer-suite1.json' with { type: 'json' };
import { freshSigner, testId } from './testing/trust-log-builder.js';
import { openTrustCheckpoint, signTrustCheckpoint, type TrustCheckpoint } from './trust-checkpoint.js';
import { isTrustLogError } from './trust-log-error.js';
import { trustLogFingerprint } from './trust-log-fingerprint.js';
import vectorJson from './vectors/trust-checkpoint-v1.json' with { type: 'json' };

const vector = vectorJson;
const ownerKey = suiteJson.key_pair.public_key;
const expected = { org: vector.checkpoint.org, user: vector.checkpoint.user };

// The stored text with its checkpoint changed by `change`, the signature kept.
function altered(stored: string, change: (checkpoint: Record<string, unknown>) => void): string {
  const parsed = JSON.parse(utf8Decode(base64ToBytes(stored))) as { checkpoint: Record<string, unknown> };
  change(parsed.checkpoint);
  return bytesToBase64(utf8Encode(JSON.stringify(parsed)));
}

async function refused(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isTrustLogError(error, 'signature')).toBe(true);
}

describe('trust log checkpoints', () => {
  it('open the fixed vector signed by another implementation', async () => {
    expect(await openTrustCheckpoint(vector.stored, ownerKey, expected)).toEqual(vector.checkpoint);
  });

  it('write the genesis as the organisation’s fingerprint, words and all', () => {
    expect(trustLogFingerprint(vector.checkpoint.genesis)).toBe(vector.genesis_fingerprint);
    expect(fingerprintWords(trustLogFingerprint(vector.checkpoint.genesis))).toHaveLength(8);
    expect(() => trustLogFingerprint('AAAA')).toThrow();
  });

  it('refuse a checkpoint with any field changed, another user’s or organisation’s, or garbage', async () => {
    await refused(
      openTrustCheckpoint(
        altered(vector.stored, (c) => (c.seq = 4)),
        ownerKey,
        expected,
      ),
    );
    await refused(
      openTrustCheckpoint(
        altered(vector.stored, (c) => (c.head = 'A'.repeat(44))),
        ownerKey,
        expected,
      ),
    );
    await refused(openTrustCheckpoint(vector.stored, ownerKey, { ...expected, user: testId('user', 9) }));
    await refused(openTrustCheckpoint(vector.stored, ownerKey, { ...expected, org: testId('org', 9) }));
    await refused(openTrustCheckpoint('not base64 at all', ownerKey, expected));
    await refused(openTrustCheckpoint(bytesToBase64(utf8Encode('{"checkpoint":{}}')), ownerKey, expected));
  });

  it('round-trip with a fresh key, and refuse another key’s signature', async () => {
    const me = await freshSigner(testId('user', 1));
    const other = await freshSigner(testId('user', 2));
    const checkpoint: TrustCheckpoint = {
      org: testId('org', 1),
      user: me.id,
      seq: 12,
      head: 'h'.repeat(44),
      genesis: null,
    };
    const stored = await signTrustCheckpoint(me.signingKey, checkpoint);
    expect(await openTrustCheckpoint(stored, me.publicKey, { org: checkpoint.org, user: me.id })).toEqual(
      checkpoint,
    );
    await refused(openTrustCheckpoint(stored, other.publicKey, { org: checkpoint.org, user: me.id }));
  }, 60_000);
});
