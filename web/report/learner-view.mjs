// The class report's views of what each learner did (DOM), from regrade.mjs's result: each
// learner (a page of them at a time, with a search) with their score and checks, opening on
// a table with a row per part (the last answer as typed, its verdict, the checks it took,
// the path of its tries with the mistakes met on the way, follow-through, the named mistake
// and the exercise's version where known, and the named mistakes practised on new variants: an answer given against an earlier version shows
// both versions, and the verdict it was given beside the core's now); per part, the wrong answers that no named mistake
// explains, grouped by the value the core read; and the written work, each learner's text
// beside the item's checklist. Everything goes in as text, but the checklist's maths, which the
// exercise's author wrote, is typeset as on the exercise page.

import { el } from '../ui/dom.mjs';
import { renderMathText } from '../ui/render-math.mjs';
import { plural } from '../ui/format.mjs';
import { followThroughText, nowText, practisedCell, stepText } from './report-csv.mjs';
import { pager } from './pager.mjs';
import { REVEALED_WORDS } from '../embed/scorm-values.mjs';
import { compareNames } from './learners.mjs';

const VERDICT_WORDS = { correct: 'correct', incorrect: 'incorrect', invalid: 'not read (invalid)' };
// Learners shown open at once when the class is this small.
const OPEN_UP_TO = 10;

// One learner's parts as a table.
// A row's version, and whether it is not the one its exercise has now (current: {id: version}).
function versionText(row, current) {
  if (!row.version) return '';
  const now = current.get(row.exercise);
  return now && now !== row.version ? `${row.version} (an earlier version; now ${now})` : row.version;
}

function partsTable(learner, label, withVersion, current = new Map()) {
  const head = ['Part', 'Answer', 'Verdict', 'Attempts', 'Tries, in order', 'Follow-through', 'Named mistake',
    ...(withVersion ? ['Version'] : [])];
  return el('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': `${label}: each part (table)` },
    el('table', { class: 'report-table report-learner-parts' },
      el('caption', {}, `${label}: the last answer to each part, and the tries on the way`),
      el('thead', {}, el('tr', {}, head.map((name) => el('th', { scope: 'col' }, name)))),
      el('tbody', {}, learner.rows.map((row) => el('tr', { 'data-exercise': row.exercise, 'data-part': row.part,
        'data-seed': String(row.seed) },
      el('th', { scope: 'row' }, el('code', {}, `${row.exercise} · ${row.part}`), row.seed ? ` (variant ${row.seed})` : ''),
      el('td', { class: 'report-answer' }, el('code', {}, row.text)),
      el('td', { 'data-verdict': row.verdict, ...(row.now ? { 'data-now': row.now.verdict } : {}) },
        VERDICT_WORDS[row.verdict] ?? row.verdict, row.now ? ` (as given; ${nowText(row.now)})` : ''),
      el('td', { class: 'report-count' }, String(row.attempts)),
      el('td', { class: 'report-path' }, el('ol', {}, (row.path ?? []).map((step) => el('li', { 'data-verdict': step.verdict,
        ...(step.mistake ? { 'data-mistake': step.mistake } : {}) }, stepText(step))))),
      el('td', {}, followThroughText(row.followThrough)),
      el('td', {}, row.mistake ? el('code', {}, row.mistake) : '',
        row.practised?.length ? el('span', { class: 'report-practised', 'data-practised': row.practised.join(' ') },
          `${row.mistake ? ' · ' : ''}${practisedCell(row)}`) : ''),
      withVersion ? el('td', { class: 'report-version', ...(row.version ? { 'data-version': row.version } : {}) },
        versionText(row, current)) : null)))));
}

// "67% (4 of 6 parts correct) · 9 checks · mistakes met: divided-by-count, forgot-exp"
export function learnerSummary(learner) {
  const checks = learner.rows.reduce((sum, row) => sum + row.attempts, 0);
  const mistakes = [...new Set(learner.rows.flatMap((row) => (row.path ?? []).map((step) => step.mistake).filter(Boolean)))];
  return `${learner.score}% (${learner.correct} of ${plural(learner.total, 'part')} correct) · ${plural(checks, 'check')}` +
    (mistakes.length ? ` · mistakes met: ${mistakes.join(', ')}` : '');
}

// report: regrade.mjs's; label(key): the name a learner is shown by.
export function learnerSection(report, label) {
  const withVersion = report.learners.some((learner) => learner.rows.some((row) => row.version));
  const current = new Map((report.exercises ?? []).filter((entry) => entry.version).map((entry) => [entry.exercise, entry.version]));
  const learners = [...report.learners].sort((x, y) => compareNames(label(x.learner), label(y.learner)));
  const open = learners.length <= OPEN_UP_TO;
  const draw = (learner) => {
    const name = label(learner.learner);
    const details = el('details', { class: 'report-learner', 'data-learner': learner.learner },
      el('summary', {}, el('span', { class: 'report-learner-name' }, name), ' — ',
        el('span', { class: 'report-learner-score', 'data-score': String(learner.score) }, learnerSummary(learner))));
    // (The table is drawn when the learner is first opened.)
    const fill = () => {
      if (details.dataset.drawn) return;
      details.dataset.drawn = 'true';
      details.append(partsTable(learner, name, withVersion, current));
    };
    details.addEventListener('toggle', () => { if (details.open) fill(); });
    if (open) {
      details.open = true;
      fill();
    }
    return details;
  };
  return pager(learners, draw, { pageSize: 50, noun: ['learner', 'learners'], holder: el('div', { class: 'report-learners' }),
    filter: (learner) => label(learner.learner), label: 'Find a learner' });
}

// Per part, the unexplained wrong answers: one row per value, most frequent first.
export function unexplainedList(parts) {
  const withSome = parts.filter((p) => p.unexplained.length > 0);
  if (withSome.length === 0) return el('p', { class: 'report-none' }, 'Every wrong answer here is one the core names.');
  return withSome.map((p) => {
    const body = el('tbody', {});
    const table = el('table', { class: 'report-table' },
      el('caption', {}, `Wrong answers to ${p.part} that no named mistake explains, by the value the core read`),
      el('thead', {}, el('tr', {}, ['Value read', 'Answers', 'Learners', 'For example, as typed']
        .map((name) => el('th', { scope: 'col' }, name)))), body);
    const draw = (group) => el('tr', { 'data-value': group.value },
      el('th', { scope: 'row' }, el('code', {}, group.value)),
      el('td', { class: 'report-count' }, String(group.count)),
      el('td', { class: 'report-count' }, String(group.learners)),
      el('td', {}, el('code', {}, group.example)));
    return el('section', { class: 'report-unexplained', 'data-exercise': p.exercise, 'data-part': p.part },
      el('h3', {}, el('code', {}, p.exercise), ' · ', el('code', {}, p.part)),
      pager(p.unexplained, draw, { pageSize: 20, noun: ['value', 'values'], holder: body,
        frame: el('div', { class: 'table-scroll', tabindex: '0', role: 'region',
          'aria-label': `Unexplained wrong answers to ${p.exercise} ${p.part}` }, table) }));
  });
}

// The written work: per item, the checklist the learners ticked against, then each
// learner's text. checklists: (exercise, item) -> the item's checklist points, or [];
// label(key): the name a learner is shown by.
export function writtenList(written, checklists, label = (key) => key) {
  if (written.length === 0) return null;
  return written.map((item) => {
    const points = checklists(item.exercise, item.item);
    const entries = [...item.entries].sort((x, y) => compareNames(label(x.learner), label(y.learner)));
    // (The variant, and the reference notes opened, as a worked solution seen is said of a
    // part's tries: the teacher reads the text knowing the learner had seen the answers.)
    const draw = (entry) => el('div', { 'data-learner': entry.learner, ...(entry.seed ? { 'data-seed': String(entry.seed) } : {}) },
      el('dt', {}, label(entry.learner), entry.seed ? ` (variant ${entry.seed})` : '', entry.ticked === null ? ''
        : ` (ticked ${plural(entry.ticked.length, 'point')} of ${points.length}${entry.ticked.length
          ? `: ${entry.ticked.map((i) => i + 1).join(', ')}` : ''})`,
      entry.revealed ? el('span', { class: 'report-revealed' }, ` (${REVEALED_WORDS})`) : ''),
      el('dd', { class: 'report-written-text' }, entry.text));
    return el('section', { class: 'report-written', 'data-exercise': item.exercise, 'data-item': item.item },
      el('h3', {}, el('code', {}, item.exercise), ' · ', item.item === 'plan' ? 'the plan' : el('code', {}, item.item)),
      points.length ? el('details', { class: 'report-checklist' }, el('summary', {}, `The checklist (${points.length} points)`),
        el('ol', {}, points.map((point) => { const li = el('li'); renderMathText(li, point); return li; }))) : null,
      pager(entries, draw, { pageSize: 20, noun: ['text', 'texts'], holder: el('dl', { class: 'report-written-entries' }),
        filter: (entry) => label(entry.learner), label: 'Find a learner' }));
  });
}
