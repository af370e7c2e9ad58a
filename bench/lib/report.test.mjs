import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { renderSection, replaceSection, writeResults } from './report.mjs';

const machine = {
  cpus: 2,
  cpuModel: 'Test CPU',
  memoryBytes: 8 * 1024 ** 3,
  node: 'v20.0.0',
  os: 'Debian GNU/Linux 12 (bookworm)',
  measuredAt: '2025-01-02T03:04:05.000Z',
};
const entry = {
  name: 'demo',
  title: 'Demo',
  status: 'measured',
  machine,
  provisional: true,
  cpu: { foreignCores: 0.8, ourCores: 1.1, seconds: 10 },
  settings: 'Load: some.',
  body: '| a |\n| --- |\n| 1 |',
  data: { value: 1 },
};

test('replaceSection rewrites only the text between its own markers', () => {
  const doc = 'top\n<!-- bench:a -->\nold a\n<!-- /bench:a -->\n<!-- bench:b -->\nold b\n<!-- /bench:b -->\n';
  const next = replaceSection(doc, 'a', 'new a');
  assert.equal(
    next,
    'top\n<!-- bench:a -->\nnew a\n<!-- /bench:a -->\n<!-- bench:b -->\nold b\n<!-- /bench:b -->\n',
  );
});

test('replaceSection appends a marked section when the doc has none', () => {
  assert.equal(
    replaceSection('# Doc\n', 'x', 'body'),
    '# Doc\n\n<!-- bench:x -->\nbody\n<!-- /bench:x -->\n',
  );
});

test('renderSection states the machine, the UTC time and the shared-machine warning', () => {
  const text = renderSection(entry);
  assert.match(text, /^### Demo\n/);
  assert.match(text, /Measured 2025-01-02 03:04 UTC on 2 CPUs \(Test CPU\), 8\.0 GiB memory, Node v20\.0\.0/);
  assert.match(
    text,
    /\*\*Provisional: measured while the machine was shared\*\* \(other processes used 0\.8/,
  );
  assert.match(text, /\| 1 \|$/);
});

test('renderSection says why a benchmark was skipped', () => {
  const text = renderSection({ ...entry, status: 'skipped', provisional: false, reason: 'no web build' });
  assert.match(text, /\*\*Skipped:\*\* no web build/);
  assert.doesNotMatch(text, /Provisional/);
});

test('writeResults merges the JSON and leaves a failed benchmark’s section alone', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'coffer-bench-test-'));
  try {
    const jsonFile = path.join(dir, 'latest.json');
    const docFile = path.join(dir, 'benchmarks.md');
    writeFileSync(jsonFile, JSON.stringify({ benchmarks: { older: { name: 'older' } } }));
    writeFileSync(
      docFile,
      '<!-- bench:demo -->\nold\n<!-- /bench:demo -->\n<!-- bench:bad -->\nkeep\n<!-- /bench:bad -->\n',
    );
    const failed = { name: 'bad', title: 'Bad', status: 'failed', machine, reason: 'boom' };
    writeResults([entry, failed], { jsonFile, docFile });
    const json = JSON.parse(readFileSync(jsonFile, 'utf8'));
    assert.deepEqual(Object.keys(json.benchmarks).sort(), ['bad', 'demo', 'older']);
    assert.equal(json.benchmarks.demo.body, undefined);
    assert.deepEqual(json.benchmarks.demo.data, { value: 1 });
    const doc = readFileSync(docFile, 'utf8');
    assert.match(doc, /### Demo/);
    assert.match(doc, /<!-- bench:bad -->\nkeep\n/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
