// The cases that learners and reviewers reported (issue 30), each run through the CLI as
// they ran it, with the verdict a teacher gives. The typed answers are the learners'; the
// values they are judged against come from the core.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCli as run } from './cli-run.mjs';

// Rounds every number of a core's list text to 3 significant figures, as a learner does.
const rounded3 = (text) => `[${JSON.parse(text).map((x) => Number(x.toPrecision(3))).join(', ')}]`;

// [what the case is, CLI arguments, verdict, named mistakes (tags, in any order; {atLeast} where
// others may also explain the answer), feedback].
const CASES = [
  ['19.3: exponentials divided by the count', ['ch19.ex3', 'weights', '[0.906, 2.46, 0.550]', '0'],
    'incorrect', ['divided-by-count'], /number of positions/],
  ['the running example: scores divided by their sum, negative weights', ['ch19.running', 'weights',
    '[-0.0694, 0.681, 0.271, -0.201, 0.319]', '0'], 'incorrect', ['scores-normalised'], /weights negative/],
  ['the running example: scores typed as weights', ['ch19.running', 'weights', '[-0.1, 0.98, 0.39, -0.29, 0.46]', '0'],
    'incorrect', ['scores-as-weights'], /using the scores as the weights/],
  ['14.1: [1, 0, 0] has two explanations, both named', ['ch14.example1', 'weights', '[1, 0, 0]', '0'],
    'incorrect', ['zero-score-zero-weight', 'scores-normalised'], /Two different mistakes/],
  ['14.1: a denominator of a adds the scores', ['ch14.example1', 'denominator', 'a', '0'],
    'incorrect', ['scores-normalised'], /without exponentiating/],
  ['14.1: a rounded to 0.69 first', ['ch14.example1', 'context', '[0.345, 0.1725]', '0'],
    'incorrect', ['a-rounded-early'], /0\.69/],
  ['14.1: a rounded to 0.7 first', ['ch14.example1', 'context', '[0.350, 0.175]', '0'],
    'incorrect', ['a-rounded-early'], /0\.7\b/],
  ['14.1: 1.999 for an exact 2 is told the value is exact, not to round', ['ch14.example1', 'exponentials',
    '[1.999, 1, 1]', '0'], 'incorrect', ['exact-value-approximated'], /exact/],
  ['19.21: entropies in bits', ['ch19.ex21', 'entropies', '[1.362, 2.169, 0.7806]', '1'],
    'incorrect', ['entropy-in-bits'], /bits/],
  ['14.4: a position part gets no arithmetic talk (红色)', ['ch14.ex4', 'largest_effect_position', '红色', '1'],
    'incorrect', null, /^(?!.*(divided|number of positions)).*$/s],
  ['14.4: a position part gets no arithmetic talk (color)', ['ch14.ex4', 'largest_effect_position', 'color', '1'],
    'incorrect', null, /^(?!.*(divided|number of positions)).*$/s],
  ['14.4: a position part gets no arithmetic talk (key)', ['ch14.ex4', 'largest_effect_position', 'key', '1'],
    'incorrect', null, /^(?!.*(divided|number of positions)).*$/s],
  ['19.21: unmasked entropies are spoken of as entropies', ['ch19.ex21', 'entropies', '[1.453, 1.503, 1.488]', '1'],
    'incorrect', ['left-out:mask'], /^(?!.*the weight the padded).*entropies/s],
  // Two stories for one answer: each is named, the chapter's own contrast (re-encoding against
  // the frozen memory) first.
  ['14.3: the removed position left out of the list', ['ch14.example3', 'frozen.color.weights', '[1/2, 1/2]', '0'],
    'incorrect', ['frozen-vs-reencode', 'removed-left-out'], /re-encoding.*Or: .*leave the removed position out/s],
  ['14.4: the readout left unchanged', ['ch14.ex4', 'frozen.key.readout', 'a', '0'],
    'incorrect', { atLeast: ['frozen-vs-reencode', 'intervention-not-applied'] }, /re-encoding.*Or: .*before any change/s],
  ['19.15: 1e5 for a weight is no near miss', ['ch19.ex15', 'global_weight_on_relevant', '1e5', '2'],
    'incorrect', [], /^(?!.*(near miss|one unit))/s],
  ['19.15: 1e17 for a weight is no near miss', ['ch19.ex15', 'global_weight_on_relevant', '1e17', '2'],
    'incorrect', [], /^(?!.*(near miss|one unit))/s],
  ['19.15: 1e18 is no near miss', ['ch19.ex15', 'global_weight_on_relevant', '1e18', '2'],
    'incorrect', [], /^(?!.*(near miss|one unit))/s],
  ['19.10: 1e-15 is not an exact zero', ['ch19.ex10', 'masked_mass', '[1e-15, 0, 0]', '1'],
    'incorrect', ['mask-not-exactly-zero'], /exactly 0/],
  ['19.10: 0.001 where the mask must give 0 is named, not a near miss', ['ch19.ex10', 'masked_mass', '[0.001, 0, 0]', '1'],
    'incorrect', ['mask-not-exactly-zero'], /^(?!.*near miss)/s],
  ['19.10: exp(-50) is not 0', ['ch19.ex10', 'masked_mass', '[exp(-50), 0, 0]', '1'],
    'incorrect', ['mask-not-exactly-zero'], /exactly 0/],
  ['19.10: 2^-40 is not 0', ['ch19.ex10', 'masked_mass', '[2^-40, 0, 0]', '1'],
    'incorrect', ['mask-not-exactly-zero'], /exactly 0/],
  ['14.1: e^-50 is not a score of 0', ['ch14.example1', 'scores', '[a, e^-50, e^-50]', '0'], 'incorrect', [], null],
  ['14.1: O(4) is not a denominator', ['ch14.example1', 'denominator', 'O(4)', '0'], 'invalid', [], /without O/],
  ['14.3: O(a) is not a readout', ['ch14.example3', 'readout', 'O(a)', '0'], 'invalid', [], /without O/],
  ['19.16: [,] is not a shape', ['ch19.ex16', 'score_shape', '[,]', '0'], 'invalid', [], /Could not read/],
  ['19.16: O inside O is refused', ['ch19.ex16', 'elements', 'O(O(O(T)))', '0'], 'invalid', [], /inside O/],
  ['14.4: 33 levels of brackets in a position', ['ch14.ex4', 'largest_effect_position',
    `${'['.repeat(33)}1${']'.repeat(33)}`, '1'], 'invalid', [], /32 levels/],
  ['19.11: a wrong option letter names the options', ['ch19.ex11', 'all_masked_policy_single', 'A', '0'],
    'invalid', [], /NaN weights.*zero weights and a flag.*an error/s],
  ['19.16: 1 million for 1,048,576 is a rounded count, not a short decimal', ['ch19.ex16', 'elements', '1 million', '0'],
    'invalid', [], /^(?!.*significant figures).*count only as a rounded figure.*exact count/],
  ['19.16: 1e6 is read as 1 million is', ['ch19.ex16', 'elements', '1e6', '0'], 'invalid', [], /count only as a rounded figure/],
  ['a narrow no-break space groups digits', ['ch19.ex16', 'weight_bytes', '2\u202f196 B', '0'], 'incorrect', [], null],
  ['a number past the limits is refused in words', ['ch19.ex16', 'weight_bytes', '1e19', '0'], 'invalid', [],
    /between 1e-18 and 1e18/],
  // Issue 39: each step's wrong versions are named wherever the step appears.
  ['the running example: padded scores set to 0, not -infinity', ['ch19.running', 'masked_weights',
    '[0.128, 0.378, 0.210, 0.142, 0.142]', '0'], 'incorrect', ['mask-score-zero'], /e\^0 = 1/],
  ['19.15: a tiny residue where the window gives 0', ['ch19.ex15', 'local_weight_on_relevant', '1e-9', '0'],
    'incorrect', ['mask-not-exactly-zero'], /exactly 0/],
  ['19.3: the exponentials never divided', ['ch19.ex3', 'weights', '[2.72, 7.39, 1.65]', '0'],
    'incorrect', ['exponentials-as-weights'], /Divide each by their sum/],
  ['19.8: the maximum subtracted and not normalised', ['ch19.ex8', 'stable_weights', '[0.135, 0.368, 1.00]', '0'],
    'incorrect', ['max-subtracted-not-normalised'], /Divide each/],
  ['the running example: the mask ignored in the context', ['ch19.running', 'masked_context',
    '[0.511, 0.398, 0.417]', '0'], 'incorrect', ['left-out:mask'], /leaving out the mask/],
  ['14.3: the frozen readout of a also comes from re-encoding', ['ch14.example3', 'frozen.key.readout', 'a', '0'],
    'incorrect', { atLeast: ['frozen-vs-reencode', 'intervention-not-applied'] }, /re-encoding.*Or: .*before any change/s],
  // Follow-through is no credit for what cannot be right.
  ['14.1: weights that follow from a count for a total do not add up to 1', ['ch14.example1', 'weights',
    '[2/3, 1/3, 1/3]', '0', '--earlier', 'exponentials=[2, 1, 1]', '--earlier', 'denominator=3'],
    'incorrect', ['divided-by-count'], /add up to 1/],
  ['14.2: weights over a wrong total are not credited', ['ch14.ex2', 'weights', '[2/3, 1/3, 1/6]', '17',
    '--earlier', 'denominator=6'], 'incorrect', null, /add up to 1/],
  ['a context from negative weights is not credited', ['ch19.running', 'context', '[2.2, -1.6, 0.6]', '0',
    '--earlier', 'weights=[5, -4, 0, 0, 0]'], 'incorrect', ['follows-impossible-value'], /cannot be negative/],
  ['bytes from a negative count are not credited', ['ch19.ex16', 'weight_bytes', '-12', '0', '--earlier', 'elements=-3'],
    'incorrect', ['follows-impossible-value'], /whole number, 0 or more/],
  ['14.1: a total from a negative exponential is not credited', ['ch14.example1', 'denominator', '2', '0',
    '--earlier', 'exponentials=[-1, 2, 1]'], 'incorrect', null, /exponential is positive/],
  // A shape with an axis missing is a shape: its count follows from it.
  ['19.16: the count of the learner\'s three-axis shape', ['ch19.ex16', 'elements', '262144', '0',
    '--earlier', 'score_shape=(8, 64, 512)'], 'correct', [], /following on from your answer to part 1/],
  ['19.16: the count of another three-axis shape', ['ch19.ex16', 'elements', '131072', '0',
    '--earlier', 'score_shape=(4, 64, 512)'], 'correct', [], /following on from your answer to part 1/],
  // Issue 45: wrong answers once marked correct, and answers once refused or worded as positions.
  ['14.3: follow-through from ReLU states with a negative coordinate is no credit', ['ch14.ex3', 'reencode_context',
    '[a, -a/2]', '0', '--earlier', 'reencode_states=[[a, 0], [a, -a]]'], 'incorrect', null, /ReLU|negative/],
  ['14 (blue): weights from impossible states are not credited, and the hidden value is not printed', ['ch14.blue',
    'weights', '[1/2, 1/4, 1/4]', '0', '--earlier', 'states=[[0, 0], [-a, a], [-a, 0]]'], 'incorrect', null,
    /^(?!.*\[1\/4, 1\/2, 1\/4\]).*(ReLU|negative)/s],
  ['14.5: a count of numbers where bytes are asked is a named mistake', ['ch14.ex5', 'storage_bytes', '1600 numbers', '0'],
    'incorrect', { atLeast: ['numbers-for-bytes'] }, /bytes/],
  ['a count of 0 numbers earns no follow-through for 0 bytes', ['ch14.cost', 'context_bytes', '0', '0', '--earlier',
    'context_numbers=0'], 'incorrect', null, null],
  ['19.8: exact exponentials where the naive softmax overflows are the overflow, named', ['ch19.ex8',
    'naive_exponentials', '[e^1000, e^1001, e^1002]', '0'], 'incorrect', { atLeast: ['exact-for-overflow'] }, /overflow/],
  ['19.1: a wrong letter is worded as a choice', ['ch19.ex1', 'context', 'B', '0'], 'incorrect', null,
    /^(?!.*position this part asks for).*choice/s],
  ['19.7: a wrong yes or no is worded as a choice', ['ch19.ex7', 'point_in_hull', 'no', '3'], 'incorrect', null,
    /^(?!.*position this part asks for)/s],
  ['the matrix field reads one bracketed row a line', ['ch19.ex9', 'padding_mask', '[1,1,1,1,1]\n[1,1,1,0,0]\n[1,0,0,0,0]', '0'],
    null, [], /^(?!.*unexpected '\[')/s],
];

for (const [what, args, verdict, mistakes, feedback] of CASES) {
  test(what, () => {
    const result = run('grade', ...args);
    if (verdict) assert.equal(result.verdict, verdict, JSON.stringify(result));
    else assert.notEqual(result.verdict, 'invalid', JSON.stringify(result));
    if (mistakes?.atLeast) {
      for (const tag of mistakes.atLeast) assert.ok(result.misconceptions.includes(tag), `${tag}: ${JSON.stringify(result)}`);
    } else if (mistakes) {
      assert.deepEqual([...result.misconceptions].sort(), [...mistakes].sort(), JSON.stringify(result));
    }
    if (feedback) assert.match(result.feedback, feedback);
  });
}

test('2 196 B with a narrow no-break space reads as one count', () => {
  assert.equal(run('grade', 'ch19.ex16', 'weight_bytes', '2\u202f196 B', '0').readAs, '2196 bytes');
});

test('a bad seed is the caller\'s input, not a failure of the core', () => {
  for (const seed of ['x', '-1', '1e3']) {
    const result = run('grade', 'ch14.example1', 'weights', '[1/2, 1/4, 1/4]', seed);
    assert.match(result.error, /The seed .* is not a whole number/);
    assert.doesNotMatch(result.error, /core failed/);
  }
});

// 19.3 at seeds 1 and 3: the learner's own weights, correctly rounded, then their sum.
for (const seed of ['1', '3']) {
  test(`19.3 at seed ${seed}: the sum of the learner's own rounded weights follows through`, () => {
    const weights = rounded3(run('grade', 'ch19.ex3', 'weights', '[0, 0, 0]', seed).expected);
    assert.equal(run('grade', 'ch19.ex3', 'weights', weights, seed).verdict, 'correct');
    const sum = JSON.parse(weights).reduce((s, w) => s + w, 0).toFixed(3);
    const alone = run('grade', 'ch19.ex3', 'weight_sum', sum, seed);
    const counts = run('grade', 'ch19.ex3', 'weight_sum', sum, seed, '--earlier', `weights=${weights}`);
    const noted = run('grade', 'ch19.ex3', 'weight_sum', sum, seed, '--earlier', `weights=${weights}`, '--noted');
    if (Number(sum) === 1) {
      assert.equal(alone.verdict, 'correct');
      return;
    }
    assert.equal(alone.verdict, 'incorrect', 'alone, the sum is judged against the exact 1');
    assert.equal(counts.verdict, 'correct', JSON.stringify(counts));
    assert.deepEqual(counts.followThrough, { counts: true, from: ['weights'] });
    assert.match(counts.feedback, /following on from your answer/);
    assert.equal(noted.verdict, 'incorrect');
    assert.deepEqual(noted.followThrough, { counts: false, from: ['weights'] });
    assert.match(noted.feedback, /follows correctly from your answer/);
  });
}
