import { useEffect, useState } from 'react';
import type { PersonName } from './people-directory.js';
import { lookUpPeople } from './people-directory.js';

/** Names for the given user ids, once looked up (an empty map until then; unknown ids stay absent). */
export function usePeopleNames(ids: readonly string[]): ReadonlyMap<string, PersonName> {
  const [names, setNames] = useState<ReadonlyMap<string, PersonName>>(new Map());
  const key = [...new Set(ids)].sort().join(',');
  useEffect(() => {
    if (key === '') return;
    const controller = new AbortController();
    lookUpPeople(key.split(','), controller.signal)
      .then((found) => {
        if (!controller.signal.aborted) setNames(found);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [key]);
  return names;
}
