#!/usr/bin/env node
// The table of the core's operations in docs/authoring.md, written from the core
// (companion.operations()): each operation's name, what it computes, its arguments, the fields
// a part or a later step may name, and the mistakes it carries. Run after adding or changing an
// operation; `--check` only says whether the file is up to date (a test holds it).
//   node tools/operations-table.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { loadCompanion } from '../web/companion.mjs';
import { withTable } from './judging-table.mjs';

const DOC = new URL('../docs/authoring.md', import.meta.url);
export const MARKERS = {
  open: '<!-- operations-table: written by tools/operations-table.mjs -->',
  close: '<!-- /operations-table -->',
};

const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');

// An operation's wrong versions, each tag once: two versions may share a tag (a window's start
// and its end, each off by one), and a tag listed twice read as a slip in the table.
function wrongVersions(tags) {
  const counts = new Map();
  for (const tag of tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].map(([tag, n]) => `\`${tag}\`${n > 1 ? ` (${n} ways)` : ''}`).join(', ');
}

export function operationsTable(operations) {
  const lines = ['| operation | what it computes | arguments (* needed) | fields | mistakes it carries |', '|---|---|---|---|---|'];
  for (const op of operations) {
    const args = op.args.map((a) => `\`${a.name}\`${a.required ? '*' : ''}: ${a.about}${a.word ? ' (a word)' : ''}`).join('; ');
    const fields = op.fields.map((f) => `\`${f.name}\``).join(', ') || '—';
    const mistakes = wrongVersions(op.mistakes) || '—';
    lines.push(`| \`${op.name}\` | ${cell(op.summary)} | ${cell(args)} | ${fields} | ${mistakes} |`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const companion = await loadCompanion({ exercises: [] });
  const doc = readFileSync(DOC, 'utf8');
  const next = withTable(doc, operationsTable(companion.operations()), MARKERS);
  if (process.argv.includes('--check')) {
    if (next !== doc) {
      console.error('docs/authoring.md is not up to date: run node tools/operations-table.mjs');
      process.exitCode = 1;
    }
  } else {
    writeFileSync(DOC, next);
  }
}
