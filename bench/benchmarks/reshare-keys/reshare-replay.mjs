// The server's side of a background reshare without the browser's CPU on this machine: the requests
// one app run made (recorded in the page), sent again from this process at the pace the browser
// set. In a deployment the administrator's browser rewraps on their own computer and the server
// sees only these requests; here the browser shares two cores with the server and the load, and on
// this kind of machine even a busy loop at idle CPU priority takes a quarter of the list's
// throughput (the calibration row of the report), so the browser's own work cannot be told apart
// from the server's without taking it away.

/**
 * For each recorded request, the ones it waited for: every request that had ended before it
 * started (the browser could only have sent it knowing their answers).
 */
export function replaySchedule(recorded) {
  const ordered = [...recorded].sort((a, b) => a.startMs - b.startMs);
  return ordered.map((request, index) => ({
    request,
    after: ordered.slice(0, index).flatMap((earlier, at) => (earlier.endMs <= request.startMs ? [at] : [])),
  }));
}

/**
 * Sends the recorded requests to `baseUrl`: each no earlier than its recorded offset from the start
 * and not before the requests it waited for have been answered here, its body read to the end as
 * the app reads it. Answers { ms, statuses: [distinct], count }.
 */
export async function replayRequests(baseUrl, recorded, { fetchImpl = fetch } = {}) {
  const schedule = replaySchedule(recorded);
  const done = [];
  const startedAt = performance.now();
  const statuses = new Set();
  for (const { request, after } of schedule) {
    done.push(
      (async () => {
        await Promise.all(after.map((index) => done[index]));
        const wait = request.startMs - (performance.now() - startedAt);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const response = await fetchImpl(`${baseUrl}${request.path}`, {
          method: request.method,
          // As a browser asks: compressed answers where the server gives them.
          headers: { ...request.headers, 'accept-encoding': 'gzip, deflate, br' },
          body: request.body ?? undefined,
        });
        await response.arrayBuffer();
        statuses.add(response.status);
      })(),
    );
  }
  await Promise.all(done);
  return { ms: performance.now() - startedAt, statuses: [...statuses].sort(), count: schedule.length };
}
