// The interactive read (lab-read.html): choose a query, and see the weights
// (bars and a table) and the context the core computes for it, next to the
// context of the previous read.

import { el, clear, append } from '../ui/dom.mjs';
import { bootCompanion, setStatus } from '../ui/boot.mjs';
import { labInputs, workFor } from '../ui/lab-base.mjs';
import { workingTable, workingSummary, quantityText } from '../ui/working-view.mjs';
import { weightBars } from '../ui/weight-bars.mjs';
import { messageOf } from '../error-message.mjs';
import { keepForOffline } from '../ui/offline.mjs';

const PRESETS = ['[1, 0]', '[0, 1]', '[1, 1]', '[0, 0]'];

async function main() {
  const companion = await bootCompanion();
  if (!companion) return;
  const base = await labInputs(companion, 'read');
  if (base.error) {
    setStatus(`The lab could not start: ${base.error}`, 'error');
    return;
  }
  const form = document.getElementById('query-form');
  const presets = document.getElementById('query-presets');
  const freeInput = document.getElementById('query-text');
  const result = document.getElementById('read-result');
  const message = document.getElementById('read-message');
  let previousContext = null;

  PRESETS.forEach((query, index) => {
    const id = `preset-${index}`;
    const radio = el('input', { type: 'radio', name: 'query-preset', id, value: query });
    presets.append(el('span', { class: 'choice' }, radio, el('label', { for: id }, query)));
    radio.addEventListener('change', () => {
      if (radio.checked) {
        freeInput.value = query;
        read(query);
      }
    });
  });

  async function read(query) {
    clear(message);
    const working = await workFor(companion, { model: base.model, inputs: { ...base.inputs, query } });
    if (working.error) {
      message.append(el('p', { class: 'error' }, `That query could not be read: ${working.error}`));
      result.dataset.state = 'error';
      return;
    }
    clear(result);
    result.dataset.state = 'ok';
    result.dataset.query = query;
    const context = quantityText(working.context);
    // dom.mjs's append leaves out the pieces that are absent (null); the DOM's own
    // append would print them as the word "null".
    append(result,
      el('p', { class: 'lab-query' }, 'Query q = ', el('code', {}, query)),
      working.note ? el('p', { class: 'note' }, String(working.note)) : null,
      weightBars(working, `Attention weights for the query ${query}`),
      el('p', { class: 'context-line' }, 'Context c = ', el('code', { id: 'context-value' }, context)),
      previousContext === null ? null
        : el('p', { class: 'context-before' }, 'Previous read: c = ', el('code', {}, previousContext)),
      workingTable(working, { caption: `The read for query ${query}, step by step` }),
      workingSummary(working),
    );
    previousContext = context;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const query = freeInput.value.trim();
    for (const radio of presets.querySelectorAll('input')) radio.checked = radio.value === query;
    if (query === '') {
      clear(message);
      message.append(el('p', { class: 'error' }, 'Type a query such as [1, 0] first.'));
      return;
    }
    read(query);
  });

  const start = typeof base.inputs.query === 'string' && base.inputs.query ? base.inputs.query : PRESETS[0];
  freeInput.value = start;
  for (const radio of presets.querySelectorAll('input')) radio.checked = radio.value === start;
  await read(start);
}

main().catch((error) => {
  setStatus(`This page could not be set up: ${messageOf(error)}`, 'error');
}).finally(() => {
  document.body.dataset.ready = 'true';
  keepForOffline();
});
