// The figures pages (figures.html, figures-14.html): the live figures that exercises
// declare for a figures page ("figuresPage": {heading, text, link} in a figure of the
// exercise file), of the chapter the page names (data-chapter on #figures), exercise by
// exercise in chapter order, each redrawn from the core with that exercise's numbers and
// linked to it. Only those exercises' files are loaded.

import { el } from '../ui/dom.mjs';
import { bootCompanion, safeCall, errorOf, setStatus } from '../ui/boot.mjs';
import { messageOf } from '../error-message.mjs';
import { loadCatalogue } from '../companion.mjs';
import { declaredFigures, drawFigure } from '../figures/exercise-figures.mjs';
import { exerciseHref } from '../ui/variant-control.mjs';
import { keepForOffline } from '../ui/offline.mjs';

function section(id, { heading, text, link }, figure, exercise) {
  return el('section', { class: 'figure-section', id, 'aria-labelledby': `${id}-heading` },
    el('h2', { id: `${id}-heading` }, String(heading ?? '')), el('p', {}, String(text ?? ''),
      link ? [' ', el('a', { href: exerciseHref(exercise) }, String(link))] : null), figure);
}

async function main() {
  // The catalogue (the build writes it into the page) says which exercises declare a figure
  // for this page; the page loads only those exercises' files, on its chapter's core.
  const holder = document.getElementById('figures');
  const chapter = holder.dataset.chapter === undefined ? null : Number(holder.dataset.chapter);
  const listed = await loadCatalogue();
  const wanted = listed.filter((entry) => (chapter === null || entry.chapter === chapter)
    && declaredFigures(entry, { page: 'figures' }).length).map((entry) => entry.id);
  const companion = await bootCompanion({ only: wanted });
  if (!companion) return;
  const exercises = [];
  for (const id of wanted) {
    const exercise = await safeCall(() => companion.exercise(id));
    const problem = errorOf(exercise);
    if (problem) {
      setStatus(`The figures could not be set up: ${problem}`, 'error');
      return;
    }
    exercises.push(exercise);
  }
  const ids = new Set();
  for (const exercise of exercises) {
    for (const figure of declaredFigures(exercise, { page: 'figures' })) {
      let id = figure.kind;
      for (let n = 2; ids.has(id); n += 1) id = `${figure.kind}-${n}`;
      ids.add(id);
      holder.append(section(id, figure.figuresPage, await drawFigure(companion, exercise, figure), exercise));
    }
  }
  if (ids.size === 0) setStatus('No exercise declares a figure for this page.', 'error');
}

main().catch((error) => {
  setStatus(`This page could not be set up: ${messageOf(error)}`, 'error');
}).finally(() => {
  document.body.dataset.ready = 'true';
  keepForOffline();
});
