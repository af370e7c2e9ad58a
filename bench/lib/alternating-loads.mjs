// Page loads of several kinds measured side by side: a few unrecorded loads of each first, then
// `loads` rounds of one load each, the order reversed every other round so that neither kind always
// follows the other, under a CPU watch of the server. For goals stated as one page load against
// another (the dashboard with 100,000 secrets against 100; with signed headers against without).
import { startCpuWatch } from './cpu-watch.mjs';

/**
 * `keys`: the kinds, in their first order; `load(key)` loads one and answers its sample. Answers
 * { samples: { key: [sample…] }, cpu } (cpu: startCpuWatch's result over `cpuPids`).
 */
export async function measureAlternatingLoads({ keys, warmup, loads, load, cpuPids, log }) {
  log(`  ${warmup} warm-up loads, then ${loads} measured loads per organisation, alternating`);
  for (let round = 0; round < warmup; round += 1) for (const key of keys) await load(key);
  const watch = startCpuWatch(cpuPids);
  const samples = Object.fromEntries(keys.map((key) => [key, []]));
  for (let round = 0; round < loads; round += 1) {
    const order = round % 2 === 0 ? keys : [...keys].reverse();
    for (const key of order) samples[key].push(await load(key));
  }
  return { samples, cpu: await watch.stop() };
}
