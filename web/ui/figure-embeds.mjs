// Which live figures sit next to which exercises, drawn from that exercise's
// own inputs (so a variant's figure shows the variant's numbers). Figures are
// in a closed <details> and drawn when opened: they show the answers.

import { el } from './dom.mjs';

// The figure modules load only when a learner opens the figures (page weight).
const flowFigure = async (...args) => (await import('./figure-flow.mjs')).flowFigure(...args);
const temperatureFigure = async (...args) => (await import('./figure-temperature.mjs')).temperatureFigure(...args);
const maskFigure = async (...args) => (await import('./figure-mask.mjs')).maskFigure(...args);
const windowFigure = async (...args) => (await import('./figure-window.mjs')).windowFigure(...args);
const heatmapFigure = async (...args) => (await import('./figure-heatmap.mjs')).heatmapFigure(...args);
const hullFigure = async (...args) => (await import('./figure-hull.mjs')).hullFigure(...args);

function maskOf(exercise) {
  return exercise.parts?.find((p) => typeof p.mask === 'string')?.mask;
}

const EMBEDS = {
  'ch19.running': (c, e) => [flowFigure(c, { inputs: e.inputs }), temperatureFigure(c, { inputs: e.inputs }),
    maskFigure(c, { inputs: e.inputs, mask: maskOf(e) })],
  'ch19.ex5': (c, e) => [temperatureFigure(c, { inputs: e.inputs })],
  'ch19.ex6': (c, e) => [hullFigure(c, { values: e.inputs.values, weights: e.inputs.weights })],
  'ch19.ex7': (c, e) => [hullFigure(c, { values: e.inputs.values, weights: e.inputs.weights })],
  'ch19.ex15': (c, e) => [windowFigure(c, { inputs: e.inputs })],
  'ch19.ex18': (c, e) => [heatmapFigure(c, { inputs: e.inputs,
    queries: e.parts.map((p) => p.query).filter((q) => typeof q === 'string') })],
};

export function figuresFor(companion, exercise) {
  const make = EMBEDS[exercise.id];
  if (!make) return null;
  const holder = el('div', { class: 'embedded-figures' });
  const details = el('details', { class: 'figure-embed' },
    el('summary', {}, 'Live figures for this exercise (they show the answers)'), holder);
  details.addEventListener('toggle', async () => {
    if (!details.open || holder.hasChildNodes()) return;
    holder.append(...await Promise.all(make(companion, exercise)));
  });
  return el('section', { class: 'figures-section', 'aria-label': 'Live figures' }, details);
}
