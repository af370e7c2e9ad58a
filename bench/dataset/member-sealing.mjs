// The secrets the large organisation's member can read get real ciphertext and a real wrapped key,
// so open-secret can open any of them end to end; every other secret keeps random bytes.
import { randomUUID } from 'node:crypto';
import { BENCH_PASSWORD } from './dataset-plan.mjs';
import { makePayload } from './secret-names.mjs';
import { checkSealing, readPublicKey, sealSecretFast, wrapSecretKeyFast } from './secret-sealing.mjs';

/**
 * Seals each job's secret ({ secret, userId, random }) for the member in place, adds its key row to
 * tables.secret_keys, records the live ones as manifest.users.largeMember.openableSecretIds, then
 * opens one with core's functions to prove the sealing right.
 */
export async function sealForMember(jobs, credentials, tables, manifest) {
  if (jobs.length === 0) return;
  const member = credentials.users.largeMember;
  const publicKey = readPublicKey(member.publicKey);
  const openable = [];
  for (const { secret, userId, random } of jobs) {
    const payload = makePayload(random, secret.category, secret.name);
    const sealed = sealSecretFast({ secretId: secret.id, revision: secret.revision, payload });
    secret.encrypted_data = sealed.encrypted_data;
    secret.encryption_iv = sealed.encryption_iv;
    tables.secret_keys.push({
      id: randomUUID(),
      organisation_id: secret.organisation_id,
      secret_id: secret.id,
      user_id: userId,
      encrypted_value: wrapSecretKeyFast(sealed.secretKey, publicKey, { secretId: secret.id, userId }),
      version: 1,
      created_at: secret.created_at,
      updated_at: secret.updated_at,
    });
    sealed.secretKey.fill(0);
    if (secret.deleted_at === null) openable.push(secret.id);
  }
  const first = tables.secret_keys.at(-jobs.length);
  await checkSealing({
    user: { ...member, id: first.user_id },
    password: BENCH_PASSWORD,
    secret: jobs[0].secret,
    encryptedValue: first.encrypted_value,
  });
  manifest.users.largeMember.openableSecretIds = openable;
}
