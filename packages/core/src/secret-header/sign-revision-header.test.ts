import { beforeAll, describe, expect, it } from 'vitest';
import { newSecretId } from '../crypto/random-values.js';
import { generateSecretKey, sealSecret } from '../crypto/secret-box.js';
import { foldTrustLog } from '../trust-log/fold-trust-log.js';
import {
  freshSigner,
  type TestSigner,
  TrustLogBuilder,
  testId,
} from '../trust-log/testing/trust-log-builder.js';
import type { TrustState } from '../trust-log/trust-state.js';
import { headerSigner, signRevisionHeader } from './sign-revision-header.js';
import { checkKeyCommitment, verifySecretHeader } from './verify-secret-header.js';

// A header a browser signs for a revision is one every reader accepts (verifySecretHeader), and binds
// the key it was sealed under.

const CHEST = testId('chest', 1);
let owner: TestSigner;
let state: TrustState;

beforeAll(async () => {
  owner = await freshSigner(testId('user', 1));
  const log = new TrustLogBuilder(testId('org', 1));
  await log.start(owner);
  state = await foldTrustLog(log.entries);
}, 30_000);

describe('signRevisionHeader', () => {
  it('signs a header every reader verifies, committed to the revision’s key', async () => {
    const id = newSecretId();
    const secretKey = generateSecretKey();
    const sealed = await sealSecret({ secretId: id, revision: 3, payload: { password: 'p' }, secretKey });
    const record = {
      id,
      revision: 3,
      vault_id: CHEST,
      hidden: true,
      name: 'Router',
      category: 'password' as const,
      strength: 2,
      form_fill: false,
      ...sealed,
    };
    const signed = await signRevisionHeader(
      headerSigner(state, owner.id, owner.signingKey),
      record,
      secretKey,
    );
    const header = await verifySecretHeader(signed, { state, record });
    expect(header).toMatchObject({
      rev: 3,
      chest: CHEST,
      hidden: true,
      author: owner.id,
      log_seq: state.seq,
    });
    await expect(checkKeyCommitment(header, secretKey)).resolves.toBeUndefined();
    await expect(checkKeyCommitment(header, generateSecretKey())).rejects.toThrow();
  });

  it('refuses to make a signer of someone the state does not hold active', () => {
    expect(() => headerSigner(state, testId('user', 9), owner.signingKey)).toThrow(
      'The organisation record does not hold you as an active member.',
    );
  });
});
