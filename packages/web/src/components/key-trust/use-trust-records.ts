import { useEffect, useState } from 'react';
import { keyTrusted, listTrust, type TrustRecord } from '../../keys/key-trust.js';

/** The owner's trust records, read again whenever a key is trusted (an empty list until read). */
export function useTrustRecords(ownerId: string): readonly TrustRecord[] {
  const [records, setRecords] = useState<readonly TrustRecord[]>([]);
  useEffect(() => {
    let live = true;
    const read = () => {
      listTrust(ownerId)
        .then((found) => {
          if (live) setRecords(found);
        })
        .catch(() => undefined);
    };
    read();
    const unsubscribe = keyTrusted.subscribe((event) => {
      if (event.ownerId === ownerId) read();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [ownerId]);
  return records;
}
