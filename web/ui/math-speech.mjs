// The maths of a prompt as words, for the accessible name of its answer field: Chromium
// leaves inline MathML out of a label's accessible name, so a field labelled "Repeat with
// τ = 0.5" would be announced as "Repeat with ." The page keeps the MathML in the label
// (for browse mode) and gives the field the prompt with each formula spoken:
//   \tau=0.5               -> "tau equals 0.5"
//   e_i=q^\top W k_i       -> "e sub i equals q transpose W k sub i"
//   B\times T\times S      -> "B by T by S"
//   c=\sum_i\alpha_i v_i   -> "c equals the sum over i of alpha sub i v sub i"
//   q^{(1)}=[0.0, 1.0]     -> "q superscript 1 equals [0.0, 1.0]"
//   q^{(2)}, q^(2)          -> "q superscript 2" (an index in parentheses, never "squared")
// It reads the TeX the exercise texts use (Greek letters, sub- and superscripts, \frac,
// \sqrt, \sum, \operatorname, relations and operators); any other command is read by its
// name without the backslash, so nothing is ever dropped silently.

import { splitMath } from './render-math.mjs';

const GREEK = new Set(['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'eta', 'theta', 'lambda', 'mu', 'pi', 'rho', 'sigma',
  'tau', 'phi', 'psi', 'omega', 'Sigma', 'Delta', 'Omega']);
const WORDS = {
  times: 'by', cdot: 'dot', top: 'transpose', ldots: 'dots', cdots: 'dots', dots: 'dots', infty: 'infinity',
  le: 'at most', leq: 'at most', ge: 'at least', geq: 'at least', ne: 'not equal to', neq: 'not equal to',
  approx: 'approximately', in: 'in', to: 'to', rightarrow: 'to', mapsto: 'maps to', ln: 'ln', log: 'log', exp: 'exp',
  max: 'max', min: 'min', mathbb: '', mathbf: '', mathrm: '', text: '', left: '', right: '', quad: '', qquad: '',
  ',': '', ';': '', '!': '', ' ': '',
};
const SYMBOLS = { '=': 'equals', '+': 'plus', '-': 'minus', '−': 'minus', '<': 'less than', '>': 'greater than', '/': 'over',
  '*': 'times', '|': '', '~': '' };

// Reads one argument: {…} as a group, a \command, or one character. -> [words, next index]
// (raw: a group's text as written, for names such as \operatorname{softmax}).
function argument(tex, at, { raw = false } = {}) {
  let i = at;
  while (tex[i] === ' ') i += 1;
  if (tex[i] === '{') {
    let depth = 1;
    let j = i + 1;
    while (j < tex.length && depth > 0) {
      if (tex[j] === '{') depth += 1;
      if (tex[j] === '}') depth -= 1;
      j += 1;
    }
    const body = tex.slice(i + 1, j - 1);
    return [raw ? body.replace(/\\/g, '') : speak(body), j];
  }
  if (tex[i] === '\\') {
    const m = /^\\([A-Za-z]+|.)/.exec(tex.slice(i));
    return [speak(m[0]), i + m[0].length];
  }
  return [speak(tex[i] ?? ''), i + 1];
}

// A script's words: "(1)" -> "1", "\top" -> "transpose".
const scriptWords = (words) => words.replace(/^\((.*)\)$/, '$1');

export function speak(tex) {
  const out = [];
  let i = 0;
  const source = String(tex ?? '');
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') {
      const m = /^\\([A-Za-z]+|.)/.exec(source.slice(i));
      const name = m[1];
      i += m[0].length;
      if (name === 'frac') {
        const [top, next] = argument(source, i);
        const [bottom, end] = argument(source, next);
        out.push(`${top} over ${bottom}`);
        i = end;
      } else if (name === 'sqrt') {
        const [body, next] = argument(source, i);
        out.push(`the square root of ${body}`);
        i = next;
      } else if (name === 'sum' || name === 'prod') {
        let over = '';
        if (source[i] === '_') {
          const [below, next] = argument(source, i + 1);
          over = ` over ${below}`;
          i = next;
        }
        out.push(`the ${name === 'sum' ? 'sum' : 'product'}${over} of`);
      } else if (name === 'operatorname' || name === 'mathrm' || name === 'text' || name === 'mathbf' || name === 'mathbb') {
        // A name written out (softmax, ReLU) is read as one word.
        const [body, next] = argument(source, i, { raw: true });
        out.push(body);
        i = next;
      } else if (GREEK.has(name)) {
        out.push(name);
      } else if (Object.hasOwn(WORDS, name)) {
        if (WORDS[name]) out.push(WORDS[name]);
      } else {
        out.push(name);
      }
    } else if (c === '_' || c === '^') {
      // q^(2) as written in plain text: the parenthesised group is the script.
      const close = source[i + 1] === '(' ? source.indexOf(')', i + 2) : -1;
      const [script, next] = close > 0 ? [`(${speak(source.slice(i + 2, close))})`, close + 1] : argument(source, i + 1);
      const words = scriptWords(script);
      // A script in parentheses is an index (the second query), not a power.
      const indexed = words !== script;
      const sup = words === '2' && !indexed ? 'squared' : /^(transpose|prime)$/.test(words) ? words : `superscript ${words}`;
      out.push(c === '_' ? `sub ${words}` : sup);
      i = next;
    } else if (c === '{' || c === '}') {
      i += 1;
    } else if (c === '[' || c === '(') {
      // A list or group as written: "[1, 1, 0]" is read as it is.
      const close = c === '[' ? ']' : ')';
      const end = source.indexOf(close, i);
      if (end > i && !/[\\^_]/.test(source.slice(i, end))) {
        out.push(source.slice(i, end + 1));
        i = end + 1;
      } else {
        out.push(c);
        i += 1;
      }
    } else if (Object.hasOwn(SYMBOLS, c)) {
      if (SYMBOLS[c]) out.push(SYMBOLS[c]);
      i += 1;
    } else if (/\s/.test(c)) {
      i += 1;
    } else {
      const m = /^[A-Za-z]+|^[0-9.]+|^./.exec(source.slice(i));
      // Letters written together are separate symbols in TeX (qk is q times k), numbers are one.
      out.push(/^[A-Za-z]+$/.test(m[0]) ? m[0].split('').join(' ') : m[0]);
      i += m[0].length;
    }
  }
  return out.filter((word) => word !== '').join(' ').replace(/\s+/g, ' ').replace(/\s([\],)])/g, '$1')
    .replace(/([[(])\s/g, '$1').trim();
}

// A text with $…$ maths, as words: each formula spoken, the rest kept.
export function spokenText(text) {
  return splitMath(String(text ?? '')).map((piece) => (piece.tex === undefined ? piece.text : speak(piece.tex)))
    .join('').replace(/\s+/g, ' ').trim();
}

// Whether a text holds any maths (only then does a field need a spoken name of its own).
export const hasMath = (text) => splitMath(String(text ?? '')).some((piece) => piece.tex !== undefined);
