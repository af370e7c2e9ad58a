// The messages between the index opener and its workers, and the worker's side as a plain function
// (so tests drive it without a Worker). The private key crosses once per worker as a non-extractable
// CryptoKey (structured clone): a worker can decrypt with it, nobody can read it out.
import type { ChangedSecret, OpenOutcome } from './open-record.js';
import { openIndexRecord } from './open-record.js';

export type ToOpenWorker =
  | { type: 'init'; userId: string; privateKey: CryptoKey }
  | { type: 'open'; id: number; secrets: ChangedSecret[] };

export type FromOpenWorker =
  | { type: 'opened'; id: number; outcomes: OpenOutcome[] }
  | { type: 'refused'; id: number };

/** How many secrets one worker opens at once: WebCrypto queues them, the worker awaits them together. */
const IN_FLIGHT = 8;

/** Opens `secrets` with `userId`'s key, `IN_FLIGHT` at a time; the outcomes in the same order. */
export async function openAll(
  secrets: readonly ChangedSecret[],
  userId: string,
  privateKey: CryptoKey,
  inFlight = IN_FLIGHT,
): Promise<OpenOutcome[]> {
  const outcomes = new Array<OpenOutcome>(secrets.length);
  let next = 0;
  const lane = async () => {
    while (next < secrets.length) {
      const index = next;
      next += 1;
      outcomes[index] = await openIndexRecord(secrets[index] as ChangedSecret, userId, privateKey);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, secrets.length) }, lane));
  return outcomes;
}

/** The worker's message handler: remembers the key on 'init', answers each 'open' batch. */
export function createOpenWorkerHandler(): (message: ToOpenWorker) => Promise<FromOpenWorker | null> {
  let owner: { userId: string; privateKey: CryptoKey } | null = null;
  return async (message) => {
    if (message.type === 'init') {
      owner = { userId: message.userId, privateKey: message.privateKey };
      return null;
    }
    if (!owner) return { type: 'refused', id: message.id };
    return {
      type: 'opened',
      id: message.id,
      outcomes: await openAll(message.secrets, owner.userId, owner.privateKey),
    };
  };
}
