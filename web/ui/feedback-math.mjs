// The core's feedback, with its maths typeset as the prompts' is. The core writes feedback as
// plain text: maths in the plain notation of its sentences ("e^0 = 1", "e^(-a) = 1/2",
// "a = ln 2", "sqrt(D_k)", "q^T W k"), and a piece of the learner's own answer between
// single quotes ("'x' is not a name this answer can use"). A quoted piece is the learner's
// and goes in as text, always; in the core's own words, maths written between $…$ (as the
// exercise files write it) and the plain notations below are typeset with KaTeX
// (render-math.mjs, which falls back to the TeX as text without it).

import { renderMathPieces, splitMath } from './render-math.mjs';

// A piece of the learner's answer, quoted by the core: 'x' after a space, a bracket or the
// start, and before a space, punctuation or the end (an apostrophe inside a word is not one).
const QUOTED = /(^|[\s(:])('[^'\n]*')(?=[\s.,;:)!?]|$)/g;

// The core's plain notations, and their TeX.
const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:\/\d+)?`;
const PLAIN = [
  // e^0, e^a, e^(-a), e^0.5, with what it equals: "e^0 = 1", "e^(-a) = 1/2".
  [new RegExp(String.raw`\be\^(?:\(([^()\s]{1,12})\)|(-?\d+(?:\.\d+)?|-?[a-z](?![a-z\d])))(?:\s*=\s*(${NUMBER}))?`, 'y'),
    (m) => `e^{${m[1] ?? m[2]}}${m[3] ? ` = ${m[3]}` : ''}`],
  [/\ba = ln 2\b/y, () => String.raw`a = \ln 2`],
  [/\bln 2\b/y, () => String.raw`\ln 2`],
  [/\bsqrt\(([A-Za-z](?:_[A-Za-z])?)\)/y, (m) => String.raw`\sqrt{${m[1]}}`],
  [/√([A-Z])_?([a-z])\b/y, (m) => String.raw`\sqrt{${m[1]}_${m[2]}}`],
  [/\b([A-Za-z])\^T\b/y, (m) => String.raw`${m[1]}^\top`],
  [/\b([DW])_([kvq])\b/y, (m) => `${m[1]}_${m[2]}`],
];

// Plain text of the core's -> [{text} | {tex, display: false}].
export function plainMath(text) {
  const pieces = [];
  let plain = '';
  let i = 0;
  outer: while (i < text.length) {
    for (const [pattern, toTex] of PLAIN) {
      pattern.lastIndex = i;
      const match = pattern.exec(text);
      if (!match || (i > 0 && /[\w^]/.test(text[i - 1]))) continue;
      if (plain) pieces.push({ text: plain });
      plain = '';
      pieces.push({ tex: toTex(match), display: false, plain: match[0] });
      i += match[0].length;
      continue outer;
    }
    plain += text[i];
    i += 1;
  }
  if (plain) pieces.push({ text: plain });
  return pieces;
}

// The feedback as pieces: the learner's quoted text as text; the core's words with their maths.
export function feedbackPieces(feedback) {
  const text = String(feedback ?? '');
  const pieces = [];
  const own = (words) => {
    for (const piece of splitMath(words)) pieces.push(...(piece.text === undefined ? [piece] : plainMath(piece.text)));
  };
  let last = 0;
  for (const match of text.matchAll(QUOTED)) {
    const start = match.index + match[1].length;
    own(text.slice(last, start));
    pieces.push({ text: match[2] });
    last = start + match[2].length;
  }
  own(text.slice(last));
  return pieces;
}

// Fills `container` with the feedback (see above): its maths in the core's notation until KaTeX
// has come, which is asked for once the verdict is shown. -> a promise settled once it is typeset.
export function renderFeedback(container, feedback) {
  return renderMathPieces(container, feedbackPieces(feedback), { whenIdle: true });
}
