import type { TrustState } from '@coffer/core';
import {
  checkKeyCommitment,
  foldTrustLog,
  generateSecretKey,
  newSecretId,
  sealSecret,
  verifySecretHeader,
} from '@coffer/core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  freshSigner,
  type TestSigner,
  TrustLogBuilder,
  testId,
} from '../../../core/src/trust-log/testing/trust-log-builder.js';
import { signRevisionHeader } from './sign-header.js';

// A header this browser signs for a revision is one every reader accepts (core's verifySecretHeader),
// and binds the key it was sealed under.

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
      state,
      { userId: owner.id, signingKey: owner.signingKey },
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
});
