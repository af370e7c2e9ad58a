// Where the sealed index lives between popups: the extension maps this to chrome.storage.local; tests
// and benchmarks keep it in memory. The store only ever sees ciphertext.

/** The sealed index as stored: AES-GCM ciphertext (with its tag) and IV, both base64. */
export interface SealedIndexBlob {
  version: 1;
  iv: string;
  data: string;
}

/** Persistence of the one sealed blob. */
export interface IndexStore {
  read(): Promise<SealedIndexBlob | null>;
  write(blob: SealedIndexBlob): Promise<void>;
  clear(): Promise<void>;
}

/** A store in memory: what the tests and the benchmark page use. */
export function memoryIndexStore(initial: SealedIndexBlob | null = null): IndexStore & {
  readonly blob: SealedIndexBlob | null;
} {
  let blob = initial;
  return {
    get blob() {
      return blob;
    },
    read: async () => blob,
    write: async (next) => {
      blob = next;
    },
    clear: async () => {
      blob = null;
    },
  };
}
