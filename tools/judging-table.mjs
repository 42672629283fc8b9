#!/usr/bin/env node
// The tables of named mistakes in docs/judging.md, written from the core: every written wrong
// version of an operation (and every exercise's own mistake), with the exercise parts where it is
// named on some variant among the first seeds; and every kind of derived mistake (a change to the
// declared computation, cpp/exercises/mutations/) at every exercise step where it is named, with an
// answer that shows it. `node tools/judging-table.mjs` writes both between the file's markers;
// `--check` only says whether the file is up to date.
import { readFileSync, writeFileSync } from 'node:fs';
import { loadCompanion } from '../web/companion.mjs';

export const SEEDS = 40;
const START = '<!-- mistakes-table: written by tools/judging-table.mjs -->';
const END = '<!-- /mistakes-table -->';
const MUTATIONS = { open: '<!-- mutations-table: written by tools/judging-table.mjs -->', close: '<!-- /mutations-table -->' };
const DOC = new URL('../docs/judging.md', import.meta.url);

// Each (operation, tag) with the parts it is named for: [{operation, tag, parts: [{id, part,
// step}], where: {id, part, seed, answer}}], where `where` is one variant on which it is named.
export function mistakeRows(companion, seeds = SEEDS) {
  const rows = new Map();
  for (const { id } of companion.exercises()) {
    for (let seed = 0; seed < seeds; seed++) {
      let described;
      try {
        described = companion.mistakes(id, { seed });
      } catch {
        break;  // an exercise with no parts to grade
      }
      for (const part of described.parts) {
        for (const m of part.mistakes) {
          if (m.derived) continue;
          const operation = m.operation || (m.step ? 'the exercise\'s own' : '');
          const key = `${operation}\u0000${m.tag}`;
          if (!rows.has(key)) rows.set(key, { operation, tag: m.tag, parts: new Map() });
          const row = rows.get(key);
          const at = `${id}\u0000${part.name}`;
          if (!row.parts.has(at)) row.parts.set(at, { id, part: part.name, step: m.step, seed, answer: m.answer });
        }
      }
    }
  }
  return [...rows.values()].map((row) => ({ ...row, parts: [...row.parts.values()] }));
}

// Each derived kind at each exercise step where it is named: [{kind, operation, sites: [{id, step,
// part, seed, tag, answer}]}], one site a step (the first part and variant that shows it with an
// answer a learner can type).
export function mutationRows(companion, seeds = SEEDS) {
  const rows = new Map();
  for (const { id } of companion.exercises()) {
    for (let seed = 0; seed < seeds; seed++) {
      let described;
      try {
        described = companion.mistakes(id, { seed });
      } catch {
        break;
      }
      for (const part of described.parts) {
        for (const m of part.mistakes) {
          if (!m.derived || m.answer === null) continue;
          const key = `${m.derived}\u0000${m.operation}`;
          if (!rows.has(key)) rows.set(key, { kind: m.derived, operation: m.operation, sites: new Map() });
          const sites = rows.get(key).sites;
          const at = `${id}\u0000${m.step}`;
          if (!sites.has(at)) sites.set(at, { id, step: m.step, part: part.name, seed, tag: m.tag, answer: m.answer });
        }
      }
    }
  }
  return [...rows.values()].map((row) => ({ ...row, sites: [...row.sites.values()] }));
}

export function mutationsTable(rows) {
  const sorted = [...rows].sort((a, b) => `${a.kind}\u0000${a.operation}`.localeCompare(`${b.kind}\u0000${b.operation}`));
  const lines = ['| kind of change | at an operation | exercise steps where it is named | an answer that shows it |',
    '|---|---|---|---|'];
  for (const row of sorted) {
    const byExercise = new Map();
    for (const site of row.sites) {
      if (!byExercise.has(site.id)) byExercise.set(site.id, []);
      byExercise.get(site.id).push(site.step);
    }
    const where = [...byExercise].map(([id, steps]) => `${id}: ${steps.join(', ')}`).join('; ');
    const [first] = row.sites;
    const shown = first.answer.length > 60 ? `${first.answer.slice(0, 57)}…` : first.answer;
    lines.push(`| \`${row.kind}\` | ${row.operation} | ${where} | ${first.id} ${first.part}, seed ${first.seed}: ` +
      `\`${shown.replaceAll('|', '\\|')}\` (\`${first.tag}\`) |`);
  }
  return lines.join('\n');
}

export function mistakesTable(rows) {
  const order = (row) => [row.operation === 'the exercise\'s own' ? '~' : row.operation, row.tag];
  const sorted = [...rows].sort((a, b) => order(a).join('\u0000').localeCompare(order(b).join('\u0000')));
  const lines = ['| operation | mistake (tag) | named for (exercise: part, at the step done wrong) |', '|---|---|---|'];
  for (const row of sorted) {
    const byExercise = new Map();
    for (const p of row.parts) {
      if (!byExercise.has(p.id)) byExercise.set(p.id, []);
      byExercise.get(p.id).push(`${p.part}${p.step ? ` (${p.step})` : ''}`);
    }
    const where = [...byExercise].map(([id, parts]) => `${id}: ${parts.join(', ')}`).join('; ');
    lines.push(`| ${row.operation || '—'} | \`${row.tag}\` | ${where} |`);
  }
  return lines.join('\n');
}

// The document with the text between its two markers replaced by the table (the markers of
// another generated table with `markers`).
export { MUTATIONS };

export function withTable(doc, table, { open = START, close = END } = {}) {
  const start = doc.indexOf(open);
  const end = doc.indexOf(close);
  if (start < 0 || end < start) throw new Error(`the document has no ${open} … ${close} markers`);
  return `${doc.slice(0, start + open.length)}\n${table}\n${doc.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const companion = await loadCompanion();
  const doc = readFileSync(DOC, 'utf8');
  const next = withTable(withTable(doc, mistakesTable(mistakeRows(companion))),
    mutationsTable(mutationRows(companion)), MUTATIONS);
  if (process.argv.includes('--check')) {
    if (next !== doc) {
      console.error('docs/judging.md is not up to date: run node tools/judging-table.mjs');
      process.exitCode = 1;
    }
  } else {
    writeFileSync(DOC, next);
  }
}
