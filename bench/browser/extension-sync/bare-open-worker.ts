// The floor's worker: per record only `subtle.decrypt` RSA-OAEP with the suite's label, `importKey`,
// `subtle.decrypt` AES-GCM with the suite's additional data and `JSON.parse`, as many in flight as the
// extension's worker keeps (8). No checks, no entry built, nothing sent back but a count.
import type { BareRecord, FromBareOpenWorker, ToBareOpenWorker } from './bare-open-protocol.js';

interface WorkerScope {
  postMessage(message: FromBareOpenWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToBareOpenWorker>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const IN_FLIGHT = 8;
let owner: { userId: string; privateKey: CryptoKey } | null = null;

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function open(record: BareRecord, userId: string, privateKey: CryptoKey): Promise<void> {
  const raw = await crypto.subtle.decrypt(
    { name: 'RSA-OAEP', label: encoder.encode(`coffer:key:1:${record.id}:${userId}`) },
    privateKey,
    fromBase64(record.wrapped),
  );
  const key = await crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    {
      name: 'AES-GCM',
      iv: fromBase64(record.iv),
      additionalData: encoder.encode(`coffer:secret:1:${record.id}:${record.revision}`),
    },
    key,
    fromBase64(record.data),
  );
  JSON.parse(decoder.decode(plain));
}

scope.addEventListener('message', (event) => {
  const message = event.data;
  if (message.type === 'init') {
    owner = { userId: message.userId, privateKey: message.privateKey };
    return;
  }
  const current = owner;
  if (!current) {
    scope.postMessage({ type: 'error', id: message.id });
    return;
  }
  let next = 0;
  const lane = async () => {
    while (next < message.records.length) {
      const record = message.records[next] as BareRecord;
      next += 1;
      await open(record, current.userId, current.privateKey);
    }
  };
  Promise.all(Array.from({ length: IN_FLIGHT }, lane)).then(
    () => scope.postMessage({ type: 'opened', id: message.id, count: message.records.length }),
    () => scope.postMessage({ type: 'error', id: message.id }),
  );
});
