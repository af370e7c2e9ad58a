// The sync's reads of the real server, counted by path, so the page can prove what a sync asked for.

/** Requests made, by the sync's three reads. */
export interface PageRequests {
  changes: number;
  ids: number;
  read: number;
}

/** All of them. */
export function totalRequests(requests: PageRequests): number {
  return requests.changes + requests.ids + requests.read;
}

/** The page's fetch, counting the sync's reads into `requests`. */
export function countingFetch(requests: PageRequests): typeof fetch {
  return (input, init) => {
    const path = new URL(String(input), window.location.href).pathname;
    if (path === '/api/v1/secrets/changes.json') requests.changes += 1;
    else if (path === '/api/v1/secrets/ids.json') requests.ids += 1;
    else if (path === '/api/v1/secrets/read.json') requests.read += 1;
    return fetch(input, init);
  };
}
