// The table of named mistakes in docs/judging.md is the core's: written by
// tools/judging-table.mjs from what every exercise's parts name over its first seeds, and each
// row holds: at a variant where the mistake is named for that part, typing what the mistake
// gives names it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadCompanion } from '../../web/companion.mjs';
import { mistakeRows, mistakesTable, withTable } from '../../tools/judging-table.mjs';

const companion = await loadCompanion();
const rows = mistakeRows(companion);

test('docs/judging.md holds the table the core writes', () => {
  const doc = readFileSync(new URL('../../docs/judging.md', import.meta.url), 'utf8');
  assert.equal(withTable(doc, mistakesTable(rows)), doc, 'run node tools/judging-table.mjs');
});

test('every row of the table, typed, names its mistake', () => {
  let held = 0;
  for (const row of rows) {
    for (const { id, part, seed, answer } of row.parts) {
      if (answer === null) continue;
      const verdict = companion.grade(id, part, answer, { seed });
      assert.ok(verdict.misconceptions.includes(row.tag),
        `${row.tag} (${row.operation}) for ${id} ${part} at seed ${seed}: ${answer} -> ${JSON.stringify(verdict)}`);
      held += 1;
    }
  }
  assert.ok(rows.length >= 50, `${rows.length} rows`);
  assert.ok(held >= 400, `${held} rows held`);
});
