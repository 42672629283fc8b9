// A learner's path, the parts that run without a browser: the verdict said once (the
// core's feedback arranged by web/ui/verdict-view.mjs's arrangeFeedback, on the core's own
// feedback texts, losing nothing but the repeated words), matrix parts found by their
// example answer, the catalogue in chapter order (web/ui/chapters.mjs) and the progress
// counts of the store (web/ui/storage.mjs's partsSummary).
import assert from 'node:assert/strict';
import { afterEach, before, test } from 'node:test';
import { loadCompanion } from '../../web/companion.mjs';
import { arrangeFeedback } from '../../web/ui/verdict-view.mjs';
import { isMatrixPart } from '../../web/ui/answer-control.mjs';
import { byChapter, inChapterOrder } from '../../web/ui/chapters.mjs';
import { openStore } from '../../web/ui/storage.mjs';

let companion;
before(async () => { companion = await loadCompanion(); });
afterEach(() => { delete globalThis.window; });

const words = (text) => (text.match(/\bcorrect\b/gi) ?? []).length;

test('a plain correct answer: the feedback adds nothing to the verdict line', () => {
  const exercise = companion.exercise('ch14.ex1');
  const result = companion.grade('ch14.ex1', 'weights', '[2/5, 2/5, 1/5]');
  assert.equal(result.feedback, 'Correct.');
  assert.deepEqual(arrangeFeedback(result.feedback, result.verdict, exercise.decimalRule), { detail: null, text: '', rule: null });
});

test('a rounded correct answer: "at the places you wrote" on the verdict line, the rule taken out once', () => {
  const exercise = companion.exercise('ch19.running');
  const result = companion.grade('ch19.running', 'weights', '[0.123, 0.361, 0.200, 0.101, 0.215]');
  assert.equal(result.verdict, 'correct');
  const { detail, text, rule } = arrangeFeedback(result.feedback, result.verdict, exercise.decimalRule);
  assert.equal(detail, 'at the 3 decimal places you wrote');
  assert.equal(rule, exercise.decimalRule);
  assert.equal(words(text), 0, text);
  assert.ok(text.startsWith('The value is '), text);
  assert.ok(text.includes(result.expected), 'the value the core gave is kept');
  assert.ok(!text.includes('each decimal counts'), 'the rule is not repeated in the text');
  // Everything the core said is still there, in one of the three pieces.
  const told = `Correct ${detail}: ${text.charAt(0).toLowerCase()}${text.slice(1)} ${rule}`;
  assert.equal(told, result.feedback);
});

test('wrong and unreadable answers: "Not correct." and "no attempt" are not said twice', () => {
  const exercise = companion.exercise('ch19.running');
  const wrong = companion.grade('ch19.running', 'weights', '[0.2, 0.2, 0.2, 0.2, 0.2]');
  assert.match(wrong.feedback, /^Not correct\. /);
  const arranged = arrangeFeedback(wrong.feedback, wrong.verdict, exercise.decimalRule);
  assert.equal(arranged.text, wrong.feedback.replace(/^Not correct\. /, ''));
  assert.equal(arranged.rule, null);

  const near = companion.grade('ch19.running', 'weights', '[0.122, 0.361, 0.200, 0.101, 0.215]');
  const nearArranged = arrangeFeedback(near.feedback, near.verdict, exercise.decimalRule);
  assert.match(nearArranged.text, /^A near miss\. .*truncated instead of rounded\?$/);
  assert.equal(nearArranged.rule, exercise.decimalRule);

  const few = companion.grade('ch19.running', 'weights', '[0.12, 0.36, 0.20, 0.10, 0.21]');
  assert.equal(few.verdict, 'invalid');
  const fewArranged = arrangeFeedback(few.feedback, few.verdict, exercise.decimalRule);
  assert.match(fewArranged.text, /^Too few digits to check: .* Write more digits, or the exact form\.$/);
  assert.ok(!fewArranged.text.includes('did not count as an attempt'));
  assert.equal(fewArranged.rule, exercise.decimalRule);
});

test('feedback that does not open with the verdict is left as the core wrote it', () => {
  assert.deepEqual(arrangeFeedback('Not quite: you divided by the count.', 'incorrect', 'x'),
    { detail: null, text: 'Not quite: you divided by the count.', rule: null });
  assert.deepEqual(arrangeFeedback('Correct: to leading order, your answer is TS.', 'correct'),
    { detail: null, text: 'To leading order, your answer is TS.', rule: null });
});

test('a part whose example answer is a matrix gets a text area; others keep one line', () => {
  for (const [id, name] of [['ch14.ex3', 'reencode_states'], ['ch14.blue', 'states'], ['ch19.ex14', 'source_axis_weights']]) {
    const part = companion.exercise(id).parts.find((p) => p.name === name);
    assert.ok(isMatrixPart(part), `${id} ${name}: ${part.placeholder}`);
  }
  for (const part of companion.exercise('ch14.ex1').parts) assert.ok(!isMatrixPart(part), part.name);
  assert.ok(!isMatrixPart({ placeholder: 'e.g. [0.1, 0.2]' }));
  assert.ok(!isMatrixPart({}));
});

test('the catalogue in chapter order: every chapter in turn, each by its order', () => {
  const catalogue = companion.exercises();
  const ordered = inChapterOrder([...catalogue].reverse());
  assert.equal(ordered.length, catalogue.length);
  for (let i = 1; i < ordered.length; i += 1) {
    const [a, b] = [ordered[i - 1], ordered[i]];
    assert.ok(a.chapter < b.chapter || (a.chapter === b.chapter && a.order <= b.order), `${a.id} before ${b.id}`);
  }
  const groups = byChapter(catalogue);
  assert.deepEqual(groups.map(([chapter]) => chapter), [14, 19]);
  assert.equal(groups[0][1][0].id, 'ch14.example1');
  assert.equal(groups[1][1][0].id, 'ch19.running');
});

test('the store counts parts correct and parts tried, per seed', () => {
  const map = new Map();
  globalThis.window = { localStorage: { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, v), removeItem: (k) => map.delete(k) } };
  const { store } = openStore();
  const parts = ['scores', 'weights', 'context', 'readout'];
  assert.deepEqual(store.partsSummary('ch14.ex1', parts), { total: 4, correct: 0, checked: 0 });
  store.savePart('ch14.ex1', 'scores', { text: '[a, a, 0]', verdict: 'correct', attempts: 1 });
  store.savePart('ch14.ex1', 'weights', { text: '[1, 0, 0]', verdict: 'incorrect', attempts: 2 });
  store.savePart('ch14.ex1', 'context', { text: '[0.3', verdict: 'invalid', attempts: 0 });
  store.savePart('ch14.ex1', 'scores', { text: '[a, a, 0]', verdict: 'correct', attempts: 1 }, 7);
  assert.deepEqual(store.partsSummary('ch14.ex1', parts), { total: 4, correct: 1, checked: 2 });
  assert.deepEqual(store.partsSummary('ch14.ex1', parts, 7), { total: 4, correct: 1, checked: 1 });
  assert.deepEqual(store.partsSummary('ch14.nothing', parts), { total: 4, correct: 0, checked: 0 });
});
