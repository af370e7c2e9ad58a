// Pages of one server measured side by side: each alone (one request at a time, the order rotating
// every run), then all of them under the same load in alternating rounds (compareTargets). For
// goals stated as one page against another (e.g. at most 2× the dashboard's first page).
import { callJson } from './coffer-api.mjs';
import { compareTargets } from './compare.mjs';
import { median } from './stats.mjs';

/**
 * `pages`: { key: path }. `settings`: { aloneRuns, load }. Each page must answer 200. Returns
 * { pages: { key: { path, aloneMs, load } }, cpu }: aloneMs the median of `aloneRuns` requests after
 * one unrecorded, load the page's result under compareTargets.
 */
export async function measurePagesSideBySide(server, headers, pages, settings, log) {
  const keys = Object.keys(pages);
  const times = Object.fromEntries(keys.map((key) => [key, []]));
  for (let run = 0; run <= settings.aloneRuns; run += 1) {
    const shift = run % keys.length;
    for (const key of [...keys.slice(shift), ...keys.slice(0, shift)]) {
      const answer = await callJson(server, headers, 'GET', pages[key]);
      if (answer.status !== 200) throw new Error(`${pages[key]} answered ${answer.status}`);
      if (run > 0) times[key].push(answer.ms);
    }
  }
  const targets = keys.map((key) => ({
    key,
    name: key,
    url: `${server.url}${pages[key]}`,
    pid: server.pid,
    cpuPids: server.cpuPids,
  }));
  const comparison = await compareTargets({ targets, path: '', load: { ...settings.load, headers }, log });
  const measured = {};
  for (const [index, target] of targets.entries()) {
    measured[target.key] = {
      path: pages[target.key],
      aloneMs: Math.round(median(times[target.key]) * 10) / 10,
      load: comparison.targets[index],
    };
  }
  return { pages: measured, cpu: comparison.cpu };
}
