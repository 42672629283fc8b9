// "Run this batch" on the exercises the core offers a batch for (offers.batch): a panel
// that runs the exercise's own numbers through the batch runner (WebGPU where it works,
// the WASM core always) and links to the batch lab at the exercise's shape. The runner, the
// GPU module and the whole core (the page starts the exercise core, which has no batch
// calls: companion.withBatch) load only when the learner presses the button (page weight);
// the cases come from the core, read in ./exercise-batch.mjs.

import { el, setBusy, isBusy } from '../ui/dom.mjs';
import { batchCasesFor, labHref } from './exercise-batch.mjs';
import { messageOf } from '../error-message.mjs';
import { lazyStyle } from '../ui/lazy-style.mjs';
import { offlineNote } from '../ui/offline.mjs';

export function batchPanelFor(companion, exercise) {
  const found = batchCasesFor(exercise);
  if (!found) return null;
  const result = el('div', { class: 'batch-run-result', 'aria-live': 'polite' });
  const section = el('section', { class: 'batch-run', 'aria-labelledby': 'batch-run-heading', 'data-exercise': exercise.id },
    el('h2', { id: 'batch-run-heading' }, 'Run this batch'),
    el('p', {}, 'Runs this exercise’s own numbers as a batch: on the GPU through WebGPU where this browser offers it, and on the ' +
      'companion’s C++ core (WebAssembly) in every case, then checks that the two agree. It shows the weights, so it gives ' +
      'answers away: try the parts first.'));
  if (found.error) {
    section.append(el('p', { class: 'status status-error' }, `This exercise’s numbers could not be made into a batch: ${found.error}.`));
    return section;
  }
  const links = el('p', { class: 'batch-lab-links' }, 'In the batch lab, with seeded random queries and keys at this shape and mask: ',
    ...found.cases.flatMap((batchCase, index) => [index ? ', ' : null,
      el('a', { href: labHref(batchCase), class: 'batch-lab-link' },
        found.cases.length > 1 ? `open the ${batchCase.key} case` : 'open the batch lab')]), '.');
  const button = el('button', { type: 'button', class: 'run-batch' }, 'Run this batch');
  button.addEventListener('click', async () => {
    if (isBusy(button)) return;
    setBusy(button, true);
    result.setAttribute('aria-busy', 'true');
    try {
      const [{ runBatchPanel }] = await Promise.all([import('./exercise-batch-panel.mjs'), lazyStyle('batch-run.css')]);
      await runBatchPanel(await companion.withBatch(), found.cases, result);
      button.textContent = 'Run this batch again';
    } catch (error) {
      result.replaceChildren(el('p', { class: 'status status-error' }, `The batch could not be run: ${messageOf(error)}${offlineNote()}`));
    } finally {
      setBusy(button, false);
      result.removeAttribute('aria-busy');
    }
  });
  section.append(el('div', { class: 'batch-run-actions' }, button), links, result);
  return section;
}
