// The bare reference's messages: the private key once, then batches of records to open.

/** What the bare way needs of a secret: its ids, the sealed payload and the caller's wrapped key. */
export interface BareRecord {
  id: string;
  revision: number;
  data: string;
  iv: string;
  wrapped: string;
}

export type ToBareOpenWorker =
  | { type: 'init'; userId: string; privateKey: CryptoKey }
  | { type: 'open'; id: number; records: BareRecord[] };

export type FromBareOpenWorker =
  | { type: 'opened'; id: number; count: number }
  | { type: 'error'; id: number };
