import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { listDescendants, mergeCpuWatches, startCpuWatch } from './cpu-watch.mjs';

test('a busy child process counts as ours, not as the machine being shared', async () => {
  const watch = startCpuWatch();
  const child = spawn(process.execPath, ['-e', 'const end = Date.now() + 600; while (Date.now() < end);']);
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.ok(listDescendants(process.pid).includes(child.pid));
  await new Promise((resolve) => child.once('exit', resolve));
  const result = await watch.stop();
  assert.ok(result.ourCores > 0, `ours: ${JSON.stringify(result)}`);
  assert.ok(result.seconds > 0);
});

test('mergeCpuWatches weights each window by its length', () => {
  const merged = mergeCpuWatches([
    { foreignCores: 1, ourCores: 0, seconds: 1 },
    { foreignCores: 0, ourCores: 1, seconds: 3 },
  ]);
  assert.deepEqual(merged, { foreignCores: 0.25, ourCores: 0.75, seconds: 4 });
});
