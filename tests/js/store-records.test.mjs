// Issue 9, the saved store and its imports (web/ui/storage.mjs, progress-file.mjs,
// web/embed/suspend-data.mjs), in Node with a stand-in localStorage: keys such as
// "__proto__" and "constructor" are plain data (no prototype is touched, nothing
// throws), one bad record is dropped on its own with a count instead of wiping every
// saved answer, and an import says exactly what it added, replaced, kept and dropped.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import * as storage from '../../web/ui/storage.mjs';
import { importProgress, exportProgress } from '../../web/ui/progress-file.mjs';
import { encodeSuspend, decodeSuspend } from '../../web/embed/suspend-data.mjs';

const { openStore, STORAGE_KEY, AnswerStore } = storage;

function fakeStorage(entries = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key) => (map.has(key) ? map.get(key) : null),
    setItem: (key, value) => { map.set(key, String(value)); },
    removeItem: (key) => { map.delete(key); },
    map,
  };
}
function withStorage(entries) {
  const local = fakeStorage(entries);
  globalThis.window = { localStorage: local };
  return local;
}
const PROTO_KEYS = ['open', 'seeds', 'parts', 'text', 'attempts', 'verdict', 'w'];
function assertNoPollution() {
  for (const key of PROTO_KEYS) assert.equal(Object.prototype[key], undefined, `Object.prototype.${key} was set`);
  assert.equal(Object.getPrototypeOf({}), Object.prototype);
}
afterEach(() => {
  for (const key of PROTO_KEYS) delete Object.prototype[key];
  delete globalThis.window;
});

const good = (text, attempts = 1, verdict = 'incorrect') => ({ text, verdict, attempts });
const file = (storage) => JSON.stringify({ format: 'attention-companion-progress', version: 1, exportedAt: '2024-01-01T00:00:00.000Z', storage });

test('a progress file with exercise ids __proto__ and constructor imports as data and touches no prototype', () => {
  withStorage();
  const { store } = openStore();
  const hostile = `{"format": "attention-companion-progress", "version": 1, "storage": {"version": 2, "exercises": {
    "__proto__": {"seeds": {"0": {"parts": {"w": {"text": "x", "verdict": "correct", "attempts": 1}}}},
                  "open": {"ticked": [1], "notes": "n", "revealed": true}},
    "constructor": {"seeds": {"0": {"parts": {"__proto__": {"text": "y", "verdict": null, "attempts": 2}}}}},
    "ch14.ex1": {"seeds": {"0": {"parts": {"weights": {"text": "[1/2, 1/4, 1/4]", "verdict": "incorrect", "attempts": 1}}}}}}}}`;
  const result = importProgress(store, hostile);
  assertNoPollution();
  assert.equal(result.ok, true, result.message);
  assert.equal(result.counts.answers, 3);
  assert.equal(result.counts.added, 3);
  assert.equal(store.part('__proto__', 'w').text, 'x');
  assert.equal(store.part('constructor', '__proto__').attempts, 2);
  assert.deepEqual(store.openTask('__proto__'), { ticked: [1], notes: 'n', revealed: true });
  assert.equal(store.part('toString', 'w'), null);
  assert.equal(store.part('ch14.ex1', 'constructor'), null);
  // Saved and read back: still data.
  const { store: again, notice } = openStore();
  assertNoPollution();
  assert.equal(notice, null);
  assert.equal(again.part('__proto__', 'w').text, 'x');
  assert.match(exportProgress(again), /"__proto__"/);
});

test('a saved store with __proto__ and constructor ids opens without touching a prototype', () => {
  withStorage({ [STORAGE_KEY]: '{"version": 2, "exercises": {"__proto__": {"seeds": {"0": {"parts": {"w": {"text": "x", "verdict": null, "attempts": 0}}}}, "open": {"ticked": [], "notes": "", "revealed": false}}, "constructor": {"seeds": {"3": {"parts": {"w": {"text": "z", "verdict": "correct", "attempts": 4}}}}}}}' });
  const { store, notice } = openStore();
  assertNoPollution();
  assert.equal(notice, null);
  assert.equal(store.part('__proto__', 'w').text, 'x');
  assert.deepEqual(store.variantSeeds('constructor'), [3]);
  store.savePart('__proto__', 'constructor', good('q'));
  store.saveOpenTask('constructor', { ticked: [2], notes: 'm', revealed: true });
  assertNoPollution();
  assert.equal(store.part('__proto__', 'constructor').text, 'q');
  // A fresh store: ids and part names that name Object.prototype's members are plain keys.
  withStorage();
  const fresh = openStore().store;
  for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    assert.equal(fresh.part(id, 'w'), null);
    assert.equal(fresh.savePart(id, 'w', good(id)), true);
    assert.equal(fresh.savePart('ch14.ex1', id, good(id)), true);
  }
  assertNoPollution();
  for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    assert.equal(openStore().store.part(id, 'w').text, id);
    assert.equal(openStore().store.part('ch14.ex1', id).text, id);
  }
});

test('one bad record is dropped on its own, with a count, and the other answers are kept', () => {
  const state = { version: 2, exercises: {
    'ch14.ex1': { seeds: { 0: { parts: { weights: good('[2/5, 2/5, 1/5]', 2, 'correct'), scores: { text: 'a', verdict: 'correct', attempts: -1 } } } } },
    'ch14.ex2': { seeds: { 0: { parts: { context: good('[1, 0]') } }, 'x7': { parts: { w: good('1') } } } },
    'ch19.ex3': { seeds: { 9: { parts: { weights: { text: 5, verdict: null, attempts: 0 } } } } },
    'ch19.ex20': { seeds: {}, open: { ticked: [-1], notes: '', revealed: false } },
  } };
  const local = withStorage({ [STORAGE_KEY]: JSON.stringify(state) });
  const { store, notice } = openStore();
  assert.match(notice, /^4 saved answers in this browser could not be read/);
  assert.match(notice, /Your other answers are kept/);
  assert.equal(store.part('ch14.ex1', 'weights').text, '[2/5, 2/5, 1/5]');
  assert.equal(store.part('ch14.ex1', 'scores'), null);
  assert.equal(store.part('ch14.ex2', 'context').text, '[1, 0]');
  assert.deepEqual(store.variantSeeds('ch19.ex3'), []);
  // The cleaned store was written back, so the next visit shows no notice.
  const saved = JSON.parse(local.map.get(STORAGE_KEY));
  assert.deepEqual(Object.keys(saved.exercises).sort(), ['ch14.ex1', 'ch14.ex2']);
  assert.equal(openStore().notice, null);
});

test('a store that is not JSON or of an unknown version is still reset as a whole, with the notice', () => {
  for (const text of ['{"version": 2, "exercises": {', '{"version": 7, "answers": []}', '{"version": 2, "exercises": []}']) {
    withStorage({ [STORAGE_KEY]: text });
    const { store, notice } = openStore();
    assert.match(notice, /could not be read/, text);
    assert.deepEqual(Object.keys(store.snapshot().exercises), []);
  }
});

test('an import says what it added, replaced, kept and dropped', () => {
  withStorage();
  const { store } = openStore();
  store.savePart('ch14.ex1', 'weights', good('[0, 0, 1]', 3));
  store.savePart('ch14.ex1', 'scores', good('[a, 0, 0]', 1));
  store.savePart('ch14.ex2', 'context', good('[1, 1]', 5));
  const result = importProgress(store, file({ version: 2, exercises: {
    'ch14.ex1': { seeds: { 0: { parts: { weights: good('[2/5, 2/5, 1/5]', 4, 'correct'), scores: good('[a, 0, 0]', 1),
      bad: { text: 'x', verdict: 'maybe', attempts: 1 } } } } },
    'ch14.ex2': { seeds: { 0: { parts: { context: good('[0, 1]', 2) } } } },
    'ch19.ex1': { seeds: { 5: { parts: { weights: good('[0.5, 0.5]') } }, '-1': { parts: {} } } },
  } }));
  assert.equal(result.ok, true, result.message);
  assert.deepEqual(result.counts, { answers: 4, exercises: 3, newExercises: 1, added: 1, replaced: 1, same: 1, kept: 1, notes: 0, explanations: 0, dropped: 2 });
  assert.equal(result.message, 'Imported 4 saved answers for 3 exercises (1 exercise new to this browser): 1 added, 1 replaced, ' +
    '1 already here unchanged, 1 not replaced because the answer here has more attempts. ' +
    '2 records in the file could not be read (damaged) and were dropped.');
  assert.equal(store.part('ch14.ex1', 'weights').verdict, 'correct');
  assert.equal(store.part('ch14.ex2', 'context').text, '[1, 1]');
  assert.equal(store.part('ch19.ex1', 'weights', 5).text, '[0.5, 0.5]');
  assert.equal(store.part('ch14.ex1', 'bad'), null);

  // A file where nothing can be read is refused and changes nothing.
  const before = JSON.stringify(store.snapshot());
  const refused = importProgress(store, file({ version: 2, exercises: { x: { seeds: { 0: { parts: { w: { text: 5 } } } } } } }));
  assert.equal(refused.ok, false);
  assert.match(refused.message, /damaged.*Nothing was changed/);
  assert.equal(JSON.stringify(store.snapshot()), before);
});

test('a version-1 store and file are migrated record by record', () => {
  const v1 = JSON.parse('{"version": 1, "exercises": {"ch14.ex1": {"parts": {"weights": {"text": "[1]", "verdict": null, "attempts": 1}, ' +
    '"scores": {"text": 1}}}, "ch19.ex3": {"seed": 77, "parts": {"w": {"text": "2", "verdict": null, "attempts": 0}}}, ' +
    '"__proto__": {"seed": -4, "parts": {}}}}');
  const read = storage.readState(v1);
  assertNoPollution();
  assert.equal(read.dropped, 2);
  assert.equal(read.state.exercises['ch19.ex3'].seeds['77'].parts.w.text, '2');
  withStorage();
  const { store } = openStore();
  const result = importProgress(store, file(v1));
  assert.equal(result.ok, true);
  assert.equal(result.counts.dropped, 2);
});

test('SCORM suspend data: hostile part names are data, a bad cell is dropped and counted', () => {
  const ids = ['ch14.ex1', 'ch14.ex2'];
  const text = '1[{"0": {"0": {"__proto__": ["x", 1, "c"], "weights": ["[1]", 2, "i"], "bad": ["y", -1, "c"], "odd": ["z", 1, "toString"]}}, "__proto__": {}, "7": {}}]';
  const decoded = decodeSuspend(text, ids);
  assertNoPollution();
  assert.equal(decoded.dropped, 4);
  const store = new AnswerStore(null, decoded.state);
  assert.equal(store.part('ch14.ex1', '__proto__').text, 'x');
  assert.equal(store.part('ch14.ex1', 'weights').attempts, 2);
  assert.equal(store.part('ch14.ex1', 'odd'), null);
  const again = decodeSuspend(encodeSuspend(store.snapshot(), ids), ids);
  assertNoPollution();
  assert.equal(again.dropped, 0);
  assert.equal(again.state.exercises['ch14.ex1'].seeds['0'].parts.__proto__.text, 'x');
});

test('explain items keep their notes, ticks and revealed state per item, survive an export, and a bad one is dropped alone', () => {
  const local = withStorage();
  const { store } = openStore();
  assert.equal(store.openTask('ch14.ex3', 'which_state_changes'), null);
  store.saveOpenTask('ch14.ex3', { ticked: [2, 0, 2], notes: 'the later state', revealed: true }, 'which_state_changes');
  store.saveOpenTask('ch14.ex3', { ticked: [], notes: '', revealed: false }, '__proto__');
  assertNoPollution();
  assert.deepEqual(store.openTask('ch14.ex3', 'which_state_changes'), { ticked: [0, 2], notes: 'the later state', revealed: true });
  assert.equal(store.openTask('ch14.ex3'), null, 'the exercise-level open task is separate');
  // Clearing the answers keeps the explanations.
  store.savePart('ch14.ex3', 'weights', good('[1, 0, 0]'));
  store.clearAnswers('ch14.ex3');
  assert.equal(openStore().store.openTask('ch14.ex3', 'which_state_changes').notes, 'the later state');
  // Exported and imported into an empty browser.
  const exported = exportProgress(store);
  withStorage();
  const fresh = openStore().store;
  const result = importProgress(fresh, exported);
  assert.equal(result.ok, true, result.message);
  assert.equal(result.counts.explanations, 2);
  assert.match(result.message, /2 written explanations added/);
  assert.deepEqual(fresh.openTask('ch14.ex3', 'which_state_changes').ticked, [0, 2]);
  // One damaged explanation is dropped on its own.
  const saved = JSON.parse(local.map.get(STORAGE_KEY));
  saved.exercises['ch14.ex3'].explain.which_state_changes.ticked = ['x'];
  withStorage({ [STORAGE_KEY]: JSON.stringify(saved) });
  const { store: reopened, notice } = openStore();
  assert.match(notice, /^1 saved answer/);
  assert.equal(reopened.openTask('ch14.ex3', 'which_state_changes'), null);
  assert.notEqual(reopened.openTask('ch14.ex3', '__proto__'), null);
  assertNoPollution();
});
