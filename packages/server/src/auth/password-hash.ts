import { type Algorithm, hash, verify } from '@node-rs/argon2';

// OWASP's minimum for Argon2id (crypto.md): m = 19 MiB, t = 2, p = 1, random salt.
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Argon2id of the client's auth hash, for users.password_hash. */
export function hashPassword(authHash: string): Promise<string> {
  return hash(authHash, OPTIONS);
}

/** Whether the auth hash matches the stored Argon2id (constant time); false for a malformed hash. */
export async function verifyPassword(passwordHash: string, authHash: string): Promise<boolean> {
  try {
    return await verify(passwordHash, authHash);
  } catch {
    return false;
  }
}
