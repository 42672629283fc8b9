// Issue 13, per-learner variants and the feedback policy: a learner's seed is a stable
// function of the salt, the learner and the exercise (web/embed/learner-seed.mjs); the
// policy reader takes only what it states (web/ui/feedback-policy.mjs); and with values
// hidden the core's verdicts, over every part of every exercise at many seeds, give no
// number the learner did not type, and no expected value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { learnerSeed } from '../../web/embed/learner-seed.mjs';
import { readPolicy, policySentence, policyQuery, PRACTICE } from '../../web/ui/feedback-policy.mjs';
import { loadCompanion } from '../../web/companion.mjs';
import { MAX_SEED } from '../../web/seed.mjs';

const companion = await loadCompanion();

test('a learner seed is stable, never 0, and differs between learners, exercises and salts', () => {
  const seen = new Set();
  for (let n = 0; n < 2000; n += 1) {
    const seed = learnerSeed(`learner-${n}`, 'ch14.ex1', 'spring');
    assert.ok(Number.isInteger(seed) && seed >= 1 && seed <= MAX_SEED, String(seed));
    assert.equal(learnerSeed(`learner-${n}`, 'ch14.ex1', 'spring'), seed, 'the same three give the same seed');
    seen.add(seed);
  }
  assert.ok(seen.size >= 1999, `${seen.size} distinct seeds for 2000 learners`);
  assert.notEqual(learnerSeed('ana', 'ch14.ex1', 'spring'), learnerSeed('ana', 'ch14.ex2', 'spring'));
  assert.notEqual(learnerSeed('ana', 'ch14.ex1', 'spring'), learnerSeed('ana', 'ch14.ex1', 'autumn'));
  // The parts are not run together: ("ab", "c") and ("a", "bc") are different learners and salts.
  assert.notEqual(learnerSeed('ab', 'ch14.ex1', 'c'), learnerSeed('abc', 'ch14.ex1', ''));
  assert.equal(learnerSeed('Zoë 学生', 'ch19.ex3', 's'), learnerSeed('Zoë 学生', 'ch19.ex3', 's'));
});

test('the policy reader keeps what it can read and names what it cannot', () => {
  const read = (query) => { const q = new URLSearchParams(query); return readPolicy((name) => q.get(name)); };
  assert.deepEqual(read(''), { policy: PRACTICE, problems: [], faults: [] });
  assert.equal(policySentence(PRACTICE), null);
  assert.equal(policyQuery(PRACTICE), '');
  const full = read('attempts=3&values=hidden&working=hidden');
  assert.deepEqual(full, { policy: { attempts: 3, values: 'hidden', working: 'hidden', followThrough: 'counts', solutions: 3 },
    problems: [], faults: [] });
  assert.equal(policyQuery(full.policy), 'attempts=3&values=hidden&working=hidden');
  // Follow-through counts unless the teacher notes it only; the learner is told which.
  const noted = read('followThrough=noted').policy;
  assert.equal(noted.followThrough, 'noted');
  assert.equal(policyQuery(noted), 'followThrough=noted');
  assert.match(policySentence(noted), /marked against the exact values, even where it follows correctly/);
  assert.match(policySentence(full.policy), /at most 3 graded checks.*closed once it is correct or out of checks.*gives no value.*not shown/);
  assert.match(policySentence(read('attempts=1').policy), /at most one graded check/);
  assert.match(policySentence(read('working=hidden').policy), /opens once every part is correct;/);
  // A part's worked solution: offered after 3 checks that were not correct, another number, or never.
  assert.equal(read('solutions=3').policy.solutions, 3);
  assert.equal(policyQuery(read('solutions=3').policy), '', 'the default is practice');
  const five = read('solutions=5').policy;
  assert.equal(policyQuery(five), 'solutions=5');
  assert.match(policySentence(five), /offers its worked solution after 5 checks that were not correct/);
  const none = read('solutions=hidden').policy;
  assert.equal(none.solutions, 'hidden');
  assert.match(policySentence(none), /no worked solution of a part is offered/);
  assert.match(policySentence(full.policy), /offers its worked solution once it is correct or out of checks/);
  for (const bad of ['0', '21', 'never', 'after-3']) {
    const { policy, faults } = read(`solutions=${bad}`);
    assert.equal(policy.solutions, 3, bad);
    assert.match(faults[0], /^solutions=".*" is not a whole number from 1 to 20 or hidden\.$/);
  }
  for (const bad of ['0', '21', '-1', '2.5', ' 3', 'three', '1e1', '003']) {
    const { policy, problems } = read(`attempts=${encodeURIComponent(bad)}`);
    assert.equal(policy.attempts, null, bad);
    assert.equal(problems.length, bad === '003' ? 1 : 1, bad);
    assert.match(problems[0], /is not a whole number from 1 to 20/);
  }
  const mixed = read('attempts=2&values=secret&working=later');
  assert.deepEqual(mixed.policy, { attempts: 2, values: 'shown', working: 'shown', followThrough: 'counts', solutions: 3 });
  assert.equal(mixed.problems.length, 2);
  // The same faults without what a page does about them, for a tool that refuses instead.
  assert.deepEqual(mixed.faults, ['values="secret" is not one of shown or hidden.', 'working="later" is not one of shown or hidden.']);
  assert.deepEqual(mixed.problems, mixed.faults.map((fault) => fault.replace(/\.$/, ', so it is ignored.')));
});

// The numbers in a text; a number of the expected value may be in the feedback only where
// the learner typed it (or the decimal rule's own sentence has it, or it is a small count:
// decimal places, entry numbers).
const numbersIn = (text) => String(text).match(/\d+(?:\.\d+)?(?:\/\d+)?/g) ?? [];

// Whether a typed answer holds a decimal with fewer than 3 significant figures, or (where the
// exact form or count is asked) any decimal or evaluated expression: what values=hidden
// declines to check. (A reading of the text, for the test: the core decides.)
const SHORT = /(?:^|[^\d.])(?:0?\.0*[1-9]\d?|[1-9]\d?\.\d?|[1-9]\.\d)(?![\d])/;

test('with values hidden, no verdict gives a value the learner did not type (every part, 12 seeds)', () => {
  let graded = 0;
  let nearMisses = 0;
  let declined = 0;
  for (const { id } of companion.exercises()) {
    for (const seed of [0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 4242, 3_000_000_000]) {
      const exercise = companion.exercise(id, { seed });
      for (const part of exercise.parts ?? []) {
        const shown = companion.grade(id, part.name, '0', { seed });
        const expected = String(shown.expected ?? '');
        // The value itself, its decimal form, each decimal one unit off in the last place,
        // and a wrong number.
        const decimal = expected.includes('≈') ? expected.split('≈')[1].trim() : expected;
        const nudged = decimal.replace(/(\d)(?=\D*$)/, (d) => String((Number(d) + 1) % 10));
        for (const answer of [expected.split('≈')[0].trim(), decimal, nudged, '0', '12345']) {
          if (!answer) continue;
          const hidden = companion.grade(id, part.name, answer, { seed, revealValues: false });
          graded += 1;
          assert.equal(hidden.expected, null, `${id}/${part.name}@${seed}: ${answer}`);
          if (hidden.nearMiss) nearMisses += 1;
          // A number of the expected value (exact or decimal) that the learner did not type.
          const typed = new Set([...numbersIn(answer), ...numbersIn(exercise.decimalRule ?? '')]);
          for (const number of numbersIn(hidden.feedback)) {
            if (typed.has(number) || (/^\d+$/.test(number) && Number(number) <= 20)) continue;
            if (numbersIn(expected).includes(number)) {
              assert.fail(`${id}/${part.name}@${seed}: "${answer}" got feedback with ${number}: ${hidden.feedback}`);
            }
          }
          const told = companion.grade(id, part.name, answer, { seed });
          // Hiding the values changes a verdict only to decline a check the value would decide.
          if (told.verdict === hidden.verdict) {
            if (hidden.misconception !== 'exact-value-approximated' || told.misconception !== hidden.misconception) {
              assert.equal(told.misconception === 'exact-value-approximated' ? null : told.misconception, hidden.misconception,
                `${id}/${part.name}@${seed} "${answer}": the named mistake, but never "one unit off an exact value"`);
            }
          } else {
            declined += 1;
            assert.equal(hidden.verdict, 'invalid', `${id}/${part.name}@${seed} "${answer}"`);
            assert.match(hidden.feedback, /^Not checked: /);
            assert.notEqual(told.verdict, 'correct', 'a right answer is never declined');
          }
        }
      }
    }
  }
  assert.ok(graded > 2000, `${graded} answers graded`);
  assert.ok(declined >= 10, `${declined} checks declined`);
  assert.ok(nearMisses >= 0);
});

test('with values hidden, whether typed digits agree with the value costs a check to learn (every numeric part, 9 seeds)', () => {
  // For each decimal entry the core can give, a two-figure decimal that agrees with it and one
  // that does not: under hidden values both are declined alike (the same verdict, and the same
  // words but for the reading of what was typed); so is an approximation where the exact form
  // is asked. With values shown the same pairs are told apart (the rule is the decimal rule).
  let pairs = 0;
  let toldApart = 0;
  const figures = (x, n) => Number(x.toPrecision(n));
  for (const { id } of companion.exercises()) {
    for (const seed of [0, 1, 2, 3, 5, 8, 13, 21, 4242]) {
      const exercise = companion.exercise(id, { seed });
      for (const part of exercise.parts ?? []) {
        if (Array.isArray(part.options)) continue;
        const expected = String(companion.grade(id, part.name, '0', { seed }).expected ?? '');
        const decimal = expected.includes('≈') ? expected.split('≈')[1].trim() : expected;
        if (!/^\[?-?\d+\.\d+(?:, -?\d+\.\d+)*\]?$/.test(decimal)) continue;
        const values = decimal.replace(/[[\]]/g, '').split(', ').map(Number);
        if (values.some((v) => v === 0 || !Number.isFinite(v))) continue;
        const list = (xs) => (decimal.startsWith('[') ? `[${xs.join(', ')}]` : String(xs[0]));
        // Two significant figures, written with a decimal point; the other, its last digit moved by 3.
        const short = values.map((v) => { const text = String(figures(v, 2)); return text.includes('.') ? text : `${text}.0`; });
        const agree = list(short);
        const disagree = list(short.map((text) => text.replace(/\d$/, (d) => String((Number(d) + 3) % 10))));
        if (SHORT.test(agree) === false || agree === disagree) continue;
        const a = companion.grade(id, part.name, agree, { seed, revealValues: false });
        const b = companion.grade(id, part.name, disagree, { seed, revealValues: false });
        if (a.verdict === 'correct') continue; // (a two-figure value that is the value itself)
        pairs += 1;
        assert.equal(a.verdict, b.verdict, `${id}/${part.name}@${seed}: ${agree} / ${disagree}`);
        assert.equal(a.verdict, 'invalid');
        assert.equal(a.feedback, b.feedback, `${id}/${part.name}@${seed}: the same words`);
        const shownA = companion.grade(id, part.name, agree, { seed });
        const shownB = companion.grade(id, part.name, disagree, { seed });
        if (shownA.verdict !== shownB.verdict || shownA.feedback !== shownB.feedback) toldApart += 1;
      }
    }
  }
  assert.ok(pairs >= 100, `${pairs} pairs`);
  assert.ok(toldApart >= pairs / 2, `with values shown, ${toldApart} of ${pairs} pairs are told apart`);
});

test('a named mistake is explained without the numbers the exercise computed, values hidden or not', () => {
  // Digit groups are one number here ("1,048,576").
  const numbers = (text) => numbersIn(String(text).replace(/(\d),(?=\d{3}\b)/g, '$1'));
  let named = 0;
  for (const [id, part, answers] of [
    ['ch14.example1', 'weights', ['[1/3, 1/3, 1/3]', '[a, 0, 0]', '[2, 1, 1]', '[2/3, 1/3, 1/3]', '[1, 0, 0]']],
    ['ch14.example1', 'denominator', ['3', 'a', '2']],
    ['ch14.example2', 'weights', ['[2, 2, 4]', '[1, 1, 2]']],
    ['ch14.ex5', 'storage_bytes', ['4 MB', '4 MiB', '16 MB']],
  ]) {
    // What the exercise computes: every part's value, less what its page states (the inputs,
    // the introduction and the prompts).
    const exercise = companion.exercise(id);
    const shown = new Set(numbers(JSON.stringify([exercise.inputs, exercise.intro, exercise.parts.map((p) => p.prompt)])));
    const computed = new Set(exercise.parts.flatMap((p) => numbers(companion.grade(id, p.name, '0').expected ?? ''))
      .filter((n) => !shown.has(n)));
    for (const answer of answers) {
      const told = companion.grade(id, part, answer);
      const hidden = companion.grade(id, part, answer, { revealValues: false });
      assert.equal(hidden.misconception, told.misconception, answer);
      if (!told.misconception) continue;
      named += 1;
      const typed = new Set(numbers(answer));
      const leaked = numbers(hidden.feedback).filter((n) => computed.has(n) && !typed.has(n));
      assert.deepEqual(leaked, [], `${id}/${part} "${answer}": ${hidden.feedback}`);
      assert.match(hidden.feedback, /^Not quite[:.] \S.{20,}/, 'the mistake is explained, not only named');
      // Shown or hidden, an explanation states no number the exercise computed (issue 46: the sum of
      // the exponentials, after which the weights take one division, gives them away).
      assert.deepEqual(numbers(told.feedback).filter((n) => computed.has(n) && !typed.has(n)), [], told.feedback);
      assert.equal(hidden.feedback, told.feedback, 'an explanation without computed values is the same either way');
    }
  }
  assert.ok(named >= 6, `${named} named mistakes checked`);
});
