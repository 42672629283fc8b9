// Issue 9, the saved store and its imports (web/ui/storage.mjs, progress-file.mjs,
// web/embed/suspend-data.mjs), in Node with a stand-in localStorage: keys such as
// "__proto__" and "constructor" are plain data (no prototype is touched, nothing
// throws), one bad record is dropped on its own with a count instead of wiping every
// saved answer, and an import says exactly what it added, replaced, kept and dropped.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import * as storage from '../../web/ui/storage.mjs';
import * as stored from '../../web/ui/stored-state.mjs';
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
  assert.deepEqual(result.counts, { answers: 4, exercises: 3, newExercises: 1, added: 1, replaced: 1, same: 1, kept: 1, notes: 0, explanations: 0, practice: 0, dropped: 2 });
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
  const read = stored.readState(v1);
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
  saved.exercises['ch14.ex3'].seeds['0'].explain.which_state_changes.ticked = ['x'];
  withStorage({ [STORAGE_KEY]: JSON.stringify(saved) });
  const { store: reopened, notice } = openStore();
  assert.match(notice, /^1 saved answer/);
  assert.equal(reopened.openTask('ch14.ex3', 'which_state_changes'), null);
  assert.notEqual(reopened.openTask('ch14.ex3', '__proto__'), null);
  assertNoPollution();
});

test('a part keeps its tries, capped at its first and latest; a damaged try is dropped alone; texts keep whole characters', () => {
  const store = new AnswerStore(null, { version: 2, exercises: {} });
  const at = (n) => new Date(Date.UTC(2026, 0, 1, 9, n)).toISOString();
  for (let n = 0; n < stored.MAX_TRIES + 7; n += 1) {
    store.savePart('ch14.ex1', 'weights', good(`[${n}]`, n + 1), 0, { at: at(n), text: `[${n}]`, verdict: 'incorrect',
      mistake: n === 3 ? 'divided-by-count' : null, followThrough: n === 4 ? { from: ['scores'], counts: true } : null,
      solutionSeen: n === 5 || undefined, version: n === 6 ? 'abc123' : undefined });
  }
  const tries = store.tries('ch14.ex1', 'weights');
  assert.equal(tries.length, stored.MAX_TRIES);
  assert.deepEqual(tries.map((entry) => entry.text), ['[0]', ...Array.from({ length: stored.MAX_TRIES - 1 }, (_, i) => `[${i + 8}]`)],
    'the first try and the latest ones');
  assert.deepEqual(store.part('ch14.ex1', 'weights'), good(`[${stored.MAX_TRIES + 6}]`, stored.MAX_TRIES + 7),
    'a part reads as its last answer, without its tries');
  // The optional fields are kept where given, and only then.
  const early = new AnswerStore(null, { version: 2, exercises: {} });
  for (let n = 0; n < 7; n += 1) {
    early.savePart('x', 'p', good('1'), 0, { at: at(n), text: '1', verdict: 'correct', mistake: n === 3 ? 'divided-by-count' : null,
      followThrough: n === 4 ? { from: ['scores'], counts: true } : null, solutionSeen: n === 5 || undefined,
      version: n === 6 ? 'abc123' : undefined });
  }
  assert.deepEqual(early.tries('x', 'p').slice(3).map(({ at: _a, text: _t, verdict: _v, ...rest }) => rest),
    [{ mistake: 'divided-by-count' }, { followThrough: { from: ['scores'], counts: true } }, { solutionSeen: true }, { version: 'abc123' }]);
  // A try that cannot be read is dropped on its own; the part and its other tries stay.
  const state = early.snapshot();
  state.exercises.x.seeds['0'].parts.p.tries[1] = { at: 'yesterday', text: 1 };
  const read = stored.readState(state);
  assert.equal(read.dropped, 1);
  assert.equal(read.state.exercises.x.seeds['0'].parts.p.tries.length, 6);
  // A text keeps its first 4,000 characters, never half of one.
  store.savePart('ch14.ex1', 'long', good(`${'x'.repeat(3999)}😀tail`), 0, { at: at(1), verdict: 'invalid' });
  assert.equal(store.part('ch14.ex1', 'long').text, 'x'.repeat(3999));
  assert.equal(store.tries('ch14.ex1', 'long')[0].text, 'x'.repeat(3999));
  store.saveOpenTask('ch14.ex2', { notes: `${'y'.repeat(3999)}😀`, ticked: [0] }, 'why');
  assert.equal(store.openTask('ch14.ex2', 'why').notes, 'y'.repeat(3999));
});

test('a progress file names its learner; an import joins tries, and a browser with no name takes the file\'s learner', async () => {
  const { exportFileName, readProgress } = await import('../../web/ui/progress-file.mjs');
  const { learnerRecord, readLearner, saveLearner, LEARNER_KEY } = await import('../../web/ui/learner.mjs');
  const local = fakeStorage();
  const me = readLearner(local);
  assert.match(me.id, /^[A-Za-z0-9-]{8,64}$/);
  assert.deepEqual(readLearner(local), me, 'made once, then kept');
  assert.ok(saveLearner({ ...me, name: '  Ana\nRuiz ', email: 'ana@example.com' }, local));
  assert.deepEqual(readLearner(local), { id: me.id, name: 'Ana Ruiz', email: 'ana@example.com' });
  local.setItem(LEARNER_KEY, '{damaged');
  assert.notEqual(readLearner(local).id, me.id, 'a damaged record gives a new id, and nothing else is lost');
  assert.equal(learnerRecord({ id: '<script>', name: 'x' }), null);
  assert.equal(learnerRecord({ id: 'abcdefgh', name: 'x', email: 'not an email' }).email, '');

  const at = (n) => new Date(Date.UTC(2026, 0, 1, 9, n)).toISOString();
  const theirs = new AnswerStore(null, { version: 2, exercises: {} });
  theirs.savePart('ch14.ex1', 'weights', good('[1/3, 1/3, 1/3]', 1), 0, { at: at(1), verdict: 'incorrect', mistake: 'divided-by-count' });
  theirs.savePart('ch14.ex1', 'weights', good('[2/5, 2/5, 1/5]', 2, 'correct'), 0, { at: at(3), verdict: 'correct' });
  const text = exportProgress(theirs, new Date(at(4)), { id: 'learner-0001', name: 'Sam Lee', email: '' });
  assert.deepEqual(readProgress(text).learner, { id: 'learner-0001', name: 'Sam Lee', email: '' });
  assert.equal(exportFileName(new Date(at(4)), 'Sam Lée'), 'attention-progress-sam-lee-2026-01-01.json');
  assert.equal(exportFileName(new Date(at(4)), ''), 'attention-progress-2026-01-01.json');

  const mine = new AnswerStore(fakeStorage(), { version: 2, exercises: {} });
  mine.savePart('ch14.ex1', 'weights', good('[0.5, 0.25, 0.25]', 1), 0, { at: at(2), verdict: 'incorrect' });
  let adopted = null;
  const result = importProgress(mine, text, { learner: { id: 'learner-0002', name: '', email: '' }, adopt: (who) => { adopted = who; return true; } });
  assert.ok(result.ok, result.message);
  assert.deepEqual(mine.tries('ch14.ex1', 'weights').map((entry) => entry.text), ['[1/3, 1/3, 1/3]', '[0.5, 0.25, 0.25]', '[2/5, 2/5, 1/5]'],
    'the tries of both, each once, in time order');
  assert.equal(adopted.id, 'learner-0001');
  assert.match(result.message, /now exports your progress as Sam Lee’s/);
  // A browser that has a name keeps it.
  adopted = null;
  importProgress(mine, text, { learner: { id: 'learner-0002', name: 'Kim', email: '' }, adopt: (who) => { adopted = who; return true; } });
  assert.equal(adopted, null);
});

test('a worked solution seen is kept with the part, through later checks and a reload', () => {
  const local = withStorage();
  const { store } = openStore();
  assert.equal(store.part('ch19.ex3', 'weights', 4), null);
  assert.ok(store.markSolutionSeen('ch19.ex3', 'weights', 4), 'kept before any check');
  assert.deepEqual(store.part('ch19.ex3', 'weights', 4), { text: '', verdict: null, attempts: 0, solutionSeen: true });
  store.savePart('ch19.ex3', 'weights', good('[0.5, 0.3, 0.2]'), 4,
    { at: '2026-01-01T00:00:00.000Z', text: '[0.5, 0.3, 0.2]', verdict: 'incorrect', solutionSeen: true });
  assert.equal(store.part('ch19.ex3', 'weights', 4).solutionSeen, true, 'a check keeps it');
  assert.equal(store.part('ch19.ex3', 'weights', 0), null, 'another variant has not seen it');
  globalThis.window = { localStorage: local };
  const again = openStore().store;
  assert.equal(again.part('ch19.ex3', 'weights', 4).solutionSeen, true, 'read back');
  assert.equal(again.tries('ch19.ex3', 'weights', 4)[0].solutionSeen, true);
});
