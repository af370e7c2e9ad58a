// The secret calls a save and an open make, answered inside the page from a small store: the server
// does the same for both ways of saving, so what differs is the browser's work. Answers go through
// JSON and Response as real ones do, after `latencyMs` (the time open-secret measures for a real GET),
// since the web app reads its revision mark while the request travels.
import {
  generateSecretKey,
  generateUserKeyPair,
  importSigningKey,
  newSecretId,
  type Secret,
  type SecretPayload,
  type SecretUpdate,
  sealSecret,
  wrapSecretKey,
} from '@coffer/core';
import { savePrivateKey, saveSigningKey } from '@coffer/web-src/keys/key-store.js';

/** One reader of the chest: the id and the public key the server lists. */
export interface PageReader {
  userId: string;
  publicKey: string;
}

const SECRET_PATH = /^\/api\/v1\/secrets\/([0-9a-f-]+)\.json$/;
const KEYS_PATH = /^\/api\/v1\/vaults\/([^/]+)\/public_keys\.json$/;

/**
 * The page's signed-in user: a real RSA-3072 pair whose private key goes into the web app's key store
 * as the login would leave it (non-extractable). Answers the user as a reader.
 */
export async function signInPageCaller(userId: string): Promise<PageReader & { signingKey: CryptoKey }> {
  const pair = await generateUserKeyPair();
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', pair.privateKey);
  await savePrivateKey(
    await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['decrypt']),
  );
  // The signing half too, as the login leaves it: a save under a trust log signs its header with it.
  const signingKey = await importSigningKey(pkcs8);
  await saveSigningKey(signingKey);
  return { userId, publicKey: pair.publicKey, signingKey };
}

/** Stored secrets by id, with every reader's wrapped key. */
export class InPageApi {
  readonly secrets = new Map<string, { secret: Secret; keys: Map<string, string> }>();
  /** Every request the store does not answer (method and path), so a page can prove none was made. */
  readonly refused: string[] = [];

  constructor(
    private readonly callerId: string,
    private readonly readers: readonly PageReader[],
    private readonly latencyMs: number,
  ) {}

  /** Seals `payload` as revision 1 of a new password secret in `chestId`, wrapped for every reader; answers its id. */
  async storeSecret(chestId: string, name: string, payload: SecretPayload): Promise<string> {
    const id = newSecretId();
    const secretKey = generateSecretKey();
    const keys = new Map<string, string>();
    for (const reader of this.readers) {
      const wrapped = await wrapSecretKey(secretKey, reader.publicKey, {
        secretId: id,
        userId: reader.userId,
      });
      keys.set(reader.userId, wrapped);
    }
    const sealed = await sealSecret({ secretId: id, revision: 1, payload, secretKey });
    const secret = {
      id,
      revision: 1,
      vault_id: chestId,
      name,
      category: 'password',
      strength: 4,
      form_fill: false,
      hidden: false,
      ...sealed,
      secret_key: null,
      created_at: '',
      updated_at: '',
    } as Secret;
    this.secrets.set(id, { secret, keys });
    return id;
  }

  /** Replaces `window.fetch` for the API paths above; anything else is refused. */
  install(): void {
    window.fetch = async (input, init = {}) => {
      if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
      const url = new URL(String(input), window.location.href);
      const method = init.method ?? 'GET';
      const secretMatch = SECRET_PATH.exec(url.pathname);
      if (secretMatch && method === 'GET') return this.answer(this.served(secretMatch[1] ?? ''));
      if (secretMatch && method === 'PUT') {
        const { secret } = JSON.parse(String(init.body)) as { secret: SecretUpdate };
        return this.answer(this.save(secretMatch[1] ?? '', secret));
      }
      if (KEYS_PATH.test(url.pathname)) {
        return this.answer({
          items: this.readers.map((r) => ({ user_id: r.userId, public_key: r.publicKey })),
        });
      }
      this.refused.push(`${method} ${url.pathname}`);
      return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
    };
  }

  private served(id: string): Secret {
    const stored = this.secrets.get(id);
    if (!stored) throw new Error(`no secret ${id}`);
    const own = stored.keys.get(this.callerId);
    return { ...stored.secret, secret_key: own ? { encrypted_value: own } : null };
  }

  // As the server: the next revision only, and the key set replaced by the one sent.
  private save(id: string, update: SecretUpdate): Secret {
    const stored = this.secrets.get(id);
    if (!stored) throw new Error(`no secret ${id}`);
    if (update.revision !== stored.secret.revision + 1) throw new Error('stale revision');
    const keys = new Map((update.secret_keys_attributes ?? []).map((k) => [k.user_id, k.encrypted_value]));
    this.secrets.set(id, { secret: { ...stored.secret, ...update, secret_key: null } as Secret, keys });
    return this.served(id);
  }

  private answer(body: unknown): Response {
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }
}
