// The batch lab page: reads the form, runs the batch through the batch runner (WASM core
// plus WebGPU where it works), and shows which path ran and a heatmap of one item's and
// head's weights (opening on an item with padding, so that the view shows masking, with
// labelled axes and a legend); the core's row statistics, the GPU-vs-WASM agreement and
// the timings sit in a closed "Engineering details" panel.
// Every number shown comes from the core or from the GPU kernels; this file only lays
// them out. The address can preset the form (see presetFromUrl), as the batch
// exercises' links do; the address and the form are read strictly and held to a work
// budget (batch-params.mjs) before anything runs. The WASM core runs in a module Worker
// (batch-worker.mjs), with a progress line and a Cancel button while it works, so the
// page stays responsive; WebGPU runs on this page's device.

import { showNotice, setStatus } from '../ui/boot.mjs';
import { el, clear, setBusy, isBusy } from '../ui/dom.mjs';
import { inkFor } from '../ui/ink.mjs';
import { createBatchRunner } from '../batch/batch-runner.mjs';
import { createWorkerCore, BatchCancelled } from '../batch/batch-worker-client.mjs';
import { readBatchAddress, readBatchValues, checkBudget, LIMITS } from '../batch/batch-params.mjs';
import { messageOf } from '../error-message.mjs';

const PRESETS = [
  { label: 'Exercise 9: lengths 5, 3, 1', values: { B: 3, H: 2, T: 6, S: 5, D: 4, lengths: '5, 3, 1', causal: false, windowStart: '', windowEnd: '', halfWidth: '', temperature: 1, scaled: false } },
  { label: 'Chapter workload 8×4×64×512', values: { B: 8, H: 4, T: 64, S: 512, D: 64, lengths: '512, 384, 256, 128, 64, 5, 3, 1', causal: false, windowStart: '', windowEnd: '', halfWidth: '', temperature: 1, scaled: false } },
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

// Colour of a weight on the heatmap: exact zeros (masked) grey, otherwise white to dark
// blue; the number written on a cell is dark on light cells and white on dark ones.
const MASKED = '#c9ced6';
function shade(weight, top) {
  const x = Math.min(1, weight / top);
  return [247 - x * (247 - 16), 251 - x * (251 - 63), 255 - x * (255 - 122)].map(Math.round);
}
function colourOf(weight, top) {
  return weight === 0 ? MASKED : `rgb(${shade(weight, top).join(', ')})`;
}
const inkOn = (weight, top) => (weight === 0 || inkFor(shade(weight, top)) === 'dark' ? '#000000' : '#ffffff');

// Every k-th tick, so that labels stay `gap` pixels apart.
const tickStep = (size, gap) => Math.max(1, Math.ceil(gap / Math.max(size, 1)));

const HEAT = { left: 64, top: 10, bottom: 48, legend: 170, maxW: 560, maxH: 320 };

// The weights of item b, head h: one row a target, one column a source, with labelled
// axes (target t, source s), the value written in each cell when the cells are large
// enough, and a legend (the colour scale from 0 to the largest weight, and grey for a
// masked source, whose weight is exactly 0).
function drawHeatmap(result, b, h) {
  const { cpu } = result;
  const { T, S, H } = cpu.shape;
  const gpuWeights = result.gpu.reference?.weights;
  const weights = gpuWeights ?? cpu.weights;
  const canvas = field('heatmap');
  const cw = Math.max(1, Math.min(56, Math.floor(HEAT.maxW / S)));
  const ch = Math.max(2, Math.min(30, Math.floor(HEAT.maxH / T)));
  const width = HEAT.left + cw * S + HEAT.legend;
  const height = HEAT.top + ch * T + HEAT.bottom;
  canvas.width = width;
  canvas.height = Math.max(height, HEAT.top + 150);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  const base = (b * H + h) * T * S;
  let top = 0;
  for (let i = 0; i < T * S; i += 1) top = Math.max(top, weights[base + i]);
  top ||= 1;
  const numbers = cw >= 38 && ch >= 18;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.font = '11px system-ui, sans-serif';
  for (let t = 0; t < T; t += 1) {
    for (let s = 0; s < S; s += 1) {
      const w = weights[base + t * S + s];
      const x = HEAT.left + s * cw;
      const y = HEAT.top + t * ch;
      g.fillStyle = colourOf(w, top);
      g.fillRect(x, y, cw, ch);
      if (numbers) {
        g.fillStyle = inkOn(w, top);
        g.fillText(w === 0 ? '0' : w.toFixed(2), x + cw / 2, y + ch / 2);
      }
    }
  }
  if (cw >= 6 && ch >= 6) { // cell borders where they can be seen
    g.strokeStyle = '#ffffff';
    g.lineWidth = 1;
    for (let s = 1; s < S; s += 1) g.strokeRect(HEAT.left + s * cw, HEAT.top, 0, ch * T);
    for (let t = 1; t < T; t += 1) g.strokeRect(HEAT.left, HEAT.top + t * ch, cw * S, 0);
  }
  // Axes: source s along the bottom, target t down the left.
  g.fillStyle = '#1b1f24';
  g.font = '12px system-ui, sans-serif';
  const sStep = tickStep(cw, 30);
  for (let s = 0; s < S; s += sStep) g.fillText(String(s), HEAT.left + s * cw + cw / 2, HEAT.top + ch * T + 12);
  g.textAlign = 'right';
  const tStep = tickStep(ch, 15);
  for (let t = 0; t < T; t += tStep) g.fillText(String(t), HEAT.left - 6, HEAT.top + t * ch + ch / 2);
  g.textAlign = 'center';
  g.font = '600 12px system-ui, sans-serif';
  g.fillText('source s', HEAT.left + (cw * S) / 2, HEAT.top + ch * T + 34);
  g.save();
  g.translate(16, HEAT.top + (ch * T) / 2);
  g.rotate(-Math.PI / 2);
  g.fillText('target t', 0, 0);
  g.restore();
  // Legend: the colour scale, then the masked swatch.
  const lx = HEAT.left + cw * S + 24;
  const barH = 100;
  for (let i = 0; i < barH; i += 1) {
    g.fillStyle = colourOf(Math.max(1e-12, top * (1 - i / (barH - 1))), top);
    g.fillRect(lx, HEAT.top + i, 14, 1);
  }
  g.strokeStyle = '#5f6b76';
  g.strokeRect(lx, HEAT.top, 14, barH);
  g.fillStyle = '#1b1f24';
  g.textAlign = 'left';
  g.font = '12px system-ui, sans-serif';
  g.fillText(`${fmt(top, 3)} (largest)`, lx + 20, HEAT.top + 5);
  g.fillText('near 0', lx + 20, HEAT.top + barH - 5);
  g.fillStyle = MASKED;
  g.fillRect(lx, HEAT.top + barH + 14, 14, 14);
  g.strokeRect(lx, HEAT.top + barH + 14, 14, 14);
  g.fillStyle = '#1b1f24';
  g.fillText('masked: exactly 0', lx + 20, HEAT.top + barH + 21);

  const source = gpuWeights ? 'the WebGPU reference kernel' : 'the WASM core';
  const length = cpu.mask.lengths?.[b];
  const padding = Number.isInteger(length) && length < S
    ? (length === 0 ? `Item ${b} has no source at all (length 0): every row is all masked, so its weights are all 0 and the row is flagged.`
      : `Item ${b} has length ${length} of ${S}: sources ${length}…${S - 1} are padding, so every row gives them weight 0.`)
    : `Item ${b} uses all ${S} sources (no padding).`;
  field('view-mask').textContent = padding;
  canvas.setAttribute('aria-label', `Heatmap of the weights of batch item ${b}, head ${h}: ${T} target rows by ${S} source ` +
    `columns, drawn from ${source}. ${padding} The largest weight is ${fmt(top, 3)}.`);
  field('heatmap-caption').textContent = `Rows: targets t = 0…${T - 1}; columns: sources s = 0…${S - 1}. ` +
    `Darker is heavier (darkest = ${fmt(top)}); grey cells are exactly 0 (masked).` +
    `${numbers ? ' Each cell shows its weight to 2 decimals.' : ''} Drawn from ${source}.`;

  weightsTable(weights, base, T, S);

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

// The heatmap's numbers as a table (one row a target, one column a source), for those who
// cannot see the canvas; a large batch shows its first rows and columns and says so.
const TABLE_MAX = { rows: 64, columns: 32 };
function weightsTable(weights, base, T, S) {
  const rows = Math.min(T, TABLE_MAX.rows);
  const columns = Math.min(S, TABLE_MAX.columns);
  const body = [];
  for (let t = 0; t < rows; t += 1) {
    const cells = [String(t)];
    for (let s = 0; s < columns; s += 1) {
      const w = weights[base + t * S + s];
      cells.push(w === 0 ? '0 (masked)' : w.toFixed(4));
    }
    body.push(row(cells));
  }
  table(field('weights-table'), ['target t / source s', ...Array.from({ length: columns }, (_, s) => String(s))], body);
  field('weights-note').textContent = rows < T || columns < S
    ? `The first ${rows} targets and ${columns} sources of ${T} × ${S}; a 0 marked masked is exactly 0.`
    : 'Every weight of this item and head; a 0 marked masked is exactly 0 (its source is masked for that target).';
}

// The item the heatmap opens on: the first one with padding (a length below S), so that
// the view shows masking; item 0 when no item is padded.
function firstPadded(cpu) {
  const at = (cpu.mask.lengths ?? []).findIndex((length) => length < cpu.shape.S);
  return Math.max(0, at);
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
  let shownMask = null; // the shape and mask the heatmap's item was chosen for
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
    setBusy(button, true);
    const controller = new AbortController();
    running.add(controller);
    const stop = showRunning();
    try {
      const result = await runner.run(options, { signal: controller.signal });
      latestStatus = await runner.status();
      latest = result;
      // A new shape or mask opens on its first padded item; the same batch again keeps
      // the item the learner chose.
      const maskKey = JSON.stringify([result.cpu.shape, result.cpu.mask]);
      const keepB = maskKey === shownMask ? Number(field('view-b').value) || 0 : firstPadded(result.cpu);
      shownMask = maskKey;
      fillSelect(field('view-b'), result.cpu.shape.B, keepB);
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
      setBusy(button, running.size > 0);
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
    if (event.submitter === field('run-batch') && isBusy(field('run-batch'))) return; // already running
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
