// The progress summary (progress.html): for each chapter in the catalogue, the parts
// answered correctly, exercise by exercise and in total, from the saved answers (the
// chapter's own numbers; answers on variants are listed beside the exercise), and the
// open design tasks with how far the learner got with their checklists. Open tasks are
// not graded, so they are counted on their own, never in the parts.

import { el } from './dom.mjs';
import { plural } from './format.mjs';
import { byChapter, chapterTitle, explainNames, partNames } from './chapters.mjs';
import { exerciseHref } from './variant-control.mjs';

const MAX_VARIANTS_LISTED = 5;

// "2 of 5 correct" on the chapter's numbers, and what was tried beyond that.
function partsCell(summary) {
  const { total, correct, checked } = summary;
  const done = total > 0 && correct === total;
  return el('td', { class: `summary-parts${done ? ' progress-done' : ''}`, 'data-correct': String(correct),
    'data-total': String(total) },
  el('progress', { max: String(Math.max(total, 1)), value: String(correct), 'aria-hidden': 'true' }), ' ',
  el('span', { class: 'summary-count' }, `${correct} of ${total} correct`),
  checked > correct ? el('span', { class: 'summary-tried' }, ` (${checked - correct} more tried)`) : null);
}

function variantsNote(store, entry, parts) {
  const seeds = store.variantSeeds(entry.id);
  if (seeds.length === 0) return null;
  const shown = seeds.slice(0, MAX_VARIANTS_LISTED).flatMap((seed, index) => {
    const { correct, total } = store.partsSummary(entry.id, parts, seed);
    return [index ? ', ' : '', el('a', { href: exerciseHref(entry, seed) }, `variant ${seed}`), `: ${correct} of ${total}`];
  });
  const more = seeds.length - MAX_VARIANTS_LISTED;
  return el('p', { class: 'summary-variants' }, 'Also answered on ', shown,
    more > 0 ? ` and ${plural(more, 'more variant')}` : '', '.');
}

// An open design task: the checklist points ticked (of how many, when the core said) and
// whether the reference notes were read.
function openTaskText(open, checklistLength) {
  if (!open) return 'not started';
  const of = Number.isInteger(checklistLength) ? ` of ${checklistLength}` : '';
  const ticked = `${open.ticked.length}${of} checklist ${checklistLength === 1 ? 'point' : 'points'} ticked`;
  return `${ticked}${open.notes.trim() ? ', notes written' : ''}${open.revealed ? ', reference notes read' : ''}`;
}

function exerciseRow(store, entry, checklistLength) {
  const parts = partNames(entry);
  const name = el('th', { scope: 'row' }, el('a', { href: exerciseHref(entry) }, entry.title ?? entry.id));
  if (parts.length === 0) {
    const open = store.openTask(entry.id);
    return el('tr', { 'data-exercise': entry.id, class: 'summary-open' }, name,
      el('td', { class: 'summary-parts' }, el('span', { class: 'summary-open-label' }, 'Open design task, not graded: '),
        openTaskText(open, checklistLength)));
  }
  const row = el('tr', { 'data-exercise': entry.id }, name, partsCell(store.partsSummary(entry.id, parts)));
  const explain = explainNames(entry);
  if (explain.length) {
    const written = explain.filter((item) => {
      const saved = store.openTask(entry.id, item);
      return saved && (saved.notes.trim() !== '' || saved.ticked.length > 0);
    }).length;
    row.lastChild.append(el('span', { class: 'summary-explain', 'data-written': String(written) },
      `; ${written} of ${plural(explain.length, 'written explanation')} started (not graded)`));
  }
  const variants = variantsNote(store, entry, parts);
  if (variants) name.append(variants);
  return row;
}

function chapterBlock(store, chapter, entries, checklists) {
  const graded = entries.filter((entry) => partNames(entry).length > 0);
  const open = entries.filter((entry) => partNames(entry).length === 0);
  const sums = graded.map((entry) => store.partsSummary(entry.id, partNames(entry)));
  const correct = sums.reduce((sum, s) => sum + s.correct, 0);
  const total = sums.reduce((sum, s) => sum + s.total, 0);
  const complete = sums.filter((s) => s.total > 0 && s.correct === s.total).length;
  const started = open.filter((entry) => store.openTask(entry.id) !== null).length;
  const headingId = `summary-chapter-${chapter}`;
  const lines = [
    `${correct} of ${plural(total, 'part')} correct; ${complete} of ${plural(graded.length, 'exercise')} complete.`,
    open.length ? ` Open design tasks: ${started} of ${open.length} started (not graded, so not counted in the parts).` : '',
  ];
  const caption = `Chapter ${chapter}, exercise by exercise (the chapter’s own numbers)`;
  return el('section', { class: 'summary-chapter', 'data-chapter': String(chapter), 'aria-labelledby': headingId },
    el('h2', { id: headingId }, `Chapter ${chapter}`,
      chapterTitle(chapter) ? el('span', { class: 'chapter-title' }, `: ${chapterTitle(chapter)}`) : null),
    el('p', { class: 'chapter-total', 'data-correct': String(correct), 'data-total': String(total) }, lines.join('')),
    el('div', { class: 'table-scroll', role: 'region', 'aria-label': caption, tabindex: '0' },
      el('table', { class: 'summary-table' }, el('caption', {}, caption),
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Exercise'), el('th', { scope: 'col' }, 'Parts'))),
        el('tbody', {}, entries.map((entry) => exerciseRow(store, entry, checklists.get(entry.id)))))));
}

// Fills `holder` with the summary. `catalogue`: companion.exercises(); `checklists`: a Map
// from an open task's id to the number of points on its checklist (where known).
export function renderProgressSummary(holder, { store, catalogue, checklists = new Map() }) {
  const groups = byChapter(catalogue);
  const blocks = groups.map(([chapter, entries]) => chapterBlock(store, chapter, entries, checklists));
  const all = groups.flatMap(([, entries]) => entries).filter((entry) => partNames(entry).length > 0);
  const sums = all.map((entry) => store.partsSummary(entry.id, partNames(entry)));
  const correct = sums.reduce((sum, s) => sum + s.correct, 0);
  const total = sums.reduce((sum, s) => sum + s.total, 0);
  holder.replaceChildren(el('section', { class: 'progress-summary', 'aria-label': 'Your progress by chapter' },
    el('p', { class: 'summary-overall', 'data-correct': String(correct), 'data-total': String(total) },
      el('strong', {}, `${correct} of ${plural(total, 'part')} correct`),
      ` across ${plural(all.length, 'graded exercise')}. A part counts as correct when its last checked answer was.`),
    blocks));
}
