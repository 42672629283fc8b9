// The table of named mistakes in docs/judging.md is the core's: written by
// tools/judging-table.mjs from what every exercise's parts name over its first seeds, and each
// row holds: at a variant where the mistake is named for that part, typing what the mistake
// gives names it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadCompanion } from '../../web/companion.mjs';
import {
  MUTATIONS, mistakeRows, mistakesTable, mutationRows, mutationsTable, withTable,
} from '../../tools/judging-table.mjs';

const companion = await loadCompanion();
const rows = mistakeRows(companion);
const mutations = mutationRows(companion);

test('docs/judging.md holds the tables the core writes', () => {
  const doc = readFileSync(new URL('../../docs/judging.md', import.meta.url), 'utf8');
  const next = withTable(withTable(doc, mistakesTable(rows)), mutationsTable(mutations), MUTATIONS);
  assert.equal(next, doc, 'run node tools/judging-table.mjs');
});

test('every derived kind at every step where it applies, typed, is named', () => {
  let held = 0;
  for (const row of mutations) {
    for (const { id, step, part, seed, tag, answer } of row.sites) {
      const verdict = companion.grade(id, part, answer, { seed });
      assert.equal(verdict.verdict, 'incorrect', `${row.kind} at ${id} ${step}: ${answer} -> ${JSON.stringify(verdict)}`);
      // A generic change yields to another part's value, which it may coincide with (docs/judging.md).
      assert.ok(verdict.misconceptions.includes(tag) || verdict.misconception === 'answered-another-part',
        `${row.kind} (${tag}) at ${id} ${step}, part ${part}, seed ${seed}: ${answer} -> ${JSON.stringify(verdict)}`);
      held += 1;
    }
  }
  assert.ok(mutations.length >= 30, `${mutations.length} rows`);
  assert.ok(held >= 100, `${held} sites held`);
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
  assert.ok(rows.length >= 40, `${rows.length} rows`);
  assert.ok(held >= 400, `${held} rows held`);
});
