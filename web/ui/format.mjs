// Display formatting for numbers the core returned. Rounding for display only:
// no attention arithmetic happens here, and graded values always come from the core.

// Decimal places used for Chapter 19's decimals (the chapter prints 3).
export const PLACES = 3;

// 0.12262975 -> "0.123"; -0.00001 -> "0.000"; non-numbers -> "—".
export function fmt(value, places = PLACES) {
  const n = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return '—';
  const text = n.toFixed(places);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

// A decimal for the working: four significant figures (0.08194, 1.254, 12.35), which the
// grader's rule (3 significant figures, correctly rounded) always accepts; a number that
// has no more figures than that (0, 12, 0.5, 0.25) as it is.
export function fmtFigures(value, figures = 4) {
  const n = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return '—';
  if ((Number.isInteger(n) && Math.abs(n) < 1e15) || (Math.abs(n) >= 1e-6 && Number(n.toPrecision(figures)) === n)) {
    return String(n);
  }
  const text = Math.abs(n) >= 1e-6 && Math.abs(n) < 1e15 ? n.toPrecision(figures) : n.toExponential(figures - 1);
  return text.startsWith('-0') && Number(text) === 0 ? text.slice(1) : text;
}

// fmtFigures of a number, a list or a nested list of numbers -> "[0.5114, 0.3981, 1]"; a
// true/false entry (a mask) as 1/0.
export function fmtFiguresOf(value, figures = 4) {
  if (Array.isArray(value)) return `[${value.map((entry) => fmtFiguresOf(entry, figures)).join(', ')}]`;
  if (typeof value === 'boolean') return value ? '1' : '0';
  return fmtFigures(value, figures);
}

// A number, a list or a nested list of numbers -> "[0.511, 0.398, 0.417]".
export function fmtArray(value, places = PLACES) {
  if (Array.isArray(value)) return `[${value.map((entry) => fmtArray(entry, places)).join(', ')}]`;
  if (typeof value === 'boolean') return value ? '1' : '0';
  return fmt(value, places);
}

// A whole count -> "1,048,576".
export function fmtCount(value) {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n.toLocaleString('en-US') : String(value ?? '—');
}

// (3, 'answer') -> "3 answers"; (1, 'answer') -> "1 answer"; (1200, 'row') -> "1,200 rows".
export const plural = (n, one, many = `${one}s`) => `${fmtCount(n)} ${n === 1 ? one : many}`;

// [8, 4, 64, 512] -> "8 × 4 × 64 × 512".
export function fmtShape(shape) {
  return Array.isArray(shape) ? shape.map(String).join(' × ') : String(shape ?? '—');
}

// "D_v*S*T + D_k*S*T" -> "D_v·S·T + D_k·S·T" (the core's polynomial, easier to read).
export function fmtPolynomial(text) {
  return String(text ?? '—').replaceAll('*', '·');
}

// A source position's label (a token name in the exercise's inputs) as words for the page:
// "full_stop" -> "full stop".
export const positionWords = (label) => String(label ?? '').replaceAll('_', ' ');
