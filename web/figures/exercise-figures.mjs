// The live figures an exercise declares in its file ("figures": [{kind, model, ...}]),
// drawn from that exercise's own inputs (so a variant's figure shows the variant's
// numbers). A declaration names the figure's kind, the model whose working it asks the
// core for, and what else that kind needs: "mask" (the mask figure's mask text),
// "inputs" (values that replace the exercise's inputs of the same names), "rows" (the
// heatmap's rows of given weights, [{label, weights}], instead of the parts' queries),
// "contexts" (the hull's contexts, [{label, weights}], instead of the one of
// inputs.weights), "reads" (the two-read figure's reads, [{label, queryFrom}]: the input
// that holds each read's query). It may say
// "exercisePage": false (shown only on the figures page) and carry "figuresPage":
// {heading, text, link} (shown on the figures page, with that heading, text and link).
// Next to an exercise the figures sit in a closed <details> and are drawn when opened:
// they show the answers.

import { el } from '../ui/dom.mjs';

// The queries the parts read, each once: a part's own, or else the exercise's (the heatmap's rows).
const partQueries = (exercise) => [...new Set((exercise.parts ?? []).map((part) => part.query ?? exercise.inputs?.query)
  .filter((query) => typeof query === 'string'))];

// Each kind: its module (loaded only when a figure of that kind is drawn: page weight)
// and how the declaration and the exercise become the figure's options.
const KINDS = {
  flow: { load: () => import('./flow.mjs'), draw: (m, c, o) => m.flowFigure(c, o) },
  temperature: { load: () => import('./temperature.mjs'), draw: (m, c, o) => m.temperatureFigure(c, o) },
  mask: { load: () => import('./mask.mjs'), draw: (m, c, o, figure) => m.maskFigure(c, { ...o, mask: figure.mask }) },
  window: { load: () => import('./window.mjs'), draw: (m, c, o) => m.windowFigure(c, o) },
  heatmap: { load: () => import('./heatmap.mjs'),
    draw: (m, c, o, figure, exercise) => m.heatmapFigure(c, { ...o, queries: partQueries(exercise), rows: figure.rows }) },
  hull: { load: () => import('./hull.mjs'), draw: (m, c, o, figure) => m.hullFigure(c, { ...o, contexts: figure.contexts }) },
  reads: { load: () => import('./reads.mjs'), draw: (m, c, o, figure) => m.readsFigure(c, { ...o, reads: figure.reads }) },
  recurrence: { load: () => import('./recurrence.mjs'), draw: (m, c, o) => m.recurrenceFigure(c, o) },
};

// The figures an exercise declares (well-formed ones only), optionally only those for one page.
export function declaredFigures(exercise, { page = null } = {}) {
  const figures = Array.isArray(exercise?.figures) ? exercise.figures : [];
  return figures.filter((figure) => figure && typeof figure.kind === 'string'
    && (page !== 'exercise' || figure.exercisePage !== false)
    && (page !== 'figures' || (figure.figuresPage && typeof figure.figuresPage === 'object')));
}

// Draws one declared figure; resolves to its <figure> (or a message when the kind is unknown).
export async function drawFigure(companion, exercise, figure) {
  const kind = Object.hasOwn(KINDS, figure.kind) ? KINDS[figure.kind] : null;
  if (!kind) return el('p', { class: 'figure-status figure-error' }, `There is no figure of the kind “${figure.kind}”.`);
  const options = { model: figure.model ?? exercise.model, inputs: { ...exercise.inputs, ...figure.inputs } };
  return kind.draw(await kind.load(), companion, options, figure, exercise);
}

// The closed panel of an exercise's figures on its page, or null when it declares none.
export function figuresFor(companion, exercise) {
  const figures = declaredFigures(exercise, { page: 'exercise' });
  if (figures.length === 0) return null;
  const holder = el('div', { class: 'embedded-figures' });
  const details = el('details', { class: 'figure-embed' },
    el('summary', {}, 'Live figures for this exercise (they show the answers)'), holder);
  details.addEventListener('toggle', async () => {
    if (!details.open || holder.hasChildNodes()) return;
    holder.append(...await Promise.all(figures.map((figure) => drawFigure(companion, exercise, figure))));
  });
  return el('section', { class: 'figures-section', 'aria-label': 'Live figures' }, details);
}
