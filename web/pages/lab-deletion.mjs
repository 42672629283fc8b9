// The deletion lab (lab-deletion.html): choose a source position, then see
// side by side what the core computes for the two interventions of the
// chapter's Section 14.5: removing the stored state (frozen memory, as in
// Table 14.2) and deleting the input token and re-encoding (Table 14.3).

import { el, clear } from '../ui/dom.mjs';
import { bootCompanion, setStatus } from '../ui/boot.mjs';
import { labInputs, workFor } from '../ui/lab-base.mjs';
import { workingTable, quantityText } from '../ui/working-view.mjs';
import { weightBars } from '../ui/weight-bars.mjs';
import { messageOf } from '../error-message.mjs';
import { keepForOffline } from '../ui/offline.mjs';

const COLUMNS = [['state', 'State'], ['score', 'Score'], ['exponential', 'Exponential'], ['weight', 'Weight']];

const INTERVENTIONS = [
  { key: 'remove', id: 'frozen-panel', title: 'Remove the stored state (frozen memory)',
    note: 'The other stored states keep their values; the removed position leaves both the scores and the sum.' },
  { key: 'delete', id: 'reencode-panel', title: 'Delete the input token and re-encode',
    note: 'The encoder runs again on the shorter input, so later states can change.' },
];

function panelContent(working, intervention, token) {
  if (working.error) {
    return [el('p', { class: 'error' }, `The core reports: ${working.error}`)];
  }
  const what = token === null ? 'no intervention' : `${intervention.key === 'remove' ? 'removing' : 'deleting'} ${token}`;
  return [
    weightBars(working, `Weights after ${what}`),
    el('p', { class: 'context-line' }, 'Context c = ', el('code', { class: 'context-value' }, quantityText(working.context))),
    el('p', { class: 'readout-line' }, 'Readout r = ', el('code', { class: 'readout-value' }, quantityText(working.readout))),
    el('p', { class: 'denominator-line' }, 'Denominator (sum of exponentials): ',
      el('code', {}, quantityText(working.denominator))),
    workingTable(working, { caption: `Step by step, after ${what}`, columns: COLUMNS, exactOnly: true }),
  ];
}

async function main() {
  const companion = await bootCompanion();
  if (!companion) return;
  const base = await labInputs(companion, 'deletion');
  if (base.error) {
    setStatus(`The lab could not start: ${base.error}`, 'error');
    return;
  }
  const { model, inputs } = base;
  const baseline = await workFor(companion, { model, inputs });
  const choices = document.getElementById('position-choices');
  const baselineLine = document.getElementById('baseline');
  if (baseline.error) {
    setStatus(`The lab could not start: ${baseline.error}`, 'error');
    return;
  }
  clear(baselineLine).append('Before any intervention, the query ', el('code', {}, String(inputs.query ?? '')),
    ' reads context ', el('code', {}, quantityText(baseline.context)),
    ' and the readout is ', el('code', {}, quantityText(baseline.readout)), '.');

  const options = [{ token: null, label: 'None' },
    ...inputs.source.map((token, index) => ({
      token: String(token), label: `${index + 1}: ${baseline.positions[index]?.label ?? token}` }))];
  options.forEach((option, index) => {
    const id = `position-${index}`;
    const radio = el('input', { type: 'radio', name: 'position', id, value: option.token ?? '' });
    choices.append(el('span', { class: 'choice' }, radio, el('label', { for: id }, option.label)));
    radio.addEventListener('change', () => {
      if (radio.checked) show(option.token);
    });
  });

  async function show(token) {
    for (const intervention of INTERVENTIONS) {
      const panel = document.getElementById(intervention.id);
      const body = panel.querySelector('.panel-body');
      const request = token === null ? { model, inputs } : { model, inputs, [intervention.key]: token };
      const working = await workFor(companion, request);
      clear(body).append(el('p', { class: 'panel-note' }, intervention.note), ...panelContent(working, intervention, token));
      panel.dataset.position = token ?? '';
    }
  }

  const first = options[1] ?? options[0];
  document.getElementById(`position-${options.indexOf(first)}`).checked = true;
  await show(first.token);
}

main().catch((error) => {
  setStatus(`This page could not be set up: ${messageOf(error)}`, 'error');
}).finally(() => {
  document.body.dataset.ready = 'true';
  keepForOffline();
});
