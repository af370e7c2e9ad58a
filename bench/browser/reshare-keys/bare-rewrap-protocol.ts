// Messages between the reshare page's bare reference and its bare workers (bare-rewrap-worker.ts).

/** One missing pair as the reference rewraps it: the secret, and the administrator's wrapped key of it. */
export interface BarePair {
  secret_id: string;
  encrypted_value: string;
}

/** To a bare worker: first the keys and ids, then batches of pairs. */
export type ToBareWorker =
  | { type: 'init'; privateKey: CryptoKey; publicKey: string; ownerId: string; newcomerId: string }
  | { type: 'rewrap'; id: number; pairs: BarePair[] };

/** From a bare worker: the wrapped keys of a batch (raw bytes), or why it failed. */
export type FromBareWorker =
  | { type: 'done'; id: number; wrapped: ArrayBuffer[] }
  | { type: 'error'; id: number; message: string };
