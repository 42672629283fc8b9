// docs/inventory.md, the table of what the two chapters hold and where the companion covers
// it, is held to the exercise files: every exercise, part, written item, figure and page it
// names exists, every exercise file is named in it, and every row says where its item is
// covered or why it is not.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const inventory = fs.readFileSync(path.join(repoRoot, 'docs', 'inventory.md'), 'utf8');

function exerciseFiles(dir = path.join(repoRoot, 'exercises')) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return exerciseFiles(full);
    return entry.name.endsWith('.json') ? [JSON.parse(fs.readFileSync(full, 'utf8'))] : [];
  });
}

const exercises = new Map(exerciseFiles().map((doc) => [doc.id, doc]));

// The table rows of the file: [chapter item, what it is, covered by].
const rows = inventory.split('\n').filter((line) => /^\| (?!Chapter item|---)/.test(line))
  .map((line) => line.slice(2, -2).split(' | '));

// The references a cell makes, in code spans: `id`, `id:part or written item`, `id@figure kind`,
// `page.html` (under web/) or a test file.
function references(cell) {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
}

test('the inventory has a row for each chapter item, each naming a cover or a reason', () => {
  assert.ok(rows.length >= 70, `${rows.length} rows`);
  for (const [item, what, covered] of rows) {
    assert.ok(item && what && covered, `a row with an empty cell: ${item}`);
    assert.ok(references(covered).length > 0 || /^Not (covered|asked)/.test(covered), `${item}: covered by something, or says why not`);
  }
  // Every end-of-chapter exercise of both chapters has a row.
  for (let n = 1; n <= 5; n += 1) assert.ok(rows.some(([item]) => item.startsWith(`Exercise ${n}`)), `Exercise ${n}`);
  for (let n = 1; n <= 22; n += 1) assert.ok(rows.some(([item]) => item.startsWith(`Exercise 19.${n}`)), `Exercise 19.${n}`);
});

test('every exercise, part, written item, figure and page the inventory names exists', () => {
  let checked = 0;
  for (const [item, , covered] of rows) {
    for (const ref of references(covered)) {
      if (/^[a-z0-9-]+\.html$/.test(ref)) {
        assert.ok(fs.existsSync(path.join(repoRoot, 'web', ref)), `${item}: no page ${ref}`);
      } else if (/^ch1[49]\./.test(ref)) {
        const [, id, kind, name] = ref.match(/^([a-z0-9]+\.[a-z0-9]+)(?:([:@])(.+))?$/) ?? [];
        assert.ok(exercises.has(id), `${item}: no exercise ${ref}`);
        const doc = exercises.get(id);
        if (kind === ':') {
          const names = [...(doc.parts ?? []), ...(doc.explain ?? [])].map((part) => part.name);
          assert.ok(names.includes(name), `${item}: ${id} has no part or written item '${name}'`);
        } else if (kind === '@') {
          assert.ok((doc.figures ?? []).some((figure) => figure.kind === name), `${item}: ${id} declares no ${name} figure`);
        }
      } else {
        assert.ok(ref.startsWith('tests/') && fs.existsSync(path.join(repoRoot, ref)), `${item}: '${ref}' names nothing the inventory knows`);
      }
      checked += 1;
    }
  }
  assert.ok(checked >= 150, `${checked} references`);
});

test('every exercise file is named in the inventory', () => {
  const named = new Set(rows.flatMap(([, , covered]) => references(covered)).map((ref) => ref.match(/^ch1[49]\.[a-z0-9]+/)?.[0]));
  for (const id of exercises.keys()) assert.ok(named.has(id), `docs/inventory.md does not name ${id}`);
});
