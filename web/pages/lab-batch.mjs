// The batch lab page: reads the form (../batch/lab-form.mjs), runs the batch through the
// batch runner (WASM core plus WebGPU where it works), and shows which path ran and a
// heatmap of one item's and head's weights (../batch/lab-heatmap.mjs: opening on an item
// with padding, so that the view shows masking, with labelled axes and a legend); the
// core's row statistics, the GPU-vs-WASM agreement and the timings sit in a closed
// "Engineering details" panel (../batch/lab-details.mjs). Items, heads, targets and sources
// are counted from 1, as in the chapter and its exercises.
// Every number shown comes from the core or from the GPU kernels; this file only lays
// them out. The address can preset the form (see presetFromUrl), as the batch
// exercises' links do; the address and the form are read strictly and held to a work
// budget (batch-params.mjs) before anything runs. The WASM core runs in a module Worker
// (batch-worker.mjs), with a progress line and a Cancel button while it works, so the
// page stays responsive; WebGPU runs on this page's device.

import { showNotice, setStatus } from '../ui/boot.mjs';
import { el, clear, setBusy, isBusy } from '../ui/dom.mjs';
import { createBatchRunner } from '../batch/batch-runner.mjs';
import { createWorkerCore, BatchCancelled } from '../batch/batch-worker-client.mjs';
import { checkBudget, LIMITS } from '../batch/batch-params.mjs';
import { PRESETS, readOptions, setForm, presetFromUrl } from '../batch/lab-form.mjs';
import { drawHeatmap } from '../batch/lab-heatmap.mjs';
import { showAgreement, showPath, showRowStats, showSummary, showTimings } from '../batch/lab-details.mjs';
import { messageOf } from '../error-message.mjs';
import { keepForOffline } from '../ui/offline.mjs';

const field = (id) => document.getElementById(id);

// The item the heatmap opens on: the first one with padding (a length below S), so that
// the view shows masking; item 1 when no item is padded.
function firstPadded(cpu) {
  const at = (cpu.mask.lengths ?? []).findIndex((length) => length < cpu.shape.S);
  return Math.max(0, at);
}

function fillSelect(select, count, keep) {
  clear(select);
  for (let i = 0; i < count; i += 1) select.append(el('option', { value: String(i) }, String(i + 1)));
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
    const [b, h] = [Number(field('view-b').value), Number(field('view-h').value)];
    drawHeatmap(latest, b, h);
    showRowStats(latest, b, h);
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
      showTimings(result, latestStatus);
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
  .finally(() => {
    document.body.dataset.ready = 'true';
    keepForOffline();
  });
