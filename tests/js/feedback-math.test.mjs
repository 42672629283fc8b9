// The core's feedback as the page shows it (web/ui/feedback-math.mjs): its maths, in the plain
// notation of the core's sentences or between $…$, becomes TeX for KaTeX; a piece of the
// learner's answer that the core quotes stays text, whatever it holds; long inline lists of
// numbers break between their entries (web/ui/render-math.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { feedbackPieces } from '../../web/ui/feedback-math.mjs';
import { breakableLists, splitMath } from '../../web/ui/render-math.mjs';

const tex = (pieces) => pieces.filter((p) => p.tex !== undefined).map((p) => p.tex);
const text = (pieces) => pieces.filter((p) => p.text !== undefined).map((p) => p.text).join('');

test('the core\'s plain maths is typeset', () => {
  const pieces = feedbackPieces('Not quite: your exponentials are the scores themselves: take e to the power of each score (e^a = 2, e^0 = 1).');
  assert.deepEqual(tex(pieces), ['e^{a} = 2', 'e^{0} = 1']);
  assert.equal(text(pieces), 'Not quite: your exponentials are the scores themselves: take e to the power of each score (, ).');
  assert.deepEqual(tex(feedbackPieces('with a = ln 2, e^a = 2 and e^(-a) = 1/2, so')), [String.raw`a = \ln 2`, 'e^{a} = 2', 'e^{-a} = 1/2']);
  assert.deepEqual(tex(feedbackPieces('divides q.k by sqrt(D_k); divided by √Dk; In q^T W k')),
    [String.raw`\sqrt{D_k}`, String.raw`\sqrt{D_k}`, String.raw`q^\top`]);
  assert.deepEqual(tex(feedbackPieces('Already $x_1$ marked')), ['x_1']);
});

test('the learner\'s quoted text stays text, and words are not taken for maths', () => {
  const pieces = feedbackPieces("Could not read the answer at character 1: 'e^0 $\\href{x}{y}$' is not a name this answer can use.");
  assert.deepEqual(tex(pieces), []);
  assert.ok(pieces.some((p) => p.text === "'e^0 $\\href{x}{y}$'"));
  assert.deepEqual(tex(feedbackPieces("the removed position's score to 0, entries 2 and 3, a sine^2, type 'a'")), []);
});

test('a long inline list of numbers breaks between entries; a short one or a formula stays whole', () => {
  const pieces = breakableLists(splitMath('weights $[[0.244728, 0.090031], [0.278286, 0.619338]]$ and $[1, 0]$ and $q\\cdot k = 0.5, 1$'));
  assert.deepEqual(tex(pieces), ['[[0.244728,', '0.090031],', '[0.278286,', '0.619338]]', '[1, 0]', 'q\\cdot k = 0.5, 1']);
});
