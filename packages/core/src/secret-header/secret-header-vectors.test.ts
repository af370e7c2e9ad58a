import { beforeAll, describe, expect, it } from 'vitest';
import { base64ToBytes, utf8Encode } from '../crypto/encoding.js';
import { openSecretText } from '../crypto/secret-box.js';
import suiteJson from '../crypto/vectors/coffer-suite1.json' with { type: 'json' };
import { canonicalJson } from '../trust-log/canonical-json.js';
import { foldTrustLog } from '../trust-log/fold-trust-log.js';
import { parseSignedTrustEntry } from '../trust-log/parse-trust-entry.js';
import { signerFromPkcs8 } from '../trust-log/testing/trust-log-builder.js';
import type { TrustState } from '../trust-log/trust-state.js';
import logJson from '../trust-log/vectors/trust-log-v1.json' with { type: 'json' };
import { dataHash, KEY_COMMIT_DOMAIN, keyCommitment } from './key-commitment.js';
import { SECRET_HEADER_DOMAIN, type SecretHeader } from './secret-header.js';
import { isSecretHeaderError, type SecretHeaderErrorKind } from './secret-header-error.js';
import { parseSignedSecretHeader, secretHeaderMessage, signSecretHeader } from './sign-secret-header.js';
import vectorJson from './vectors/secret-header-v2.json' with { type: 'json' };
import { checkKeyCommitment, type SecretHeaderRecord, verifySecretHeader } from './verify-secret-header.js';

// Made by another implementation (Python's json, hashlib, hmac and cryptography): the canonical bytes,
// the data hash, the key commitments and the signatures are checked here against the TypeScript code,
// in Node and in Chromium, over trust-log-v1.json's folded state.
const vectors = vectorJson;
const record = vectors.record as SecretHeaderRecord;
const secretKey = base64ToBytes(vectors.secret_key_b64);
const flip = (sig: string) => `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
let state: TrustState;

beforeAll(async () => {
  state = await foldTrustLog(logJson.log.map(({ entry, sig }) => parseSignedTrustEntry({ entry, sig })));
}, 60_000);

async function refusal(promise: Promise<unknown>, kind: SecretHeaderErrorKind): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isSecretHeaderError(error, kind), String(error)).toBe(true);
}

describe('secret header vectors', () => {
  it('encode the header to the same canonical bytes under the same domain', () => {
    expect(vectors.domain).toBe(SECRET_HEADER_DOMAIN);
    const { header } = parseSignedSecretHeader(vectors.signed);
    expect(`${SECRET_HEADER_DOMAIN}\n${canonicalJson(header)}`).toBe(vectors.message_utf8);
    expect(secretHeaderMessage(header)).toEqual(utf8Encode(vectors.message_utf8));
  });

  it('hash the iv and ciphertext, and commit to the key, as the other implementation did', async () => {
    expect(await dataHash(record.encryption_iv, record.encrypted_data)).toBe(vectors.data_hash);
    expect(vectors.key_commit_message_utf8).toBe(`${KEY_COMMIT_DOMAIN}\n${record.id}\n${record.revision}`);
    expect(await keyCommitment(secretKey, record.id, record.revision)).toBe(vectors.key_commit);
    expect(await keyCommitment(base64ToBytes(vectors.other_key_b64), record.id, record.revision)).toBe(
      vectors.other_key_commit,
    );
    // The vector's record is coffer-suite1.json's secret: its key opens it.
    expect(vectors.secret_key_b64).toBe(suiteJson.secret.secret_key_b64);
    expect(await openSecretText({ ...record, secretId: record.id }, secretKey)).toBe(
      suiteJson.secret.plaintext,
    );
  });

  it('accept the Python-signed header over the folded log, then its key', async () => {
    const header = await verifySecretHeader(vectors.signed, { state, record, rememberedRevision: 1 });
    expect(header).toEqual(vectors.signed.header);
    await checkKeyCommitment(header, secretKey);
    await refusal(checkKeyCommitment(header, base64ToBytes(vectors.other_key_b64)), 'key-commitment');
  });

  it('refuse a flipped signature, the domain-less one, and a reader without Write as author', async () => {
    const { header, sig } = vectors.signed;
    await refusal(verifySecretHeader({ header, sig: flip(sig) }, { state, record }), 'signature');
    await refusal(
      verifySecretHeader({ header, sig: vectors.no_domain_signature }, { state, record }),
      'signature',
    );
    await refusal(verifySecretHeader(vectors.ada_header, { state, record }), 'author');
    await refusal(
      verifySecretHeader({ header: { ...header, name: 'Empfang Zurich ☎' }, sig }, { state, record }),
      'signature',
    );
  });

  it('refuse the header before the reader has verified the entry it was made under', async () => {
    const earlier = await foldTrustLog(
      logJson.log.slice(0, 3).map(({ entry, sig }) => parseSignedTrustEntry({ entry, sig })),
    );
    await refusal(verifySecretHeader(vectors.signed, { state: earlier, record }), 'stale-log');
  });

  it('sign with the same key here, which the reader accepts (PSS: a different signature)', async () => {
    const owner = await signerFromPkcs8(
      logJson.expected.owner,
      suiteJson.key_pair.public_key,
      suiteJson.key_pair.private_key_pkcs8_b64,
    );
    const signed = await signSecretHeader(owner.signingKey, vectors.signed.header as SecretHeader);
    expect(signed.sig).not.toBe(vectors.signed.sig);
    expect(base64ToBytes(signed.sig)).toHaveLength(384);
    expect(await verifySecretHeader(signed, { state, record })).toEqual(vectors.signed.header);
  });
});
