// The map must name every room: drift between docs/ARCHITECTURE.md and the folders was the one fault
// that came back after every structural review, so a folder added without a line in the map fails here.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const map = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');

// Each entry: a folder whose every child folder must be named in the map, and the heading line of the
// annotated tree under which those names must stand.
const mappedRooms = [
  { folder: 'packages/core/src', section: 'packages/core/src/' },
  { folder: 'packages/server/src', section: 'packages/server/src/' },
  { folder: 'packages/server/src/services', section: 'packages/server/src/' },
  { folder: 'packages/web/src', section: 'packages/web/src/' },
  { folder: 'packages/web/src/pages', section: 'packages/web/src/' },
  { folder: 'packages/web/src/components', section: 'packages/web/src/' },
];

function childFolders(folder) {
  return readdirSync(join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** The lines of the annotated tree from `heading` (at the start of a line) to the next unindented line. */
function sectionOf(heading) {
  const lines = map.split('\n');
  const start = lines.findIndex((line) => line.startsWith(heading));
  assert.notEqual(start, -1, `docs/ARCHITECTURE.md has no annotated-tree section "${heading}"`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => line !== '' && !line.startsWith(' '));
  return (end === -1 ? rest : rest.slice(0, end)).join('\n');
}

function names(section, folder) {
  const name = folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A folder is named as `name/`, alone or as the last step of a path, or inside a brace list such as
  // `{home,profile}/`.
  const alone = new RegExp(`(^|[\\s(/])${name}/`, 'm');
  const inBraces = new RegExp(`\\{([^}\\n]*,)?\\s*${name}\\s*(,[^}\\n]*)?\\}/`);
  return alone.test(section) || inBraces.test(section);
}

for (const { folder, section } of mappedRooms) {
  test(`docs/ARCHITECTURE.md names every folder of ${folder}`, () => {
    const text = sectionOf(section);
    const missing = childFolders(folder).filter((child) => !names(text, child));
    assert.deepEqual(
      missing,
      [],
      `not named under ${section} in docs/ARCHITECTURE.md: ${missing.join(', ')}`,
    );
  });
}

test('docs/ARCHITECTURE.md names every page of docs/', () => {
  const docs = readdirSync(join(root, 'docs')).filter(
    (name) => name.endsWith('.md') && name !== 'ARCHITECTURE.md',
  );
  const missing = docs.filter((name) => !map.includes(name));
  assert.deepEqual(missing, [], `docs not named in docs/ARCHITECTURE.md: ${missing.join(', ')}`);
});

test('docs/ARCHITECTURE.md links nothing outside the repository', () => {
  assert.ok(!map.includes('../shared/'), 'the map must not point outside the repository');
});
