// progress.html: the learner's progress (parts correct per exercise and per chapter, and
// the open design tasks' checklists, from the saved answers and the catalogue, which says
// each exercise's parts and each checklist's length: no core is loaded), then export of the
// saved answers to a file and import back. The export and import work even when the
// catalogue cannot be had; the summary is redrawn after an import.

import { openStore } from '../ui/storage.mjs';
import { setStatus, showNotice } from '../ui/boot.mjs';
import { loadCatalogue } from '../core-loading.mjs';
import { PLAN } from '../embed/scorm-values.mjs';
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
  let catalogue;
  try {
    catalogue = await loadCatalogue();
    if (!Array.isArray(catalogue)) throw new Error('the exercise list is not a list');
    setStatus(null);
  } catch (error) {
    setStatus(`The list of exercises could not be loaded, so no summary can be shown: ${messageOf(error)}`, 'error');
    return;
  }
  // The length of each open design task's checklist (an exercise without parts).
  const checklists = new Map();
  for (const entry of catalogue) {
    if (typeof entry?.id !== 'string' || partNames(entry).length > 0) continue;
    if (Number.isInteger(entry.points?.[PLAN])) checklists.set(entry.id, entry.points[PLAN]);
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
