// Typesets authored text (exercise intros, prompts, hints) that holds TeX in
// $...$ (inline) or $$...$$ (display), with KaTeX in MathML output (no KaTeX
// CSS or fonts needed, no inline styles). Text outside the delimiters is
// inserted as text nodes (Chinese source tokens in a <span lang="zh">, see
// ./lang-text.mjs). If KaTeX cannot be loaded, the TeX stays as text.

import { langNodes } from './lang-text.mjs';

// KaTeX is the minified UMD build (katex.min.js, about 270 KB instead of the
// 600 KB ES module), loaded once as a classic script from this site, which a
// strict CSP (script-src 'self') allows; it defines globalThis.katex. A bundle
// that carries KaTeX itself hands it over with useKatex(katex) instead.
let katexPromise = null;
let loadedKatex; // undefined until the load has settled, then KaTeX or null (it failed)
let katexHold = null;
let holdOver = false;

// Defers KaTeX until `promise` settles (a page calls this before any maths is drawn): it is
// neither downloaded nor run before, and only if some maths still waits for it then. The
// exercise page defers it to its first verdict (or a few seconds on the page), so that its
// weight before the first verdict is the core's and its own: the maths it shows meanwhile is
// what the site build typeset into the page, and a variant's maths is made from that
// (typesetFromTemplate below); what is left shows its TeX until KaTeX comes.
export function deferKatexUntil(promise) {
  holdOver = false;
  katexHold = Promise.resolve(promise).then(() => { holdOver = true; }, () => { holdOver = true; });
}

// A bundle that runs on other sites' pages (the component) names where KaTeX is: beside itself.
// The site's own pages all sit at the site's root, beside katex.min.js, so it is found from the
// page's address: not from this module's, which the site build moves into a page's bundle or,
// where lazy chunks share it (the exercise page), into pages/chunks/ (../katex.min.js then
// named pages/katex.min.js, a 404).
let katexAddress = null;
export const katexFrom = (url) => { katexAddress = url; };
const katexUrl = () => katexAddress ?? new URL('katex.min.js', globalThis.document?.baseURI ?? new URL('../', import.meta.url)).href;

export function useKatex(katex) {
  loadedKatex = katex ?? null;
  katexPromise = Promise.resolve(loadedKatex);
}
// A page that holds KaTeX from its start (the site build's prerender gives it one) typesets at once.
if (globalThis.katex) useKatex(globalThis.katex);

function loadKatex() {
  if (katexPromise) return katexPromise;
  katexPromise = (katexHold ?? Promise.resolve()).then(() => new Promise((resolve) => {
    const settle = (katex) => {
      loadedKatex = katex ?? null;
      resolve(loadedKatex);
    };
    if (globalThis.katex) {
      settle(globalThis.katex);
      return;
    }
    try {
      const script = document.createElement('script');
      script.src = katexUrl();
      script.onload = () => settle(globalThis.katex);
      script.onerror = () => settle(null);
      document.head.append(script);
    } catch {
      settle(null); // no module URL to load from (e.g. inside a bundle): TeX stays as text
    }
  }));
  return katexPromise;
}

// Settles once every piece of maths drawn so far has been typeset (KaTeX loaded, or failed
// to, where some waited for it; at once where none did, and at once while KaTeX is deferred:
// what waits for it is typeset when it comes).
export function mathTypeset() {
  if (katexHold && !holdOver && loadedKatex === undefined) {
    if (somePending) loadKatex();
    return Promise.resolve();
  }
  return somePending || loadedKatex !== undefined ? loadKatex().then(() => undefined) : Promise.resolve();
}

// Splits "a $x$ b $$y$$" into [{text}, {tex, display}] pieces. "\$" is a
// literal dollar sign.
export function splitMath(source) {
  const pieces = [];
  let text = '';
  let i = 0;
  while (i < source.length) {
    if (source[i] === '\\' && source[i + 1] === '$') {
      text += '$';
      i += 2;
      continue;
    }
    if (source[i] === '$') {
      const display = source[i + 1] === '$';
      const open = display ? 2 : 1;
      const close = source.indexOf(display ? '$$' : '$', i + open);
      if (close > i + open) {
        if (text) pieces.push({ text });
        text = '';
        pieces.push({ tex: source.slice(i + open, close), display });
        i = close + open;
        continue;
      }
    }
    text += source[i];
    i += 1;
  }
  if (text) pieces.push({ text });
  return pieces;
}

// A minus sign that starts a number (after "[", "(", a comma, a relation, a matrix's cell or
// row, or at the start) is the number's sign, and KaTeX writes it as an operator between two
// others, which MathML spaces as a binary minus ("[0.8, − 0.3]"); grouped with its number
// ({-0.3}) it is the first of its group, a prefix, and sits against the number (and a
// variant's formula with another sign there is made from the same template).
export const signedNumbers = (tex) => tex.replace(
  /(^|[[(,=<>&]|\\le|\\ge|\\approx|\\\\|\\begin\{[a-zA-Z]*\})(\s*)-(\s*)(\d+(?:\.\d+)?)/g, '$1$2{-$4}');

// KaTeX's MathML for each piece of TeX drawn so far: the same prompt on a page many times
// (a chapter in many components) is typeset once and copied after.
const typeset = new Map();
const keyOf = (tex, display) => `${display ? '$$' : '$'}${tex}`;
function typesetInto(holder, katex, tex, display) {
  const key = keyOf(tex, display);
  if (!typeset.has(key)) {
    const model = document.createElement('span');
    katex.render(tex, model, { output: 'mathml', displayMode: display, throwOnError: false, trust: false, strict: 'ignore' });
    typeset.set(key, model);
  }
  holder.append(...[...typeset.get(key).childNodes].map((node) => node.cloneNode(true)));
}

// A formula's numbers (each a sign, as signedNumbers groups it, and its digits), and its TeX
// with each of them as "#": two formulas of one skeleton differ in their numbers only (a
// variant's "$q = [2, {-1}]$" and the chapter's "$q = [0.5, 1]$").
const NUMBER = /\{-(\d+(?:\.\d+)?)\}|(\d+(?:\.\d+)?)/g;
const numbersOf = (tex) => [...tex.matchAll(NUMBER)].map((m) => ({ negative: m[1] !== undefined, digits: m[1] ?? m[2] }));
const skeletonOf = (tex) => tex.replace(NUMBER, '#');
// KaTeX's MathML of a number: <mn>digits</mn>, or, signed, <mrow><mo>−</mo><mn>digits</mn></mrow>.
const MATHML = 'http://www.w3.org/1998/Math/MathML';
const mathml = (name, ...children) => {
  const node = document.createElementNS(MATHML, name);
  node.append(...children);
  return node;
};
const numberNode = ({ negative, digits }) => (negative ? mathml('mrow', mathml('mo', '\u2212'), mathml('mn', digits))
  : mathml('mn', digits));
// The numbers of a model, in order: each <mn>, or the <mrow> that signs it.
function numberNodes(model) {
  return [...model.querySelectorAll('mn')].map((mn) => {
    const row = mn.parentElement;
    const signed = row?.localName === 'mrow' && row.childElementCount === 2 && row.firstElementChild.localName === 'mo'
      && row.firstElementChild.textContent === '\u2212' && row.lastElementChild === mn;
    return { node: signed ? row : mn, negative: signed, digits: mn.textContent };
  });
}
// KaTeX's MathML of a skeleton, where each number of its TeX is one number of it, in order.
const templates = new Map();
const annotationOf = (model) => model.querySelector('annotation[encoding="application/x-tex"]');
function keepTemplate(tex, display, model) {
  const key = keyOf(skeletonOf(tex), display);
  const numbers = numbersOf(tex);
  if (templates.has(key) || numbers.length === 0 || !annotationOf(model)) return;
  const nodes = numberNodes(model);
  if (nodes.length === numbers.length
    && nodes.every((n, i) => n.negative === numbers[i].negative && n.digits === numbers[i].digits)) templates.set(key, model);
}
// The MathML of `tex` made from a template of its skeleton (its numbers put in place, its
// annotation its own TeX), or null where there is none: no KaTeX is needed for it.
function typesetFromTemplate(tex, display) {
  const template = templates.get(keyOf(skeletonOf(tex), display));
  if (!template) return null;
  const model = template.cloneNode(true);
  const numbers = numbersOf(tex);
  numberNodes(model).forEach(({ node }, i) => node.replaceWith(numberNode(numbers[i])));
  annotationOf(model).textContent = tex;
  return model;
}

// Takes the maths that the site build already typeset into the page (an exercise's own page,
// tools/prerender.mjs) as typeset: KaTeX's MathML keeps its TeX in an annotation, so the same
// TeX drawn again is copied from there, a formula that differs from one of them in its numbers
// only (a variant's) is made from it, and KaTeX is fetched only for maths the page cannot make
// so (feedback, a variant's formula of another shape). Only MathML that KaTeX wrote is taken.
export function adoptTypeset(root) {
  for (const holder of root?.querySelectorAll('span.math:not(.math-pending)') ?? []) {
    const annotation = holder.querySelector(':scope > .katex > math > semantics > annotation[encoding="application/x-tex"]');
    if (!annotation || holder.childElementCount !== 1) continue;
    const display = holder.classList.contains('math-display');
    const key = keyOf(annotation.textContent, display);
    if (typeset.has(key)) continue;
    const model = document.createElement('span');
    model.append(holder.firstElementChild.cloneNode(true));
    typeset.set(key, model);
    keepTemplate(annotation.textContent, display, model);
  }
}

// Whether some maths drawn so far waits for KaTeX (mathTypeset then loads it).
let somePending = false;

// -> whether some of the maths waits for KaTeX.
function fill(container, pieces, katex) {
  container.replaceChildren();
  let pending = false;
  for (const piece of pieces) {
    if (piece.text !== undefined) {
      container.append(...langNodes(piece.text));
      continue;
    }
    const holder = document.createElement('span');
    holder.className = piece.display ? 'math math-display' : 'math';
    const tex = signedNumbers(piece.tex);
    if (!katex && !typeset.has(keyOf(tex, piece.display))) {
      const made = typesetFromTemplate(tex, piece.display);
      if (made) typeset.set(keyOf(tex, piece.display), made);
    }
    if (typeset.has(keyOf(tex, piece.display)) || katex) {
      try {
        typesetInto(holder, katex, tex, piece.display);
      } catch {
        holder.textContent = piece.tex;
      }
    } else if (katex === null) {
      holder.textContent = piece.display ? piece.tex : `$${piece.tex}$`; // KaTeX could not be loaded
    } else {
      holder.textContent = piece.plain ?? piece.tex; // typeset when KaTeX arrives
      holder.classList.add('math-pending');
      pending = true;
    }
    container.append(holder);
  }
  return pending;
}

// Fills `container` with pieces of text and TeX ({text} or {tex, display, plain?}, as splitMath
// makes them): at once, with the maths as TeX (or as `plain`, its plain-text form, where the
// piece has one) if KaTeX has not arrived yet, then typeset when it has (unless the container
// has been filled again since). With `whenIdle`, KaTeX is asked for once the browser is idle,
// so that what is shown now (a verdict) does not wait for it. The promise settles once the
// maths is typeset (or KaTeX has failed to load), or at once while the page defers KaTeX.
const latestFill = new WeakMap();
const idle = () => new Promise((resolve) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
  else setTimeout(resolve, 200);
});
export function renderMathPieces(container, pieces, { whenIdle = false } = {}) {
  latestFill.set(container, pieces);
  if (!fill(container, pieces, loadedKatex)) return Promise.resolve();
  somePending = true;
  const typesetting = (whenIdle ? idle() : Promise.resolve()).then(loadKatex).then((katex) => {
    if (latestFill.get(container) === pieces) fill(container, pieces, katex);
  });
  // (While the page defers KaTeX, nothing waits for it: the maths is typeset when it comes.)
  return katexHold && !holdOver ? Promise.resolve() : typesetting;
}

// A list of numbers written inline ("$[[0.244728, 0.090031, 0.665241], [0.278286, …]]$") is
// one formula, and a formula does not break across lines: on a phone it would run off the
// side. Such a list longer than a few entries is set as one formula per entry, each with its
// comma, with a space between them where the line may break.
const NUMBER_LIST = /^\s*[[(][-\d\s.,[\]()]*[\])]\s*$/;
export function breakableLists(pieces) {
  return pieces.flatMap((piece) => {
    if (piece.tex === undefined || piece.display || !NUMBER_LIST.test(piece.tex) || piece.tex.length <= 24) return [piece];
    const entries = piece.tex.trim().split(/,\s*/);
    return entries.flatMap((entry, i) => {
      const tex = { tex: i < entries.length - 1 ? `${entry},` : entry, display: false };
      return i ? [{ text: ' ' }, tex] : [tex];
    });
  });
}

// renderMathPieces for authored text that holds TeX in $...$ and $$...$$.
export function renderMathText(container, source) {
  return renderMathPieces(container, breakableLists(splitMath(String(source ?? ''))));
}

// Renders text with blank-line-separated paragraphs as <p> elements.
export async function renderParagraphs(container, source) {
  container.replaceChildren();
  const paragraphs = String(source ?? '').split(/\n\s*\n/).filter((part) => part.trim());
  await Promise.all(paragraphs.map((paragraph) => {
    const p = document.createElement('p');
    container.append(p);
    return renderMathText(p, paragraph.trim());
  }));
}
