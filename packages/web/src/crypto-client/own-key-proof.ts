import { generateSecretKey, unwrapSecretKey, wrapSecretKey } from '@coffer/core';

// Never sent anywhere: the label only has to differ from every real secret id (those are UUIDs).
const PROBE_SECRET_ID = 'own-key-probe';

/**
 * Whether a public key is the public half of the private key unlocked at sign-in: a random key
 * wrapped for it must come back out through that private key. A key the server substituted for
 * the caller's own cannot pass, whatever was pinned before.
 */
export async function provesOwnKey(
  publicKey: string,
  userId: string,
  privateKey: CryptoKey,
): Promise<boolean> {
  const probe = generateSecretKey();
  const place = { secretId: PROBE_SECRET_ID, userId };
  try {
    const wrapped = await wrapSecretKey(probe, publicKey, place);
    const opened = await unwrapSecretKey(wrapped, privateKey, place);
    const same = opened.length === probe.length && opened.every((byte, index) => byte === probe[index]);
    opened.fill(0);
    return same;
  } catch {
    return false;
  } finally {
    probe.fill(0);
  }
}
