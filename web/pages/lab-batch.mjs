// The batch lab page: reads the form, runs the batch through the batch runner (WASM core
// plus WebGPU where it works), and shows which path ran, a heatmap of one item's and
// head's weights, the core's row statistics, the GPU-vs-WASM agreement and the timings.
// Every number shown comes from the core or from the GPU kernels; this file only lays
// them out. The address can preset the form (see presetFromUrl), as the batch
// exercises' links do; the address and the form are read strictly and held to a work
// budget (batch-params.mjs) before anything runs. The WASM core runs in a module Worker
// (batch-worker.mjs), with a progress line and a Cancel button while it works, so the
// page stays responsive; WebGPU runs on this page's device.

import { showNotice, setStatus } from '../ui/boot.mjs';
import { el, clear } from '../ui/dom.mjs';
import { createBatchRunner } from '../batch/batch-runner.mjs';
import { createWorkerCore, BatchCancelled } from '../batch/batch-worker-client.mjs';
import { readBatchAddress, readBatchValues, checkBudget, LIMITS } from '../batch/batch-params.mjs';
import { messageOf } from '../error-message.mjs';

const PRESETS = [
  { label: 'Exercise 9: lengths 5, 3, 1', values: { B: 3, H: 2, T: 6, S: 5, D: 4, lengths: '5, 3, 1', causal: false, windowStart: '', windowEnd: '', halfWidth: '', temperature: 1, scaled: false } },
  { label: 'Chapter workload 8×4×64×512', values: { B: 8, H: 4, T: 64, S: 512, D: 64, lengths: '512, 384, 256, 128, 64, 5, 3, 1', causal: false, windowStart: '', windowEnd: '', halfWidth: '', temperature: 1, scaled: true } },
  { label: 'Causal with a window', values: { B: 2, H: 2, T: 16, S: 16, D: 8, lengths: '16, 10', causal: true, windowStart: 3, windowEnd: 12, halfWidth: '', temperature: 1, scaled: false } },
  { label: 'All-masked rows', values: { B: 3, H: 1, T: 4, S: 8, D: 5, lengths: '0, 8, 2', causal: false, windowStart: 2, windowEnd: 8, halfWidth: '', temperature: 1, scaled: false } },
];

const fmt = (x, digits = 4) => (Number.isFinite(x) ? x.toFixed(digits) : String(x));
const sci = (x) => (Number.isFinite(x) ? x.toExponential(2) : String(x));
const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(2)} ms` : '—');

function field(id) { return document.getElementById(id); }

// The form's fields as the parameter strings batch-params.mjs reads (the address's names).
function formValues() {
  const values = {};
  for (const [key, id] of [['B', 'in-B'], ['H', 'in-H'], ['T', 'in-T'], ['S', 'in-S'], ['D', 'in-D'], ['lengths', 'in-lengths'],
    ['halfWidth', 'in-half-width'], ['temperature', 'in-temperature'], ['seed', 'in-seed']]) {
    const value = field(id).value.trim();
    values[key] = value === '' && ['lengths', 'halfWidth'].includes(key) ? null : value;
  }
  const start = field('in-window-start').value.trim();
  const end = field('in-window-end').value.trim();
  if ((start === '') !== (end === '')) return { error: 'a window needs both a start and an end (or neither)' };
  values.window = start === '' ? null : `${start},${end}`;
  values.causal = field('in-causal').checked ? '1' : '0';
  values.scaled = field('in-scaled').checked ? '1' : '0';
  return { values };
}

// The form as the core's batch options; {error} when a field cannot be read or the batch
// is over the budget (checked before anything is allocated).
function readOptions() {
  const form = formValues();
  if (form.error) return form;
  return checked(readBatchValues(form.values));
}

function checked(read) {
  if (read.error) return read;
  const over = checkBudget(read.options);
  return over ? { error: over } : read;
}

function setForm(values) {
  const ids = { B: 'in-B', H: 'in-H', T: 'in-T', S: 'in-S', D: 'in-D', lengths: 'in-lengths', windowStart: 'in-window-start',
    windowEnd: 'in-window-end', halfWidth: 'in-half-width', temperature: 'in-temperature', seed: 'in-seed' };
  for (const [key, id] of Object.entries(ids)) {
    if (values[key] !== undefined) field(id).value = values[key] === null ? '' : String(values[key]);
  }
  field('in-causal').checked = Boolean(values.causal);
  field('in-scaled').checked = Boolean(values.scaled);
}

// A preset from the URL (lab-batch.html?B=3&H=1&T=1&S=5&D=5&lengths=5,3,1&window=2,6&causal=1
// &halfWidth=2&temperature=1&scaled=1&seed=19), as the batch exercises link here. Read
// strictly (batch-params.mjs): {present: false} without any of these parameters; else
// {present: true, options} once the form is filled from it, or {present: true, error}
// and the form is left as it was. A preset describes the whole mask: what it leaves
// out is off (all S, no window, no half-width, not causal, not scaled); a shape size,
// the temperature or the seed it leaves out keeps the form's value.
function presetFromUrl(search = window.location.search) {
  const address = readBatchAddress(search);
  if (!address.present || address.error) return address;
  const form = formValues();
  const values = { ...(form.values ?? {}), lengths: null, window: null, halfWidth: null, causal: '0', scaled: '0', ...address.values };
  const read = checked(readBatchValues(values));
  if (read.error) return { present: true, error: read.error };
  const [windowStart, windowEnd] = read.options.window ?? [null, null];
  setForm({ ...values, lengths: read.options.lengths?.join(', ') ?? null, windowStart, windowEnd,
    causal: read.options.causal, scaled: read.options.scaled });
  return { present: true, options: read.options };
}

function row(cells, header = false) {
  return el('tr', {}, ...cells.map((c) => el(header ? 'th' : 'td', header ? { scope: 'col' } : {}, c)));
}

function table(node, headers, rows) {
  clear(node);
  node.append(el('thead', {}, row(headers, true)), el('tbody', {}, ...rows));
}

// Colour of a weight on the heatmap: exact zeros grey, otherwise white to dark blue.
function colourOf(weight, top) {
  if (weight === 0) return '#d9dde3';
  const x = Math.min(1, weight / top);
  const r = Math.round(247 - x * (247 - 16));
  const g = Math.round(251 - x * (251 - 63));
  const b = Math.round(255 - x * (255 - 122));
  return `rgb(${r}, ${g}, ${b})`;
}

function drawHeatmap(result, b, h) {
  const { cpu } = result;
  const { T, S, H } = cpu.shape;
  const gpuWeights = result.gpu.reference?.weights;
  const weights = gpuWeights ?? cpu.weights;
  const canvas = field('heatmap');
  const cell = Math.max(1, Math.min(40, Math.floor(720 / S)));
  const cellH = Math.max(2, Math.min(28, Math.floor(320 / T)));
  canvas.width = cell * S;
  canvas.height = cellH * T;
  const context = canvas.getContext('2d');
  const base = (b * H + h) * T * S;
  let top = 0;
  for (let i = 0; i < T * S; i += 1) top = Math.max(top, weights[base + i]);
  for (let t = 0; t < T; t += 1) {
    for (let s = 0; s < S; s += 1) {
      context.fillStyle = colourOf(weights[base + t * S + s], top || 1);
      context.fillRect(s * cell, t * cellH, cell, cellH);
    }
  }
  const source = gpuWeights ? 'the WebGPU reference kernel' : 'the WASM core';
  canvas.setAttribute('aria-label', `Heatmap of the weights of batch item ${b}, head ${h}: ${T} target rows by ${S} source columns, drawn from ${source}. The table below lists each row's sum, entropy and masked mass.`);
  field('heatmap-caption').textContent = `Rows: targets t = 0…${T - 1}; columns: sources s = 0…${S - 1}. ` +
    `Darker is heavier (darkest = ${fmt(top)}); grey cells are exactly 0 (masked). Drawn from ${source}.`;

  const rows = [];
  for (let t = 0; t < T; t += 1) {
    const r = (b * H + h) * T + t;
    const empty = cpu.emptyRows[r] === 1;
    const tr = row([String(t), fmt(cpu.rowSums[r], 6), fmt(cpu.entropies[r]), fmt(cpu.maxEntropies[r]),
      String(cpu.maskedMass[r]), empty ? 'yes: zeros' : 'no']);
    if (empty) tr.classList.add('empty-row');
    rows.push(tr);
  }
  table(field('row-table'), ['target t', 'row sum', 'entropy (nats)', 'ln(eligible)', 'masked mass', 'all masked'], rows);
}

function showSummary(result) {
  const { cpu } = result;
  const dl = clear(field('batch-summary'));
  const add = (term, value) => dl.append(el('dt', {}, term), el('dd', {}, value));
  add('Score and weight shape [B, H, T, S]', `(${cpu.scoreShape.join(', ')}) = ${cpu.scoreElements.toLocaleString('en-US')} elements`);
  add('Score scale', `${fmt(cpu.scale, 6)} (temperature ${cpu.temperature}${cpu.scaled ? ', divided by √D' : ''})`);
  add('Source lengths', cpu.mask.lengths.join(', '));
  add('All-masked rows (zeros, flagged)', `core ${cpu.emptyRowCount}` +
    Object.entries(result.gpu).map(([k, g]) => `; GPU ${k} ${g.emptyRowCount}`).join(''));
  add('Seed', String(cpu.seed));
}

function showAgreement(result) {
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

function showTimings(result) {
  const rows = [row(['WASM core (float32, streaming)', ms(result.wasm.coreMs), '—', '—', ms(result.wasm.callMs)])];
  for (const [kernel, g] of Object.entries(result.gpu)) {
    rows.push(row([`WebGPU ${kernel}`, ms(g.timings.uploadMs), ms(g.timings.dispatchMs), ms(g.timings.readbackMs), ms(g.timings.totalMs)]));
  }
  table(field('timings-table'), ['path', 'core / upload', 'dispatch to done', 'readback', 'total'], rows);
}

function showPath(result, status) {
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

function fillSelect(select, count, keep) {
  clear(select);
  for (let i = 0; i < count; i += 1) select.append(el('option', { value: String(i) }, String(i)));
  select.value = String(Math.min(keep, count - 1));
}

// While a run is in progress: the elapsed time beside an indeterminate progress bar, and
// Cancel. Returns stop().
function showRunning() {
  const panel = field('batch-running');
  const elapsed = field('batch-elapsed');
  const started = performance.now();
  const tick = () => {
    elapsed.textContent = `Running the batch (the WASM core works in the background; the page stays usable)… ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`;
  };
  tick();
  const timer = setInterval(tick, 200);
  panel.hidden = false;
  return () => {
    clearInterval(timer);
    panel.hidden = true;
  };
}

async function main() {
  const core = createWorkerCore();
  const runner = createBatchRunner({ companion: core, onNotice: (text) => showNotice(text, 'warning') });
  let latest = null;
  let latestStatus = null;
  const running = new Set(); // AbortControllers of the runs in progress

  const message = field('batch-message');
  const refuse = (text) => {
    message.replaceChildren(el('p', { class: 'status status-error', 'data-refused': 'true' }, text));
  };
  const render = () => {
    if (!latest) return;
    drawHeatmap(latest, Number(field('view-b').value), Number(field('view-h').value));
  };

  async function run(options) {
    clear(message);
    const button = field('run-batch');
    button.disabled = true;
    const controller = new AbortController();
    running.add(controller);
    const stop = showRunning();
    try {
      const result = await runner.run(options, { signal: controller.signal });
      latestStatus = await runner.status();
      latest = result;
      fillSelect(field('view-b'), result.cpu.shape.B, Number(field('view-b').value) || 0);
      fillSelect(field('view-h'), result.cpu.shape.H, Number(field('view-h').value) || 0);
      showPath(result, latestStatus);
      showSummary(result);
      showAgreement(result);
      showTimings(result);
      field('timings-note').textContent = result.path === 'webgpu' && latestStatus.adapterInfo?.architecture === 'swiftshader'
        ? 'WebGPU here is SwiftShader (CPU emulation): its times are not a speed figure.'
        : 'Times of this one run in this browser.';
      field('batch-result').hidden = false;
      render();
      const section = field('batch-result');
      section.dataset.path = result.path;
      section.dataset.runs = String(Number(section.dataset.runs ?? 0) + 1);
      return result;
    } catch (error) {
      if (error instanceof BatchCancelled || controller.signal.aborted) {
        message.replaceChildren(el('p', { class: 'status status-info', 'data-cancelled': 'true' },
          'The run was cancelled. The results shown (if any) are from the run before.'));
        return { error: 'cancelled' };
      }
      message.replaceChildren(el('p', { class: 'status status-error' }, `The batch could not be run: ${messageOf(error)}`));
      return { error: messageOf(error) };
    } finally {
      stop();
      running.delete(controller);
      button.disabled = running.size > 0;
    }
  }

  field('cancel-batch').addEventListener('click', () => {
    for (const controller of running) controller.abort();
    core.cancel();
  });

  const presets = field('presets');
  for (const preset of PRESETS) {
    const button = el('button', { type: 'button' }, preset.label);
    button.addEventListener('click', () => {
      setForm(preset.values);
      field('batch-form').requestSubmit();
    });
    presets.append(button);
  }
  field('batch-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const read = readOptions();
    if (read.error) {
      refuse(`Check the form: ${read.error}. Nothing was run.`);
      return;
    }
    run(read.options);
  });
  field('view-b').addEventListener('change', render);
  field('view-h').addEventListener('change', render);
  field('lose-device').addEventListener('click', () => {
    const had = runner.destroyGpuDevice();
    message.replaceChildren(el('p', { class: 'status status-info' }, had
      ? 'The GPU device was destroyed. The next run falls back to the WASM core.'
      : 'There is no GPU device to lose: the batch already runs on the WASM core.'));
  });
  field('budget-note').textContent = `A run may do at most ${LIMITS.work.toLocaleString('en-US')} multiply-adds ` +
    `(B·H·T·S·(Dk + Dv)), return at most ${LIMITS.weights.toLocaleString('en-US')} weights (B·H·T·S) and use at most ` +
    `${LIMITS.inputs.toLocaleString('en-US')} input numbers, so that it finishes within a few seconds.`;

  // A small hook for the browser tests and the benchmark: run a case and get plain
  // numbers back (the same runner, the same core, the same budget).
  window.batchLab = {
    status: () => runner.status(),
    destroyGpuDevice: () => runner.destroyGpuDevice(),
    cancel: () => core.cancel(),
    async runCase(options, settings = {}) {
      const over = checkBudget(options);
      if (over) throw new Error(over);
      const explicitMask = settings.explicitMask ? Uint8Array.from(settings.explicitMask) : null;
      const result = await runner.run(options, { ...settings, explicitMask });
      return {
        path: result.path,
        gpuUnavailable: result.gpuUnavailable,
        skipped: result.skipped,
        agreement: result.agreement,
        emptyRowCount: result.cpu.emptyRowCount,
        gpuEmptyRowCounts: Object.fromEntries(Object.entries(result.gpu).map(([k, g]) => [k, g.emptyRowCount])),
        maskedMass: Array.from(result.cpu.maskedMass ?? []),
        rowSums: Array.from(result.cpu.rowSums ?? []),
        timings: { wasm: result.wasm, ...Object.fromEntries(Object.entries(result.gpu).map(([k, g]) => [k, g.timings])) },
      };
    },
  };

  // The first run: the address's preset, or the form's defaults. A refused address runs
  // nothing (no defaults in its place).
  const fromUrl = presetFromUrl();
  if (fromUrl.present && fromUrl.error) {
    refuse(`The address asks for a batch this lab does not run: ${fromUrl.error}. Nothing was run; ` +
      'correct the address, or set the form and press “Run the batch”.');
    setStatus(null);
    return;
  }
  const first = fromUrl.present ? fromUrl : readOptions();
  if (first.error) {
    refuse(`Check the form: ${first.error}. Nothing was run.`);
    setStatus(null);
    return;
  }
  setStatus('Loading the attention core…');
  const outcome = await run(first.options);
  setStatus(null);
  if (fromUrl.present && !outcome.error) {
    message.replaceChildren(el('p', { class: 'status status-info' }, 'The form was filled from the address (a batch exercise’s shape and mask).'));
  }
}

main()
  .catch((error) => setStatus(`The batch lab could not start: ${messageOf(error)}`, 'error'))
  .finally(() => { document.body.dataset.ready = 'true'; });
