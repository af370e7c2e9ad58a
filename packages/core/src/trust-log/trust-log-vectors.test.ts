import { describe, expect, it } from 'vitest';
import { base64ToBytes, utf8Encode } from '../crypto/encoding.js';
import { canonicalJson } from './canonical-json.js';
import { foldTrustLog } from './fold-trust-log.js';
import { parseSignedTrustEntry } from './parse-trust-entry.js';
import { expectRefusal } from './testing/trust-log-builder.js';
import type { SignedTrustEntry } from './trust-entry.js';
import { TRUST_LOG_DOMAIN, trustEntryHash, trustEntryMessage } from './trust-entry-signature.js';
import { readers } from './trust-readers.js';
import vectorJson from './vectors/trust-log-v1.json' with { type: 'json' };

// Made by another implementation (Python's json and cryptography): the canonical bytes, the hashes
// and the signatures are checked here against the TypeScript code, in Node and in Chromium.
const vectors = vectorJson;
const log: SignedTrustEntry[] = vectors.log.map(({ entry, sig }) => parseSignedTrustEntry({ entry, sig }));
const flip = (sig: string) => `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;

describe('trust log vectors', () => {
  it('encode each entry to the same canonical bytes', () => {
    expect(vectors.domain).toBe(TRUST_LOG_DOMAIN);
    for (const [index, signed] of log.entries()) {
      const message = vectors.log[index]?.message_utf8 ?? '';
      expect(`${TRUST_LOG_DOMAIN}\n${canonicalJson(signed.entry)}`).toBe(message);
      expect(trustEntryMessage(signed.entry)).toEqual(utf8Encode(message));
    }
  });

  it('hash each signed entry to the prev of the next', async () => {
    for (const [index, signed] of log.entries()) {
      expect(await trustEntryHash(signed)).toBe(vectors.log[index]?.hash);
      if (index > 0) expect(signed.entry.prev).toBe(vectors.log[index - 1]?.hash);
    }
  });

  it('fold into the state they describe, with its readers', async () => {
    const { expected } = vectors;
    const state = await foldTrustLog(log);
    expect(state).toMatchObject({
      org: log[0]?.entry.org,
      name: 'Zürich ☎ Büro',
      owner: expected.owner,
      seq: 3,
    });
    expect(state.head).toBe(vectors.log[3]?.hash);
    expect(state.users.get(expected.ada)).toMatchObject({
      fingerprint: expected.ada_fingerprint,
      keyOrigin: 'created',
      admin: false,
      active: true,
    });
    expect(state.users.get(expected.owner)).toMatchObject({
      fingerprint: expected.owner_fingerprint,
      admin: true,
    });
    expect([...readers(state, expected.chest, false)].sort()).toEqual(expected.readers_visible);
    expect([...readers(state, expected.chest, true)]).toEqual(expected.readers_hidden);
    expect([...readers(state, '0193a1b2-7c00-7a00-8000-00000000d999', false)]).toEqual([expected.owner]);
  });

  it('refuse a member who signs an admission: signed right, but not an administrator', async () => {
    const state = await foldTrustLog(log);
    const entry = parseSignedTrustEntry(vectors.unauthorised);
    await expectRefusal(foldTrustLog([entry], state), 'unauthorised');
    expect(state.seq).toBe(3);
  });

  it('refuse a flipped signature, a signature without the domain line, a reordered or rechained log', async () => {
    const [genesis, admit, member, chest] = log as [SignedTrustEntry, ...SignedTrustEntry[]];
    await expectRefusal(
      foldTrustLog([genesis, { ...admit, sig: flip(admit?.sig ?? '') } as SignedTrustEntry]),
      'signature',
    );
    expect(base64ToBytes(vectors.no_domain_signature)).toHaveLength(384);
    await expectRefusal(
      foldTrustLog([genesis, { ...admit, sig: vectors.no_domain_signature } as SignedTrustEntry]),
      'signature',
    );
    await expectRefusal(foldTrustLog([genesis, member, admit] as SignedTrustEntry[]), 'sequence');
    await expectRefusal(foldTrustLog([genesis, member] as SignedTrustEntry[]), 'sequence');
    const rechained = {
      ...chest,
      entry: { ...chest?.entry, prev: vectors.log[1]?.hash },
    } as SignedTrustEntry;
    await expectRefusal(foldTrustLog([genesis, admit, member, rechained] as SignedTrustEntry[]), 'chain');
  });
});
