import { useEffect, useState } from 'react';
import type { PersonName } from './people-directory.js';
import { lookUpPeople } from './people-directory.js';

/** Names for some user ids, and whether the lookup is over (unknown ids stay absent). */
export interface PeopleNames {
  names: ReadonlyMap<string, PersonName>;
  /** True once looked up (or it failed): a confirmation then records what was shown. */
  loaded: boolean;
}

/** Names for the given user ids, once looked up (an empty map until then; unknown ids stay absent). */
export function usePeopleNames(ids: readonly string[]): PeopleNames {
  const key = [...new Set(ids)].sort().join(',');
  const [state, setState] = useState<PeopleNames & { key: string }>({
    names: new Map(),
    loaded: false,
    key: '',
  });
  useEffect(() => {
    if (key === '') return;
    const controller = new AbortController();
    lookUpPeople(key.split(','), controller.signal)
      .then((found) => {
        if (!controller.signal.aborted) setState({ names: found, loaded: true, key });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ names: new Map(), loaded: true, key });
      });
    return () => controller.abort();
  }, [key]);
  // Names of an earlier list are kept while the new one is looked up, but it is not loaded yet.
  return { names: state.names, loaded: state.loaded && state.key === key };
}
