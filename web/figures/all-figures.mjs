// Every kind of live figure, in one module that a page loads when it first draws a figure
// (web/figures/exercise-figures.mjs): one request, after the page's first graded answer,
// instead of one a kind, and no figure code in the bytes that answer waits for.

export { flowFigure } from './flow.mjs';
export { heatmapFigure } from './heatmap.mjs';
export { hullFigure } from './hull.mjs';
export { maskFigure } from './mask.mjs';
export { readsFigure } from './reads.mjs';
export { recurrenceFigure } from './recurrence.mjs';
export { temperatureFigure } from './temperature.mjs';
export { windowFigure } from './window.mjs';
