// The class report's views of what each learner did (DOM), from regrade.mjs's result: a
// table with a row per learner and part (the last answer as typed, its verdict, the
// attempts, follow-through and the named mistake); per part, the wrong answers that no
// named mistake explains, grouped by the value the core read; and the written work,
// each learner's text beside the item's checklist. Everything goes in as text, but the
// checklist's maths, which the exercise's author wrote, is typeset as on the exercise page.

import { el } from '../ui/dom.mjs';
import { renderMathText } from '../ui/render-math.mjs';
import { plural } from '../ui/format.mjs';
import { followThroughText } from './report-csv.mjs';

const VERDICT_WORDS = { correct: 'correct', incorrect: 'incorrect', invalid: 'not read (invalid)' };

export function learnerTable(report) {
  const table = el('table', { class: 'report-table report-learners' },
    el('caption', {}, 'What each learner answered: the last answer to each part'),
    el('thead', {}, el('tr', {}, ['Part', 'Answer', 'Verdict', 'Attempts', 'Follow-through', 'Named mistake']
      .map((name) => el('th', { scope: 'col' }, name)))));
  for (const { learner, rows } of report.learners) {
    const body = el('tbody', { 'data-learner': learner },
      el('tr', { class: 'report-exercise' }, el('th', { scope: 'rowgroup', colspan: 6 }, learner)));
    for (const row of rows) {
      body.append(el('tr', { 'data-learner': learner, 'data-exercise': row.exercise, 'data-part': row.part },
        el('th', { scope: 'row' }, el('code', {}, `${row.exercise} · ${row.part}`), row.seed ? ` (variant ${row.seed})` : ''),
        el('td', { class: 'report-answer' }, el('code', {}, row.text)),
        el('td', { 'data-verdict': row.verdict }, VERDICT_WORDS[row.verdict] ?? row.verdict),
        el('td', { class: 'report-count' }, String(row.attempts)),
        el('td', {}, followThroughText(row.followThrough)),
        el('td', {}, row.mistake ? el('code', {}, row.mistake) : '')));
    }
    table.append(body);
  }
  return el('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': 'What each learner answered (table)' },
    table);
}

// Per part, the unexplained wrong answers: one row per value, most frequent first.
export function unexplainedList(parts) {
  const withSome = parts.filter((p) => p.unexplained.length > 0);
  if (withSome.length === 0) return el('p', { class: 'report-none' }, 'Every wrong answer here is one the core names.');
  return withSome.map((p) => el('section', { class: 'report-unexplained', 'data-exercise': p.exercise, 'data-part': p.part },
    el('h3', {}, el('code', {}, p.exercise), ' · ', el('code', {}, p.part)),
    el('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': `Unexplained wrong answers to ${p.exercise} ${p.part}` },
      el('table', { class: 'report-table' },
      el('caption', {}, `Wrong answers to ${p.part} that no named mistake explains, by the value the core read`),
      el('thead', {}, el('tr', {}, ['Value read', 'Answers', 'Learners', 'For example, as typed']
        .map((name) => el('th', { scope: 'col' }, name)))),
      el('tbody', {}, p.unexplained.map((group) => el('tr', { 'data-value': group.value },
        el('th', { scope: 'row' }, el('code', {}, group.value)),
        el('td', { class: 'report-count' }, String(group.count)),
        el('td', { class: 'report-count' }, String(group.learners)),
        el('td', {}, el('code', {}, group.example)))))))));
}

// The written work: per item, the checklist the learners ticked against, then each
// learner's text. checklists: (exercise, item) -> the item's checklist points, or [].
export function writtenList(written, checklists) {
  if (written.length === 0) return null;
  return written.map((item) => {
    const points = checklists(item.exercise, item.item);
    return el('section', { class: 'report-written', 'data-exercise': item.exercise, 'data-item': item.item },
      el('h3', {}, el('code', {}, item.exercise), ' · ', item.item === 'plan' ? 'the plan' : el('code', {}, item.item)),
      points.length ? el('details', { class: 'report-checklist' }, el('summary', {}, `The checklist (${points.length} points)`),
        el('ol', {}, points.map((point) => { const li = el('li'); renderMathText(li, point); return li; }))) : null,
      el('dl', { class: 'report-written-entries' }, item.entries.map((entry) => el('div', { 'data-learner': entry.learner },
        el('dt', {}, entry.learner, entry.ticked === null ? ''
          : ` (ticked ${plural(entry.ticked.length, 'point')} of ${points.length}${entry.ticked.length
            ? `: ${entry.ticked.map((i) => i + 1).join(', ')}` : ''})`),
        el('dd', { class: 'report-written-text' }, entry.text)))));
  });
}
