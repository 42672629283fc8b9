// The figures page: Chapter 19's figures redrawn live from the core, with
// the chapter's running example (and the inputs of exercises 15 and 18).

import { el } from './dom.mjs';
import { bootCompanion, safeCall, errorOf, setStatus } from './boot.mjs';
import { flowFigure } from './figure-flow.mjs';
import { temperatureFigure } from './figure-temperature.mjs';
import { maskFigure } from './figure-mask.mjs';
import { windowFigure } from './figure-window.mjs';
import { heatmapFigure } from './figure-heatmap.mjs';
import { hullFigure } from './figure-hull.mjs';

function section(id, heading, text, figure, link) {
  return el('section', { class: 'figure-section', id, 'aria-labelledby': `${id}-heading` },
    el('h2', { id: `${id}-heading` }, heading), el('p', {}, text,
      link ? [' ', el('a', { href: `exercise.html?id=${encodeURIComponent(link[0])}` }, link[1])] : null), figure);
}

async function main() {
  const companion = await bootCompanion();
  if (!companion) return;
  const running = await safeCall(() => companion.exercise('ch19.running'));
  const ex15 = await safeCall(() => companion.exercise('ch19.ex15'));
  const ex18 = await safeCall(() => companion.exercise('ch19.ex18'));
  const problem = errorOf(running) ?? errorOf(ex15) ?? errorOf(ex18);
  if (problem) {
    setStatus(`The figures could not be set up: ${problem}`, 'error');
    return;
  }
  const holder = document.getElementById('figures');
  const inputs = running.inputs;
  holder.append(
    section('flow', 'From query to context', 'The running example: one query, five keys and five values.',
      await flowFigure(companion, { inputs }), ['ch19.running', 'Work it by hand.']),
    section('heatmap', 'Different queries, different mixtures', 'The same keys and values, read by the two queries of exercise 19.18.',
      await heatmapFigure(companion, { inputs: ex18.inputs, queries: ex18.parts.map((p) => p.query).filter(Boolean) }),
      ['ch19.ex18', 'Exercise 19.18.']),
    section('temperature', 'Temperature', 'The running example’s dot-product scores at three temperatures, and at one you choose.',
      await temperatureFigure(companion, { inputs }), ['ch19.ex5', 'Exercise 19.5.']),
    section('mask', 'Masking', 'Positions 4 and 5 treated as padding.',
      await maskFigure(companion, { inputs, mask: '[1, 1, 1, 0, 0]' }), ['ch19.running', 'The running example’s masked parts.']),
    section('window', 'Global and local windows', 'Ten positions, with the needed value at position 9 (exercise 19.15’s scores).',
      await windowFigure(companion, { inputs: ex15.inputs }), ['ch19.ex15', 'Exercise 19.15.']),
    section('hull', 'Contexts stay among the values', 'The chapter’s three 2-D values, starting from the weights 0.6, 0.3 and 0.1.',
      await hullFigure(companion, {}), ['ch19.ex7', 'Exercise 19.7.']),
  );
}

main().catch((error) => {
  setStatus(`This page could not be set up: ${error?.message ?? error}`, 'error');
}).finally(() => {
  document.body.dataset.ready = 'true';
});
