// The maths of prompts as words (web/ui/math-speech.mjs), for the accessible names of
// answer fields: the forms the exercises use read as a person would say them, and every
// prompt and option of every exercise, for 21 seeds, comes out with each formula in words
// (no TeX left, no formula lost).
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadCompanion } from '../../web/companion.mjs';
import { hasMath, speak, spokenText } from '../../web/ui/math-speech.mjs';
import { splitMath } from '../../web/ui/render-math.mjs';

let companion;
before(async () => { companion = await loadCompanion(); });

test('the forms the exercises write read as words', () => {
  const cases = [
    ['\\tau=0.5', 'tau equals 0.5'],
    ['B\\times T\\times S', 'B by T by S'],
    ['D_k', 'D sub k'],
    ['e_i=q^\\top W k_i', 'e sub i equals q transpose W k sub i'],
    ['c=\\sum_i\\alpha_i v_i', 'c equals the sum over i of alpha sub i v sub i'],
    ['q^{(1)}=[0.0, 1.0, -0.5]', 'q superscript 1 equals [0.0, 1.0, -0.5]'],
    ['r=3c_1+2c_2', 'r equals 3 c sub 1 plus 2 c sub 2'],
    ['q\\cdot h_j', 'q dot h sub j'],
    ['\\frac{1}{\\sqrt{D_k}}', '1 over the square root of D sub k'],
    ['h_t=\\operatorname{ReLU}(h_{t-1}+x_t)', 'h sub t equals ReLU (h sub t minus 1 plus x sub t)'],
    ['e^2', 'e squared'],
    // An index in parentheses is a label, never a power (exercise 19.18's second query).
    ['q^{(2)}=[1, 0]', 'q superscript 2 equals [1, 0]'],
    ['q^(2)', 'q superscript 2'],
  ];
  for (const [tex, words] of cases) assert.equal(speak(tex), words, tex);
  assert.equal(spokenText('Repeat with $\\tau=0.5$.'), 'Repeat with tau equals 0.5.');
  assert.equal(hasMath('no maths here'), false);
  assert.equal(hasMath('a price of \\$5'), false);
});

test('every prompt and option of every exercise, at 21 seeds, has each formula as words', () => {
  let formulas = 0;
  for (const { id } of companion.exercises()) {
    for (let seed = 0; seed <= 20; seed += 1) {
      const exercise = companion.exercise(id, { seed });
      const texts = (exercise.parts ?? []).flatMap((part) => [part.prompt, ...(part.options ?? []).map((o) => o.text)]);
      for (const text of texts.filter((t) => typeof t === 'string' && hasMath(t))) {
        const spoken = spokenText(text);
        assert.doesNotMatch(spoken, /[\\{}^_$]/, `${id} (seed ${seed}): TeX left in "${spoken}"`);
        for (const piece of splitMath(text).filter((p) => p.tex !== undefined)) {
          formulas += 1;
          assert.ok(speak(piece.tex).length > 0, `${id}: "${piece.tex}" has no words`);
        }
        assert.doesNotMatch(spoken, /\s[.,;:?]|\(\s*\)|\s{2}/, `${id} (seed ${seed}): a gap in "${spoken}"`);
      }
    }
  }
  assert.ok(formulas > 100, `${formulas} formulas read`);
});
