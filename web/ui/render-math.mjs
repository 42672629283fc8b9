// Typesets authored text (exercise intros, prompts, hints) that holds TeX in
// $...$ (inline) or $$...$$ (display), with KaTeX in MathML output (no KaTeX
// CSS or fonts needed, no inline styles). Text outside the delimiters is
// inserted as text nodes. If KaTeX cannot be loaded, the TeX stays as text.

let katexPromise = null;

function loadKatex() {
  katexPromise ??= import('../katex.mjs').then((module) => module.default).catch(() => null);
  return katexPromise;
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
      container.append(document.createTextNode(piece.text));
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
