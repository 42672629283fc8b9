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
import { lazyStyle } from '../ui/lazy-style.mjs';
import { offlineNote } from '../ui/offline.mjs';
import { messageOf } from '../error-message.mjs';

// The queries the parts read, each once: a part's own, or else the exercise's (the heatmap's rows).
const partQueries = (exercise) => [...new Set((exercise.parts ?? []).map((part) => part.query ?? exercise.inputs?.query)
  .filter((query) => typeof query === 'string'))];

// Each kind: how the declaration and the exercise become the figure's options. The figures'
// code (./all-figures.mjs) is loaded when the first figure is drawn (page weight).
const KINDS = {
  flow: { draw: (m, c, o) => m.flowFigure(c, o) },
  temperature: { draw: (m, c, o) => m.temperatureFigure(c, o) },
  mask: { draw: (m, c, o, figure) => m.maskFigure(c, { ...o, mask: figure.mask }) },
  window: { draw: (m, c, o) => m.windowFigure(c, o) },
  heatmap: {
    draw: (m, c, o, figure, exercise) => m.heatmapFigure(c, { ...o, queries: partQueries(exercise), rows: figure.rows }) },
  hull: { draw: (m, c, o, figure) => m.hullFigure(c, { ...o, contexts: figure.contexts }) },
  reads: { draw: (m, c, o, figure) => m.readsFigure(c, { ...o, reads: figure.reads }) },
  recurrence: { draw: (m, c, o) => m.recurrenceFigure(c, o) },
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
  return kind.draw(await import('./all-figures.mjs'), companion, options, figure, exercise);
}

// The closed panel of an exercise's figures on its page, or null when it declares none.
export function figuresFor(companion, exercise) {
  const figures = declaredFigures(exercise, { page: 'exercise' });
  if (figures.length === 0) return null;
  const holder = el('div', { class: 'embedded-figures' });
  const details = el('details', { class: 'figure-embed' },
    el('summary', {}, 'Live figures for this exercise (they show the answers)'), holder);
  let drawing = null;
  details.addEventListener('toggle', () => {
    if (!details.open || drawing) return;
    drawing = Promise.all([Promise.all(figures.map((figure) => drawFigure(companion, exercise, figure))), lazyStyle('figures.css')])
      .then(([drawn]) => holder.replaceChildren(...drawn), (error) => {
        drawing = null; // closed and opened again, the panel tries again
        holder.replaceChildren(el('p', { class: 'status status-error' }, `The figures could not be drawn (${messageOf(error)}).` +
          `${offlineNote()} Close this panel and open it again to try again.`));
      });
  });
  return el('section', { class: 'figures-section', 'aria-label': 'Live figures' }, details);
}
