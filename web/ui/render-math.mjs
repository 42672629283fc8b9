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

// Holds KaTeX's script back until `promise` settles (a page calls this before any maths is
// drawn). The exercise page holds it until its answer fields are drawn: on a fast link
// KaTeX arrives while the core compiles, and running it then (its script takes about 40 ms
// of the main thread, 0.17 s at 4x CPU) would come before the page's own drawing.
export function holdKatexUntil(promise) {
  katexHold = Promise.resolve(promise).then(() => undefined, () => undefined);
}

const katexUrl = () => new URL('../katex.min.js', import.meta.url).href;

export function useKatex(katex) {
  loadedKatex = katex ?? null;
  katexPromise = Promise.resolve(loadedKatex);
}

function loadKatex() {
  if (katexPromise) return katexPromise;
  if (katexHold) prefetchKatex();
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

// Downloads KaTeX's script without running it, while a hold lasts (the script element that
// loadKatex adds once the hold is over takes the downloaded copy).
function prefetchKatex() {
  if (globalThis.katex) return;
  try {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = katexUrl();
    document.head.append(link);
  } catch { /* no module URL: loadKatex settles without KaTeX */ }
}

// Starts loading KaTeX once `file` (the core's WebAssembly) has arrived, or now if it has;
// it runs when the hold (holdKatexUntil) is over. On a slow link KaTeX (63 KB compressed)
// would otherwise share the bandwidth with the core and delay the first graded answer by a
// third of a second; on a fast link it still arrives while the core compiles. Maths drawn
// before it runs shows its TeX and is typeset then.
export function startLoadingKatexAfter(file) {
  const arrived = (entries) => entries.some((entry) => entry.name.split(/[?#]/)[0].endsWith(`/${file}`));
  if (typeof PerformanceObserver === 'undefined'
      || !PerformanceObserver.supportedEntryTypes?.includes('resource')
      || arrived(performance.getEntriesByType('resource'))) {
    loadKatex();
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!arrived(list.getEntries())) return;
    observer.disconnect();
    loadKatex();
  });
  observer.observe({ type: 'resource', buffered: true });
}

// Settles once every piece of maths drawn so far has been typeset (KaTeX loaded, or failed
// to, where some waited for it; at once where none did).
export function mathTypeset() {
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

// A minus sign that starts a number (after "[", "(", a comma, a relation or at the start) is
// the number's sign, and KaTeX writes it as an operator between two others, which MathML
// spaces as a binary minus ("[0.8, − 0.3]"); grouped with its number ({-0.3}) it is the
// first of its group, a prefix, and sits against the number.
export const signedNumbers = (tex) => tex.replace(/(^|[[(,=<>]|\\le|\\ge|\\approx)(\s*)-(\s*)(\d+(?:\.\d+)?)/g, '$1$2{-$4}');

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

// Takes the maths that the site build already typeset into the page (an exercise's own page,
// tools/prerender.mjs) as typeset: KaTeX's MathML keeps its TeX in an annotation, so the same
// TeX drawn again is copied from there, and KaTeX is fetched only for maths the page does not
// hold yet (a variant's numbers, feedback). Only MathML that KaTeX wrote is taken.
export function adoptTypeset(root) {
  for (const holder of root?.querySelectorAll('span.math:not(.math-pending)') ?? []) {
    const annotation = holder.querySelector(':scope > .katex > math > semantics > annotation[encoding="application/x-tex"]');
    if (!annotation || holder.childElementCount !== 1) continue;
    const key = keyOf(annotation.textContent, holder.classList.contains('math-display'));
    if (typeset.has(key)) continue;
    const model = document.createElement('span');
    model.append(holder.firstElementChild.cloneNode(true));
    typeset.set(key, model);
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
// maths is typeset (or KaTeX has failed to load).
const latestFill = new WeakMap();
const idle = () => new Promise((resolve) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
  else setTimeout(resolve, 200);
});
export function renderMathPieces(container, pieces, { whenIdle = false } = {}) {
  latestFill.set(container, pieces);
  if (!fill(container, pieces, loadedKatex)) return Promise.resolve();
  somePending = true;
  return (whenIdle ? idle() : Promise.resolve()).then(loadKatex).then((katex) => {
    if (latestFill.get(container) === pieces) fill(container, pieces, katex);
  });
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
