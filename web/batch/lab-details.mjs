// The batch lab's results besides the heatmap (lab-batch.html): which path ran, and, in the
// closed "Engineering details" panel, the row statistics of the item and head shown, the
// run's summary, the GPU-vs-WASM agreement and the timings. Items, heads, targets and
// sources are counted from 1, as in the chapter. Every number comes from the core or the
// GPU kernels; this file only lays them out.

import { el, clear } from '../ui/dom.mjs';
import { row, table } from './lab-heatmap.mjs';

const fmt = (x, digits = 4) => (Number.isFinite(x) ? x.toFixed(digits) : String(x));
const sci = (x) => (Number.isFinite(x) ? x.toExponential(2) : String(x));
const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(2)} ms` : '—');
const field = (id) => document.getElementById(id);

// The core's statistics of each target row of item b, head h (0-based indices).
export function showRowStats(result, b, h) {
  const { cpu } = result;
  const { T, H } = cpu.shape;
  const rows = [];
  for (let t = 0; t < T; t += 1) {
    const r = (b * H + h) * T + t;
    const empty = cpu.emptyRows[r] === 1;
    const tr = row([String(t + 1), fmt(cpu.rowSums[r], 6), fmt(cpu.entropies[r]), fmt(cpu.maxEntropies[r]),
      String(cpu.maskedMass[r]), empty ? 'yes: zeros' : 'no']);
    if (empty) tr.classList.add('empty-row');
    rows.push(tr);
  }
  table(field('row-table'), ['target t', 'row sum', 'entropy (nats)', 'ln(eligible)', 'masked mass', 'all masked'], rows);
}

export function showSummary(result) {
  const { cpu } = result;
  const dl = clear(field('batch-summary'));
  const add = (term, value) => dl.append(el('dt', {}, term), el('dd', {}, value));
  add('Score and weight shape [B, H, T, S]', `(${cpu.scoreShape.join(', ')}) = ${cpu.scoreElements.toLocaleString('en-US')} elements`);
  const { B, H, T, Dk, Dv } = cpu.shape;
  add('Query, key and value widths', `Dk = ${Dk} (queries and keys), Dv = ${Dv} (values)`);
  add('Context shape [B, H, T, Dv]', `(${[B, H, T, Dv].join(', ')})`);
  add('Score scale', `${fmt(cpu.scale, 6)} (temperature ${cpu.temperature}${cpu.scaled ? ', divided by √Dk' : ''})`);
  add('Source lengths (items 1, 2, …)', cpu.mask.lengths.join(', '));
  if (cpu.mask.window) add('Window', `[${cpu.mask.window.map((edge) => edge + 1).join(', ')}): positions ${cpu.mask.window[0] + 1} to ${cpu.mask.window[1]}`);
  add('All-masked rows (zeros, flagged)', `core ${cpu.emptyRowCount}` +
    Object.entries(result.gpu).map(([k, g]) => `; GPU ${k} ${g.emptyRowCount}`).join(''));
  add('Seed', String(cpu.seed));
}

export function showAgreement(result) {
  const rows = Object.entries(result.agreement).map(([kernel, a]) => row([
    kernel === 'reference' ? 'three-pass reference (weights + contexts)' : 'fused streaming (contexts)',
    el('span', { class: a.pass ? 'pass-yes' : 'pass-no' }, a.pass ? 'agrees' : 'differs'),
    sci(a.maxAbsError), sci(a.maxRelError), fmt(a.worstRatio, 3), String(a.violations),
    String(a.maskedNonZero), String(a.emptyRowMismatches), String(a.compared),
  ]));
  if (!rows.length) {
    rows.push(row(['no GPU result to compare', result.gpuUnavailable ?? '', '—', '—', '—', '—', '—', '—', '—']));
  }
  table(field('agreement-table'), ['GPU kernel', 'verdict', 'max abs error', 'max rel error', 'worst / allowed',
    'outside rule', 'masked ≠ 0', 'flag mismatches', 'compared'], rows);
}

export function showTimings(result, status) {
  const rows = [row(['WASM core (float32, streaming)', ms(result.wasm.coreMs), '—', '—', ms(result.wasm.callMs)])];
  for (const [kernel, g] of Object.entries(result.gpu)) {
    rows.push(row([`WebGPU ${kernel}`, ms(g.timings.uploadMs), ms(g.timings.dispatchMs), ms(g.timings.readbackMs), ms(g.timings.totalMs)]));
  }
  table(field('timings-table'), ['path', 'core / upload', 'dispatch to done', 'readback', 'total'], rows);
  field('timings-note').textContent = result.path === 'webgpu' && status.adapterInfo?.architecture === 'swiftshader'
    ? 'WebGPU here is SwiftShader (CPU emulation): its times are not a speed figure.'
    : 'Times of this one run in this browser.';
}

export function showPath(result, status) {
  const banner = clear(field('path-banner'));
  if (result.path === 'webgpu') {
    banner.className = 'notice path-webgpu';
    banner.dataset.path = 'webgpu';
    banner.append(el('p', { class: 'path-line' }, `Ran on WebGPU (${status.adapter}) and on the WASM core, with the same inputs.`));
    if (status.adapterInfo?.architecture === 'swiftshader' || status.adapterInfo?.isFallbackAdapter) {
      banner.append(el('p', {}, 'This adapter is a software rasteriser running on the CPU: its timings say nothing about GPU speed.'));
    }
  } else {
    banner.className = 'notice path-wasm';
    banner.dataset.path = 'wasm';
    banner.append(el('p', { class: 'path-line' }, 'Ran on the WASM core only.'),
      el('p', {}, `WebGPU was not used: ${result.gpuUnavailable ?? 'unavailable'}.`));
  }
  for (const [kernel, why] of Object.entries(result.skipped)) {
    banner.append(el('p', {}, `The ${kernel} kernel was skipped for this shape: ${why}.`));
  }
}
