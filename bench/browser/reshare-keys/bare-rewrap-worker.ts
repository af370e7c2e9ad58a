// The bare reference's worker: per pair only `subtle.decrypt` RSA-OAEP with the administrator's
// private key and `subtle.encrypt` RSA-OAEP for the newcomer's public key (imported once), with the
// suite's labels. No checks, no base64 of the result, no key cache beyond the one key.
import type { FromBareWorker, ToBareWorker } from './bare-rewrap-protocol.js';

interface WorkerScope {
  postMessage(message: FromBareWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToBareWorker>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const encoder = new TextEncoder();
let keys: { privateKey: CryptoKey; publicKey: CryptoKey; ownerId: string; newcomerId: string } | null = null;

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function handle(message: ToBareWorker): Promise<void> {
  if (message.type === 'init') {
    const publicKey = await crypto.subtle.importKey(
      'spki',
      fromBase64(message.publicKey),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      false,
      ['encrypt'],
    );
    keys = {
      privateKey: message.privateKey,
      publicKey,
      ownerId: message.ownerId,
      newcomerId: message.newcomerId,
    };
    return;
  }
  if (!keys) {
    scope.postMessage({ type: 'error', id: message.id, message: 'not initialised' });
    return;
  }
  const wrapped: ArrayBuffer[] = [];
  for (const pair of message.pairs) {
    const secretKey = await crypto.subtle.decrypt(
      { name: 'RSA-OAEP', label: encoder.encode(`coffer:key:1:${pair.secret_id}:${keys.ownerId}`) },
      keys.privateKey,
      fromBase64(pair.encrypted_value),
    );
    wrapped.push(
      await crypto.subtle.encrypt(
        { name: 'RSA-OAEP', label: encoder.encode(`coffer:key:1:${pair.secret_id}:${keys.newcomerId}`) },
        keys.publicKey,
        secretKey,
      ),
    );
  }
  scope.postMessage({ type: 'done', id: message.id, wrapped }, wrapped);
}

// Messages are handled one after another, as the app's worker handles one batch at a time.
let queue = Promise.resolve();
scope.addEventListener('message', (event) => {
  queue = queue.then(() =>
    handle(event.data).catch((error: unknown) => {
      const id = event.data.type === 'rewrap' ? event.data.id : -1;
      scope.postMessage({ type: 'error', id, message: error instanceof Error ? error.message : 'failed' });
    }),
  );
});
