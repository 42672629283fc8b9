// The landing page: where to begin (the book chapters the companion goes with, and the
// first exercise of each, from the catalogue), then every chapter the catalogue lists
// (the site build writes it into the page: the list needs no core, so the first exercise
// opened from here starts its chapter's core without waiting for another), each exercise with its progress from saved answers on the chapter's
// numbers (parts correct / total; variants are counted on their own pages), and open
// design tasks with how far the learner got.

import { el } from '../ui/dom.mjs';
import { showNotice, setStatus } from '../ui/boot.mjs';
import { openStore } from '../ui/storage.mjs';
import { byChapter, chapterAbout, chapterTitle, partNames } from '../ui/chapters.mjs';
import { exerciseHref } from '../ui/variant-control.mjs';
import { messageOf } from '../error-message.mjs';
import { loadCatalogue } from '../companion.mjs';
import { keepForOffline } from '../ui/offline.mjs';

// An exercise without parts is an open design task: a checklist, then reference notes.
function openTaskLine(store, exercise) {
  const open = store.openTask(exercise.id);
  const text = !open ? 'Open design task: not graded, a checklist and reference notes'
    : open.revealed ? `Open design task: ${open.ticked.length} points ticked, reference notes read`
      : `Open design task: ${open.ticked.length} points ticked`;
  return el('span', { class: 'progress progress-open' }, el('span', { class: 'progress-text' }, text));
}

function progressLine(store, exercise) {
  const parts = Array.isArray(exercise.parts) ? exercise.parts.map(String) : [];
  if (parts.length === 0) return openTaskLine(store, exercise);
  const correct = store.correctCount(exercise.id, parts);
  const text = `${correct} of ${parts.length} ${parts.length === 1 ? 'part' : 'parts'} correct`;
  return el('span', { class: `progress${parts.length > 0 && correct === parts.length ? ' progress-done' : ''}` },
    el('progress', { max: String(Math.max(parts.length, 1)), value: String(correct), 'aria-hidden': 'true' }),
    el('span', { class: 'progress-text' }, text));
}

function chapterSection(chapter, exercises, store) {
  const headingId = `chapter-${chapter}`;
  const list = el('ol', { class: 'exercise-list' });
  for (const exercise of exercises) {
    const href = exerciseHref(exercise);
    list.append(el('li', { 'data-exercise': exercise.id },
      el('a', { href }, exercise.title ?? exercise.id), ' ', progressLine(store, exercise)));
  }
  return el('section', { class: 'chapter', 'aria-labelledby': headingId },
    el('h2', { id: headingId }, `Chapter ${chapter}`,
      chapterTitle(chapter) ? el('span', { class: 'chapter-title' }, `: ${chapterTitle(chapter)}`) : null), list);
}

// Whether the learner has finished an exercise: every part correct on the chapter's
// numbers, or, for an open design task, the reference notes read.
function finished(store, entry) {
  const parts = partNames(entry);
  if (parts.length === 0) return Boolean(store.openTask(entry.id)?.revealed);
  return store.correctCount(entry.id, parts) === parts.length;
}

function started(store, entry) {
  const parts = partNames(entry);
  if (parts.length === 0) return store.openTask(entry.id) !== null;
  return parts.some((name) => store.part(entry.id, name) !== null);
}

// "Where to begin": which chapters of the book the companion goes with, and a link to
// the first exercise of each (and, once the learner has started a chapter, to the first
// exercise in it that is not finished yet).
function startSection(groups, store) {
  const list = el('ul', { class: 'start-list' });
  for (const [chapter, entries] of groups) {
    const first = entries[0];
    const about = chapterAbout(chapter);
    const next = entries.some((entry) => started(store, entry)) ? entries.find((entry) => !finished(store, entry)) : null;
    list.append(el('li', { 'data-chapter': String(chapter) },
      el('strong', {}, `Chapter ${chapter}`), about ? `: ${about}. ` : '. ',
      el('a', { class: 'start-link', href: exerciseHref(first) },
        `Begin Chapter ${chapter} with ${first.title ?? first.id}`),
      next && next !== first ? [' (or carry on with ',
        el('a', { class: 'continue-link', href: exerciseHref(next) }, next.title ?? next.id), ')'] : null,
      '.'));
  }
  const chapters = groups.map(([chapter]) => `Chapter ${chapter}`);
  const which = chapters.length > 1 ? `${chapters.slice(0, -1).join(', ')} and ${chapters.at(-1)}` : chapters[0];
  return el('section', { class: 'start', 'aria-labelledby': 'start-heading' },
    el('h2', { id: 'start-heading' }, 'Where to begin'),
    el('p', {}, `This companion goes with ${chapters.length > 1 ? 'two chapters' : 'one chapter'} of the book, ${which}. ` +
      'Each chapter’s exercises follow its order; every exercise page links to the one before and the one after.'),
    list);
}

async function main() {
  const { store, notice } = openStore();
  if (notice) showNotice(notice, 'warning');
  const list = await loadCatalogue().catch((error) => ({ error: messageOf(error) }));
  const problem = Array.isArray(list) ? null : list.error;
  if (problem) {
    setStatus(`The list of exercises could not be loaded: ${problem}`, 'error');
    return;
  }
  setStatus(null);
  const groups = byChapter(list);
  const holder = document.getElementById('chapters');
  if (groups.length > 0) holder.append(startSection(groups, store));
  for (const [chapter, exercises] of groups) holder.append(chapterSection(chapter, exercises, store));
  if (groups.length === 0) setStatus('No exercises were found.', 'error');
}

main().catch((error) => {
  setStatus(`This page could not be set up: ${messageOf(error)}`, 'error');
}).finally(() => {
  document.body.dataset.ready = 'true';
  keepForOffline();
});
