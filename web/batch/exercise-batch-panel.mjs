// The result of "Run this batch" on an exercise the core offers a batch for: which path ran
// (with the fallback notice when WebGPU was not used), the weights per row as a shaded
// table (or, for a case too wide to tabulate, such as a seeded workload, a count and a
// heatmap of one item and head, and the count beside the part the case names),
// the core's row sums, masked mass and all-masked flags, and the GPU-vs-WASM agreement
// when the GPU ran. Every number shown comes from the core or from the WGSL kernels;
// this file only lays them out.

import { el, clear } from '../ui/dom.mjs';
import { showNotice } from '../ui/boot.mjs';
import { fmtCount } from '../ui/format.mjs';
import { barInk, onSchemeChange } from '../ui/ink.mjs';
import { createBatchRunner } from './batch-runner.mjs';

const RULE = 'Rule, elementwise on contexts and weights: |gpu − cpu| ≤ 1e-5 + 1e-4·|cpu|; masked weights must be exactly 0.';

let runner = null;
const notices = [];

// One runner per page: WebGPU is opened once, and a lost device stays lost.
function runnerFor(companion) {
  if (!runner) {
    runner = createBatchRunner({
      companion,
      onNotice: (text) => {
        notices.push(text);
        showNotice(text, 'warning');
      },
    });
  }
  return runner;
}

const fixed = (x, places = 4) => (Number.isFinite(x) ? x.toFixed(places) : String(x));
const sci = (x) => (Number.isFinite(x) ? x.toExponential(2) : String(x));
const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : '—');
// A weight as shown: an exact 0 as "0", so a masked cell is told apart from a tiny one.
const weightText = (w) => (w === 0 ? '0' : fixed(w, 4));

function headRow(titles) {
  return el('thead', {}, el('tr', {}, titles.map((title) => el('th', { scope: 'col' }, title))));
}

function weightsOf(result) {
  const gpu = result.gpu.reference?.weights;
  return gpu ? { weights: gpu, source: 'the WebGPU reference kernel' } : { weights: result.cpu.weights, source: 'the WASM core' };
}

// The ink of a shaded weight cell, for the colour scheme the page has now.
const setInk = (td, share) => {
  td.classList.remove('weight-ink-dark', 'weight-ink-light');
  td.classList.add(`weight-ink-${barInk(0.9 * share)}`); // the shade is --bar at 90% of the share
};
onSchemeChange(() => {
  for (const td of document.querySelectorAll('td.weight-cell:not(.weight-zero)')) setInk(td, Number(td.style.getPropertyValue('--share')));
});

function weightCell(weight, top) {
  const td = el('td', { class: weight === 0 ? 'weight-cell weight-zero' : 'weight-cell', 'data-weight': String(weight) },
    weightText(weight));
  if (weight !== 0) {
    const share = Math.min(1, weight / (top || 1));
    td.style.setProperty('--share', share.toFixed(3)); // CSSOM, allowed by a strict style-src
    setInk(td, share);
  }
  return td;
}

// Rows of weights with the core's statistics beside them.
function weightTable(batchCase, result) {
  const { cpu } = result;
  const { S } = cpu.shape;
  const { weights, source } = weightsOf(result);
  let top = 0;
  for (const w of weights) top = Math.max(top, w);
  const columns = Array.from({ length: S }, (_, s) => `${s + 1}`);
  const extra = batchCase.showEntropy ? ['entropy', 'ln(eligible)'] : [];
  const body = el('tbody');
  for (let r = 0; r < batchCase.rowLabels.length; r += 1) {
    const empty = cpu.emptyRows[r] === 1;
    const cells = [];
    for (let s = 0; s < S; s += 1) cells.push(weightCell(weights[r * S + s], top));
    const stats = [fixed(cpu.rowSums[r], 4), weightText(cpu.maskedMass[r])];
    if (batchCase.showEntropy) stats.push(fixed(cpu.entropies[r], 4), fixed(cpu.maxEntropies[r], 4));
    body.append(el('tr', { class: empty ? 'empty-row' : undefined, 'data-row': String(r), 'data-empty': empty ? 'true' : 'false' },
      el('th', { scope: 'row' }, batchCase.rowLabels[r]), cells,
      stats.map((text) => el('td', { class: 'stat' }, text)),
      el('td', { class: empty ? 'flag flag-empty' : 'flag' }, empty ? 'yes: zeros' : 'no')));
  }
  // (Named after its case, so that two cases' tables are two distinct regions.)
  const caption = `${batchCase.title ? `${batchCase.title}: w` : 'W'}eights per row, source positions 1–${S} ` +
    `(drawn from ${source}); an exact 0 is shown as 0 on grey. ` +
    'Row sum, masked mass' + (batchCase.showEntropy ? ', entropy (nats)' : '') + ' and the all-masked flag: the WASM core.';
  const captionId = `batch-weights-${batchCase.key}`;
  return [el('p', { class: 'batch-caption', id: captionId }, caption),
    el('div', { class: 'table-scroll', role: 'region', 'aria-labelledby': captionId, tabindex: '0' },
      el('table', { class: 'working batch-weights', 'data-source': result.gpu.reference?.weights ? 'webgpu' : 'wasm',
        'aria-describedby': captionId },
      headRow(['row', ...columns, 'row sum', 'masked mass', ...extra, 'all masked']), body))];
}

// A case too big for a table (a seeded workload): one item's and head's rows as a heatmap.
function heatmap(result) {
  const { cpu } = result;
  const { T, S } = cpu.shape;
  const { weights, source } = weightsOf(result);
  const canvas = el('canvas', { class: 'batch-heatmap', width: String(S), height: String(T), role: 'img',
    'aria-label': `Heatmap of the weights of batch item 1, head 1: ${T} target rows by ${S} source columns, from ${source}.` });
  const context = canvas.getContext('2d');
  if (context) {
    let top = 0;
    for (let i = 0; i < T * S; i += 1) top = Math.max(top, weights[i]);
    const image = context.createImageData(S, T);
    for (let i = 0; i < T * S; i += 1) {
      const w = weights[i];
      const x = w === 0 ? 0 : Math.min(1, w / (top || 1));
      const [r, g, b] = w === 0 ? [217, 221, 227] : [247 - x * 231, 251 - x * 188, 255 - x * 133];
      image.data.set([r, g, b, 255], i * 4);
    }
    context.putImageData(image, 0, 0);
  }
  return el('figure', { class: 'batch-heatmap-figure' }, canvas,
    el('figcaption', {}, `Batch item 1, head 1: rows are the ${T} targets, columns the ${S} sources; darker is heavier. Drawn from ${source}.`));
}

function statsList(batchCase, result) {
  const { cpu } = result;
  const { weights } = weightsOf(result);
  const dl = el('dl', { class: 'summary batch-stats' });
  const add = (term, value, key) => dl.append(el('dt', {}, term), el('dd', key ? { 'data-stat': key } : {}, value));
  add('Weights returned', `${fmtCount(weights.length)} numbers, shape [B, H, T, S] = (${cpu.scoreShape.join(', ')}), ` +
    `${fmtCount(weights.byteLength)} bytes as float32`, 'weight-count');
  let low = Infinity;
  let high = -Infinity;
  for (let r = 0; r < cpu.rowSums.length; r += 1) {
    if (cpu.emptyRows[r] === 1) continue;
    low = Math.min(low, cpu.rowSums[r]);
    high = Math.max(high, cpu.rowSums[r]);
  }
  if (!batchCase.table) add('Row sums (rows with an eligible key)', Number.isFinite(low) ? `${fixed(low, 6)} to ${fixed(high, 6)}` : 'none');
  let masked = 0;
  for (const m of cpu.maskedMass) masked = Math.max(masked, m);
  add('Largest masked mass in a row', String(masked), 'masked-mass');
  const flagged = [];
  for (let r = 0; r < cpu.emptyRows.length; r += 1) if (cpu.emptyRows[r] === 1) flagged.push(batchCase.rowLabels?.[r] ?? `row ${r}`);
  add('All-masked rows (zeros, flagged)', `WASM core ${cpu.emptyRowCount}` +
    Object.entries(result.gpu).map(([kernel, g]) => `; WebGPU ${kernel} ${g.emptyRowCount}`).join('') +
    (flagged.length ? ` (${flagged.join(', ')})` : ''), 'empty-rows');
  add('Mask sent', `lengths ${cpu.mask.lengths.join(', ')}` +
    (cpu.mask.window ? `; window [${cpu.mask.window.map((edge) => edge + 1).join(', ')}): positions ${cpu.mask.window[0] + 1} to ${cpu.mask.window[1]}` : '') +
    (cpu.mask.causal ? '; causal' : '') + `; score scale ${cpu.scale}`);
  add('Time', `WASM core ${ms(result.wasm.coreMs)}` +
    Object.entries(result.gpu).map(([kernel, g]) => `; WebGPU ${kernel} ${ms(g.timings.totalMs)}`).join(''));
  return dl;
}

function agreementTable(result) {
  const rows = Object.entries(result.agreement).map(([kernel, a]) => el('tr', { 'data-kernel': kernel, 'data-pass': String(a.pass) },
    el('th', { scope: 'row' }, kernel === 'reference' ? 'three-pass reference: weights and contexts' : 'fused streaming: contexts'),
    el('td', {}, el('span', { class: a.pass ? 'pass-yes' : 'pass-no' }, a.pass ? 'agrees' : 'differs')),
    el('td', { 'data-stat': 'max-abs' }, sci(a.maxAbsError)), el('td', { 'data-stat': 'max-rel' }, sci(a.maxRelError)),
    el('td', {}, fixed(a.worstRatio, 3)), el('td', { 'data-stat': 'masked-nonzero' }, String(a.maskedNonZero)),
    el('td', {}, String(a.emptyRowMismatches)), el('td', {}, fmtCount(a.compared))));
  return [el('p', { class: 'batch-caption' }, el('strong', {}, 'GPU against WASM. '), RULE),
    el('div', { class: 'table-scroll' }, el('table', { class: 'working batch-agreement' },
    headRow(['WebGPU kernel', 'verdict', 'max abs error', 'max rel error', 'worst / allowed', 'masked ≠ 0', 'flag mismatches', 'compared']),
    el('tbody', {}, rows)))];
}

function pathBanner(results, status) {
  const gpuRan = results.every((r) => r.path === 'webgpu');
  const banner = el('div', { class: `notice batch-path ${gpuRan ? 'path-webgpu' : 'path-wasm notice-warning'}`,
    'data-path': gpuRan ? 'webgpu' : 'wasm' });
  if (gpuRan) {
    banner.append(el('p', { class: 'path-line' }, `Ran on WebGPU (${status.adapter}) and on the WASM core, with the same inputs.`));
    if (status.adapterInfo?.architecture === 'swiftshader' || status.adapterInfo?.isFallbackAdapter) {
      banner.append(el('p', {}, 'This adapter is a software rasteriser running on the CPU: fine for checking results, not for timing.'));
    }
  } else {
    const reason = results.find((r) => r.gpuUnavailable)?.gpuUnavailable ?? status.reason ?? 'unavailable';
    banner.append(el('p', { class: 'path-line' }, 'Ran on the WASM core only.'),
      el('p', { class: 'fallback-notice' }, notices.at(-1) ?? `WebGPU was not used: ${reason}.`),
      el('p', {}, 'The weights below are the core’s; there is no GPU result to compare them with.'));
  }
  for (const result of results) {
    for (const [kernel, why] of Object.entries(result.skipped)) {
      banner.append(el('p', {}, `The ${kernel} kernel was skipped for this shape: ${why}.`));
    }
  }
  return banner;
}

// The count of the weights that came back, beside the answer field of the part the case
// names (its countPart: the part that asks for that count).
function countNote(part, result) {
  const section = [...document.querySelectorAll('section.part[data-part]')].find((s) => s.dataset.part === part);
  if (!section) return;
  section.querySelector('.batch-count-note')?.remove();
  const { weights } = weightsOf(result);
  section.append(el('p', { class: 'batch-count-note' }, `From “Run this batch”: the weights came back as ${fmtCount(weights.length)} ` +
    `float32 numbers, shape (${result.cpu.scoreShape.join(', ')}).`));
}

// Runs every case of the exercise and shows the results in `holder`.
export async function runBatchPanel(companion, cases, holder) {
  const batchRunner = runnerFor(companion);
  const results = [];
  for (const batchCase of cases) {
    results.push(await batchRunner.run(batchCase.options, {
      ...(batchCase.inputs ? { inputs: batchCase.inputs } : {}),
      ...(batchCase.kernels ? { kernels: batchCase.kernels } : {}),
    }));
  }
  const status = await batchRunner.status();
  clear(holder);
  holder.append(pathBanner(results, status));
  cases.forEach((batchCase, index) => {
    const result = results[index];
    const view = el('section', { class: 'batch-case', 'data-case': batchCase.key, 'data-path': result.path },
      el('h3', {}, batchCase.title), el('p', { class: 'panel-note' }, batchCase.note),
      batchCase.table ? weightTable(batchCase, result) : heatmap(result),
      statsList(batchCase, result));
    if (Object.keys(result.agreement).length) view.append(...agreementTable(result));
    holder.append(view);
  });
  cases.forEach((batchCase, index) => {
    if (typeof batchCase.countPart === 'string' && batchCase.countPart) countNote(batchCase.countPart, results[index]);
  });
  holder.dataset.path = results.every((r) => r.path === 'webgpu') ? 'webgpu' : 'wasm';
  holder.dataset.runs = String(Number(holder.dataset.runs ?? 0) + 1);
  return results;
}
