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

export function useKatex(katex) {
  katexPromise = Promise.resolve(katex ?? null);
}

function loadKatex() {
  katexPromise ??= new Promise((resolve) => {
    if (globalThis.katex) {
      resolve(globalThis.katex);
      return;
    }
    try {
      const script = document.createElement('script');
      script.src = new URL('../katex.min.js', import.meta.url).href;
      script.onload = () => resolve(globalThis.katex ?? null);
      script.onerror = () => resolve(null);
      document.head.append(script);
    } catch {
      resolve(null); // no module URL to load from (e.g. inside a bundle): TeX stays as text
    }
  });
  return katexPromise;
}

// Starts loading KaTeX now (a page calls it before it starts the core), so that on a fast
// link the maths is typeset as the parts are first drawn, instead of shifting them later.
export function startLoadingKatex() {
  loadKatex();
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

// Fills `container` with `source` rendered as text plus typeset math.
export async function renderMathText(container, source) {
  const katex = await loadKatex();
  container.replaceChildren();
  for (const piece of splitMath(String(source ?? ''))) {
    if (piece.text !== undefined) {
      container.append(...langNodes(piece.text));
      continue;
    }
    const holder = document.createElement('span');
    holder.className = piece.display ? 'math math-display' : 'math';
    if (katex) {
      try {
        katex.render(piece.tex, holder, {
          output: 'mathml', displayMode: piece.display, throwOnError: false, trust: false, strict: 'ignore',
        });
      } catch {
        holder.textContent = piece.tex;
      }
    } else {
      holder.textContent = piece.display ? piece.tex : `$${piece.tex}$`;
    }
    container.append(holder);
  }
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
