// The landing page: every chapter the core's exercise list holds, each
// exercise with its progress from saved answers on the chapter's numbers
// (parts correct / total; variants are counted on their own pages), and open
// design tasks with how far the learner got.

import { el } from '../ui/dom.mjs';
import { bootCompanion, safeCall, errorOf, showNotice, setStatus } from '../ui/boot.mjs';
import { openStore } from '../ui/storage.mjs';
import { messageOf } from '../error-message.mjs';

// Short chapter titles, in the companion's words.
const CHAPTER_TITLES = {
  14: 'Attention: where should the current output look?',
  19: 'Attention as query-dependent retrieval',
};

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
    const href = `exercise.html?id=${encodeURIComponent(exercise.id)}`;
    list.append(el('li', { 'data-exercise': exercise.id },
      el('a', { href }, exercise.title ?? exercise.id), ' ', progressLine(store, exercise)));
  }
  return el('section', { class: 'chapter', 'aria-labelledby': headingId },
    el('h2', { id: headingId }, `Chapter ${chapter}`,
      CHAPTER_TITLES[chapter] ? el('span', { class: 'chapter-title' }, `: ${CHAPTER_TITLES[chapter]}`) : null), list);
}

async function main() {
  const { store, notice } = openStore();
  if (notice) showNotice(notice, 'warning');
  const companion = await bootCompanion();
  if (!companion) return;
  const list = await safeCall(() => companion.exercises());
  const problem = errorOf(list) ?? (Array.isArray(list) ? null : 'the exercise list is not a list');
  if (problem) {
    setStatus(`The list of exercises could not be loaded: ${problem}`, 'error');
    return;
  }
  const byChapter = new Map();
  for (const exercise of list) {
    if (!exercise || typeof exercise.id !== 'string') continue;
    const chapter = exercise.chapter ?? '?';
    if (!byChapter.has(chapter)) byChapter.set(chapter, []);
    byChapter.get(chapter).push(exercise);
  }
  const holder = document.getElementById('chapters');
  const chapters = [...byChapter.keys()].sort((x, y) => Number(x) - Number(y));
  for (const chapter of chapters) {
    const exercises = byChapter.get(chapter).sort((x, y) => (x.order ?? 0) - (y.order ?? 0));
    holder.append(chapterSection(chapter, exercises, store));
  }
  if (chapters.length === 0) setStatus('No exercises were found.', 'error');
}

main().catch((error) => {
  setStatus(`This page could not be set up: ${messageOf(error)}`, 'error');
}).finally(() => {
  document.body.dataset.ready = 'true';
});
