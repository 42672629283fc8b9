// progress.html: the learner's progress (parts correct per exercise and per chapter, and
// the open design tasks' checklists, from the saved answers and the core's catalogue),
// then export of the saved answers to a file and import back. The export and import
// work even when the core cannot be loaded; the summary is redrawn after an import.

import { openStore } from '../ui/storage.mjs';
import { bootCompanion, errorOf, safeCall, setStatus, showNotice } from '../ui/boot.mjs';
import { mountProgressPanel } from '../ui/progress-panel.mjs';
import { renderProgressSummary } from '../ui/progress-summary.mjs';
import { partNames } from '../ui/chapters.mjs';
import { messageOf } from '../error-message.mjs';
import { keepForOffline } from '../ui/offline.mjs';

async function main() {
  const { store, notice } = openStore();
  if (notice) showNotice(notice, 'warning');
  const holder = document.getElementById('summary');
  let redraw = () => {};
  mountProgressPanel(document.getElementById('progress'), { store, onImported: () => redraw() });
  const companion = await bootCompanion();
  if (!companion) return;
  const catalogue = await safeCall(() => companion.exercises());
  const problem = errorOf(catalogue) ?? (Array.isArray(catalogue) ? null : 'the exercise list is not a list');
  if (problem) {
    setStatus(`The list of exercises could not be loaded, so no summary can be shown: ${problem}`, 'error');
    return;
  }
  // The length of each open design task's checklist (an exercise without parts).
  const checklists = new Map();
  for (const entry of catalogue) {
    if (typeof entry?.id !== 'string' || partNames(entry).length > 0) continue;
    const exercise = await safeCall(() => companion.exercise(entry.id));
    if (!errorOf(exercise) && Array.isArray(exercise.checklist)) checklists.set(entry.id, exercise.checklist.length);
  }
  redraw = () => renderProgressSummary(holder, { store, catalogue, checklists });
  redraw();
}

main().catch((error) => {
  setStatus(`This page could not be set up: ${messageOf(error)}`, 'error');
}).finally(() => {
  document.body.dataset.ready = 'true';
  keepForOffline();
});
