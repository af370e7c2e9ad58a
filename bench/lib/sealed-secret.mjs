// A password secret made in Node as the browser saves one: a fresh key, the payload sealed at
// revision 1, the key wrapped for each reader (as `public_keys` lists them) and, with a signer (core's
// headerSigner, once the organisation has a trust log), its signed header. For benchmarks that seed
// through the API.
import { randomBytes } from 'node:crypto';
import { generateSecretKey, newSecretId, sealSecret, signRevisionHeader, wrapSecretKey } from '@coffer/core';

/** The body of a create (`secret`, or an item of a bulk create) in `chestId`, named `name`. */
export async function sealedPasswordSecret({ chestId, name, readers, signer = null }) {
  const id = newSecretId();
  const secretKey = generateSecretKey();
  const sealed = await sealSecret({
    secretId: id,
    revision: 1,
    payload: { username: 'ops', password: randomBytes(12).toString('base64url'), url: '', note: '' },
    secretKey,
  });
  const record = {
    id,
    revision: 1,
    vault_id: chestId,
    name,
    category: 'password',
    ...sealed,
    strength: 3,
    form_fill: false,
    hidden: false,
  };
  const wrapped = await Promise.all(
    readers.map(async (reader) => ({
      user_id: reader.user_id,
      encrypted_value: await wrapSecretKey(secretKey, reader.public_key, {
        secretId: id,
        userId: reader.user_id,
      }),
    })),
  );
  const signed = signer ? await signRevisionHeader(signer, record, secretKey) : null;
  return { ...record, secret_keys_attributes: wrapped, ...(signed ? { signed_header: signed } : {}) };
}
