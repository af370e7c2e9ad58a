// Writing results: bench/results/latest.json (merged: benchmarks not run keep their last entry) and
// the matching sections of docs/benchmarks.md, each between <!-- bench:NAME --> and <!-- /bench:NAME -->.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SHARED_MACHINE_CORES } from './cpu-watch.mjs';
import { formatMachine } from './machine.mjs';
import { formatUtc } from './markdown.mjs';
import { BENCHMARKS_DOC, RESULTS_JSON } from './paths.mjs';

/** Merges `entries` (by name) into latest.json and rewrites their sections of the doc. */
export function writeResults(entries, { jsonFile = RESULTS_JSON, docFile = BENCHMARKS_DOC } = {}) {
  const previous = readJson(jsonFile);
  const benchmarks = { ...(previous?.benchmarks ?? {}) };
  // The Markdown body lives in the doc; the JSON keeps the numbers.
  for (const { body: _body, ...entry } of entries) benchmarks[entry.name] = entry;
  writeAtomically(
    jsonFile,
    `${JSON.stringify({ updatedAt: new Date().toISOString(), benchmarks }, null, 2)}\n`,
  );
  let doc = readText(docFile);
  for (const entry of entries) {
    if (entry.status === 'failed') continue; // a failure is printed; the last good numbers stay
    doc = replaceSection(doc, entry.name, renderSection(entry));
  }
  writeAtomically(docFile, doc);
}

/** The Markdown of one section: heading, when and where it was measured, then the benchmark's body. */
export function renderSection(entry) {
  const lines = [`### ${entry.title}`, ''];
  const when = `Measured ${formatUtc(entry.machine.measuredAt)} on ${formatMachine(entry.machine)}.`;
  lines.push(entry.settings ? `${when} ${entry.settings}` : when, '');
  if (entry.provisional) {
    lines.push(
      `**Provisional: measured while the machine was shared** (other processes used ${entry.cpu.foreignCores} ` +
        `CPU cores on average during the measurement; above ${SHARED_MACHINE_CORES} counts as shared).`,
      '',
    );
  }
  if (entry.status === 'skipped') lines.push(`**Skipped:** ${entry.reason}`);
  else lines.push(entry.body.trim());
  return lines.join('\n');
}

/** Replaces the text between the section's markers, or appends a new marked section at the end. */
export function replaceSection(doc, name, content) {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${content}\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from === -1 || to < from) return `${doc.trimEnd()}\n\n${block}\n`;
  return doc.slice(0, from) + block + doc.slice(to + end.length);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function readText(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '# Benchmarks\n';
  }
}

// Write then rename, so an interrupted run never leaves half a file.
function writeAtomically(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}
