#!/usr/bin/env node
// The one test command: typecheck, lint, unit, server (SQLite, and PostgreSQL when DATABASE_URL is set),
// build, browser journeys. Runs the steps in order and ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const resultsDir = '.vitest-results';
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
// A browser run that dies before reporting must not be counted from an earlier run's report.
rmSync('test-results/e2e.json', { force: true });

const vitestProjects = ['core', 'core-chromium', 'web', 'web-import', 'extension', 'server-sqlite'];
if (process.env.DATABASE_URL) vitestProjects.push('server-postgres');
else console.log('DATABASE_URL is not set: server tests run on SQLite only.');

const steps = [
  { name: 'typecheck', cmd: 'npm', args: ['run', '-s', 'typecheck'] },
  { name: 'lint', cmd: 'npx', args: ['biome', 'ci', '.'] },
  {
    name: 'unit and server tests',
    cmd: 'npx',
    args: [
      'vitest',
      'run',
      ...vitestProjects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${resultsDir}/vitest.json`,
    ],
    results: () => vitestCounts(`${resultsDir}/vitest.json`),
    failures: () => vitestFailures(`${resultsDir}/vitest.json`),
  },
  {
    name: 'benchmark and map tests',
    cmd: 'node',
    args: [
      '--test',
      '--test-reporter=tap',
      '--test-reporter-destination=.vitest-results/bench.tap',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      'bench/',
      // Named by file: `node --test scripts/` would also take scripts/test.mjs, this command, for a test.
      'scripts/architecture-map.test.mjs',
    ],
    results: () => tapCounts('.vitest-results/bench.tap'),
    failures: () => tapFailures('.vitest-results/bench.tap'),
  },
  { name: 'build', cmd: 'npm', args: ['run', '-s', 'build'] },
  // The Firefox package as addons.mozilla.org checks it; warnings are reported, errors fail the step.
  { name: 'web-ext lint', cmd: 'npm', args: ['run', '-s', 'lint:firefox', '-w', '@coffer/extension'] },
  {
    name: 'browser journeys',
    cmd: 'npx',
    args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    results: () => playwrightCounts('test-results/e2e.json'),
    failures: () => playwrightFailures('test-results/e2e.json'),
  },
];

function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function tapCounts(file) {
  if (!existsSync(file)) return null;
  const tap = readFileSync(file, 'utf8');
  const count = (label) => Number(tap.match(new RegExp(`^# ${label} (\\d+)$`, 'm'))?.[1] ?? 0);
  return { passed: count('pass'), failed: count('fail'), skipped: count('skipped') + count('todo') };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
}

// The closing lines name every failed test: CI keeps only the tail of a run's output, and a failure
// that scrolled away far above could not otherwise be told from a flake.
function vitestFailures(file) {
  if (!existsSync(file)) return [];
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return r.testResults.flatMap((f) => {
    const where = f.name.replace(`${process.cwd()}/`, '');
    const failed = f.assertionResults.filter((a) => a.status === 'failed');
    if (failed.length === 0 && f.status === 'failed') return [`${where}: ${firstLine(f.message)}`];
    return failed.map((a) => `${where} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  });
}

function tapFailures(file) {
  if (!existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(/^\s*not ok \d+ - (.*)$/gm)].map((m) => m[1]);
}

function playwrightFailures(file) {
  if (!existsSync(file)) return [];
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((r) => r.error)?.error?.message;
        out.push(`${[...titles, spec.title].join(' > ')} (${test.status}): ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite, [suite.title]);
  return out;
}

// Terminal colour codes (ESC [ … m) would garble the closing lines.
const COLOUR_CODES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function firstLine(text) {
  return (text ?? '').replace(COLOUR_CODES, '').split('\n')[0].slice(0, 300);
}

const failedTests = [];
const total = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
for (const step of steps) {
  const started = Date.now();
  console.log(`\n=== ${step.name}`);
  const run = spawnSync(step.cmd, step.args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const counts = step.results?.();
  failedTests.push(...(step.failures?.() ?? []));
  if (counts) {
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  if (run.status !== 0) {
    failedSteps.push(step.name);
    // A step without per-test counts still counts as one failure, so the closing line never reads clean.
    if (!counts || counts.failed === 0) total.failed += 1;
    console.log(`=== ${step.name}: FAILED (${seconds} s)`);
    if (step.name === 'typecheck' || step.name === 'build') break;
  } else {
    console.log(`=== ${step.name}: ok (${seconds} s)`);
  }
}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `- ${t}`).join('\n')}`);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
