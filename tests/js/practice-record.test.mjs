// Issue 46, item 6, "Practice that targets the mistake": a part's named mistake practised on
// new variants is kept in the store (web/ui/storage.mjs's `practice`, a store without it read as
// before), round-trips through the progress file, is read by the class report (its learner
// view's rows and CSV: "practised: …") and recorded in SCORM (exercise.part.practice); the
// practice's variants are those where the core tells the mistake apart (practice-target.mjs).
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { AnswerStore, STORAGE_KEY, openStore } from '../../web/ui/storage.mjs';
import { withStorage } from './fake-storage.mjs';
import { exportProgress, importProgress, readProgress } from '../../web/ui/progress-file.mjs';
import { readProgressAnswers } from '../../web/report/progress-answers.mjs';
import { loadCompanion } from '../../web/companion.mjs';
import { gradeAnswers } from '../../web/report/regrade.mjs';
import { LEARNER_HEADER, learnerRows } from '../../web/report/report-csv.mjs';
import { readReportFile } from '../../web/report/class-report.mjs';
import { interactionReader } from '../../web/report/interactions.mjs';
import { ADAPTERS } from '../../web/embed/scorm-api.mjs';
import { practiceId, practisedText } from '../../web/embed/scorm-values.mjs';
import { PRACTICE_SEEDS, decodeSuspend, encodeSuspend, planSuspend } from '../../web/embed/suspend-data.mjs';
import { SUSPEND_LIMITS, scormSession } from '../../web/embed/scorm-session.mjs';
import { PRACTICE as PRACTICE_POLICY } from '../../web/ui/feedback-policy.mjs';
import { Scorm12API } from 'scorm-again/scorm12';
import { Scorm2004API } from 'scorm-again/scorm2004';
import { MAX_CANDIDATES, afterCheck, candidateSeeds, mistakeOf, mistakeShowsAt, mistakeWords, practiceSeed,
  tagWords } from '../../web/ui/practice-target.mjs';

const ID = 'ch19.ex3';
const PART = 'weights';
const TAG = 'a-named-mistake';

afterEach(() => {
  delete globalThis.window;
});

// scorm-again (npm) as the LMS, as tests/js/scorm-session.test.mjs drives it.
const scormLms = (version, data = {}) => {
  const api = version === '2004' ? new Scorm2004API({ logLevel: 5 }) : new Scorm12API({ logLevel: 5 });
  api.loadFromFlattenedJSON(data, '');
  return api;
};

let companionOnce = null;
const core = () => (companionOnce ??= loadCompanion());

// A store whose part was answered right (the core's expected answer) at the chapter's numbers.
async function answeredRight() {
  const companion = await core();
  const expected = companion.mistakes(ID, { seed: 0 }).parts.find((p) => p.name === PART).expected;
  const store = new AnswerStore(null, { version: 2, exercises: {} });
  store.savePart(ID, PART, { text: expected, verdict: 'correct', attempts: 1 }, 0,
    { at: '2026-03-01T00:00:00Z', text: expected, verdict: 'correct' });
  return { companion, catalogue: companion.exercises(), store };
}

test('the store keeps a part\'s practice, stamped, survives a reload and a cleared seed; a practised mistake stays practised', () => {
  withStorage();
  const { store } = openStore();
  assert.equal(store.practice(ID, PART), null);
  assert.equal(store.savePractice(ID, PART, { tag: TAG, seeds: [11], streak: 1, practised: false },
    new Date('2026-03-01T00:00:00Z')), true);
  const reopened = openStore().store;
  assert.deepEqual(reopened.practice(ID, PART), { tag: TAG, seeds: [11], streak: 1, practised: false, at: '2026-03-01T00:00:00.000Z' });
  reopened.savePractice(ID, PART, { tag: TAG, seeds: [11, 12], streak: 2, practised: true });
  reopened.savePractice(ID, PART, { tag: TAG, seeds: [11, 12, 13], streak: 0, practised: false });
  assert.equal(openStore().store.practice(ID, PART).practised, true, 'never undone for the same mistake');
  // Clearing the answers of a seed keeps the practice (it is the part's, whatever the seed).
  reopened.savePart(ID, PART, { text: '[1]', verdict: 'correct', attempts: 1 }, 0);
  reopened.clearAnswers(ID, 0);
  assert.equal(openStore().store.practice(ID, PART).tag, TAG);
  // A record not of the shape is refused.
  assert.equal(reopened.savePractice(ID, PART, { tag: '', seeds: [], streak: 0, practised: false }), false);
  assert.equal(reopened.savePractice(ID, PART, { tag: TAG, seeds: [-1], streak: 0, practised: false }), false);
});

test('a store without practice reads as before; a damaged practice record is dropped alone, counted, its part\'s answers kept', () => {
  const old = { version: 2, exercises: { [ID]: { seeds: { 0: { parts: { [PART]: { text: '[1]', verdict: 'correct', attempts: 2 } } } } } } };
  withStorage({ [STORAGE_KEY]: JSON.stringify(old) });
  const first = openStore();
  assert.equal(first.notice, null);
  assert.equal(first.store.practice(ID, PART), null);
  assert.equal(first.store.part(ID, PART).attempts, 2);
  const damaged = structuredClone(old);
  damaged.exercises[ID].practice = { [PART]: { tag: TAG, seeds: 'no', streak: 0, practised: false },
    other: { tag: TAG, seeds: [3], streak: 1, practised: false } };
  withStorage({ [STORAGE_KEY]: JSON.stringify(damaged) });
  const { store, notice } = openStore();
  assert.match(notice, /^1 saved answer/);
  assert.equal(store.practice(ID, PART), null);
  assert.equal(store.practice(ID, 'other').streak, 1);
  assert.equal(store.part(ID, PART).verdict, 'correct');
  // A practice alone keeps its exercise; a "__proto__" part is plain data.
  const alone = new AnswerStore(null, { version: 2, exercises: { x: { seeds: {}, practice: JSON.parse(
    `{"__proto__": {"tag": "${TAG}", "seeds": [1], "streak": 0, "practised": true}}`) } } });
  assert.equal(alone.practice('x', '__proto__').practised, true);
  assert.equal(Object.getPrototypeOf(alone.snapshot().exercises.x.practice), null);
});

test('the progress file carries the practice: exported, read back, imported (a practised mistake wins over one in progress)', () => {
  const store = new AnswerStore(null, { version: 2, exercises: {} });
  store.savePart(ID, PART, { text: '[1]', verdict: 'correct', attempts: 2 }, 0,
    { at: '2026-03-01T00:00:00Z', text: '[1]', verdict: 'correct' });
  store.savePractice(ID, PART, { tag: TAG, seeds: [5, 6], streak: 2, practised: true });
  const text = exportProgress(store, new Date('2026-03-02T00:00:00Z'), { id: 'a1b2c3d4', name: 'Ann', email: '' });
  assert.deepEqual(readProgress(text).state.exercises[ID].practice[PART].map((record) => record.seeds), [[5, 6]]);
  assert.deepEqual(readProgressAnswers(text).practice, [{ exercise: ID, part: PART, tag: TAG }]);
  withStorage();
  const here = openStore().store;
  here.savePractice(ID, PART, { tag: TAG, seeds: [9], streak: 1, practised: false });
  const imported = importProgress(here, text);
  assert.equal(imported.ok, true);
  assert.match(imported.message, /1 practice of a mistake added/);
  assert.deepEqual(here.practice(ID, PART).seeds, [5, 6]);
  assert.equal(openStore().store.practice(ID, PART).practised, true);
  // Importing an unpractised one over a practised one leaves it practised.
  const behind = new AnswerStore(null, { version: 2, exercises: {} });
  behind.savePractice(ID, PART, { tag: TAG, seeds: [1], streak: 0, practised: false });
  importProgress(here, exportProgress(behind));
  assert.equal(here.practice(ID, PART).practised, true);
});

test('the practice\'s choices: the latest named mistake, its words without numbers, seeds drawn the same way every time', () => {
  assert.equal(mistakeOf([{ mistake: 'a' }, { verdict: 'correct' }, { mistake: 'b' }, {}]), 'b');
  assert.equal(mistakeOf([{ verdict: 'correct' }]), null);
  assert.equal(mistakeOf(undefined), null);
  assert.equal(tagWords('divided-by_count'), 'divided by count');
  assert.equal(mistakeWords('x-y', 'You used the keys instead of the values.'), 'You used the keys instead of the values.');
  assert.equal(mistakeWords('x-y', 'Your value 0.36 is the keys\' average.'), 'x y', 'an explanation with a number is not shown');
  assert.equal(mistakeWords('x-y', null), 'x y');
  const seeds = candidateSeeds(ID, PART, TAG, [7]);
  assert.equal(seeds.length, MAX_CANDIDATES);
  assert.deepEqual(candidateSeeds(ID, PART, TAG, [7]), seeds);
  assert.equal(new Set(seeds).size, seeds.length);
  assert.ok(seeds.every((s) => Number.isInteger(s) && s >= 1 && s <= 0xffffffff));
  assert.deepEqual(candidateSeeds(ID, PART, TAG, [seeds[0]]).includes(seeds[0]), false, 'an avoided seed is skipped');
  assert.notDeepEqual(candidateSeeds(ID, PART, 'other'), seeds);
  assert.deepEqual(afterCheck({ streak: 1, practised: false }, 'correct'), { streak: 2, practised: true, moveOn: true });
  assert.deepEqual(afterCheck({ streak: 0, practised: false }, 'correct'), { streak: 1, practised: false, moveOn: true });
  assert.deepEqual(afterCheck({ streak: 1, practised: false }, 'incorrect'), { streak: 0, practised: false, moveOn: false });
  assert.deepEqual(afterCheck({ streak: 1, practised: false }, 'invalid'), { streak: 1, practised: false, moveOn: false });
});

test('a practice variant is one where the core grades the mistake\'s answer as that mistake, never the seed answered or one used', async () => {
  const companion = await core();
  const mistake = companion.mistakes(ID, { seed: 0 }).parts.find((p) => p.name === PART).mistakes
    .find((m) => typeof m.answer === 'string');
  const seed = practiceSeed(companion, ID, PART, mistake.tag, [0]);
  assert.ok(Number.isInteger(seed) && seed > 0);
  assert.equal(mistakeShowsAt(companion, ID, PART, mistake.tag, seed), true);
  const there = companion.mistakes(ID, { seed }).parts.find((p) => p.name === PART);
  const graded = companion.grade(ID, PART, there.mistakes.find((m) => m.tag === mistake.tag).answer, { seed });
  assert.deepEqual([graded.verdict, graded.misconception], ['incorrect', mistake.tag]);
  const next = practiceSeed(companion, ID, PART, mistake.tag, [0, seed]);
  assert.notEqual(next, seed);
  assert.equal(practiceSeed(companion, ID, PART, 'no-such-mistake', [0]), null, 'none found: said in words by the page');
});

test('the class report: a learner\'s row of the part says "practised: …", in the CSV\'s Practice column too', async () => {
  const { companion, catalogue, store } = await answeredRight();
  store.savePractice(ID, PART, { tag: TAG, seeds: [5, 6], streak: 2, practised: true });
  const text = exportProgress(store, new Date('2026-03-02T00:00:00Z'), { id: 'a1b2c3d4', name: 'Ann', email: '' });
  const file = readReportFile(text, { catalogue, source: 'ann.json' });
  assert.deepEqual(file.practice, [{ learner: 'id:a1b2c3d4', exercise: ID, part: PART, tag: TAG }]);
  const report = await gradeAnswers(companion, catalogue, file.answers, { written: file.written, practice: file.practice });
  assert.deepEqual(report.learners[0].rows.find((row) => row.part === PART).practised, [TAG]);
  const row = learnerRows(report).find((r) => r[3] === PART);
  assert.equal(row[LEARNER_HEADER.indexOf('Practice')], practisedText(TAG));
  assert.equal(practisedText(TAG), 'practised: a named mistake');
});

test('SCORM: a practised mistake is the interaction exercise.part.practice, correct, its response the tag; 2004 describes it', async () => {
  const set = (written) => ({ set: (element, value) => written.set(element, value), written: () => written });
  const at = new Date('2026-03-01T10:00:00Z');
  const record = { exercise: ID, part: PART, seed: 4, practice: TAG, verdict: 'correct', text: TAG, at };
  const twelve = new Map();
  ADAPTERS['1.2'].interaction(set(twelve), 0, record);
  assert.equal(twelve.get('cmi.interactions.0.id'), `${ID}.${PART}.practice.${TAG}`, 'one interaction per part and mistake');
  assert.equal(twelve.get('cmi.interactions.0.id'), practiceId(ID, PART, TAG));
  assert.equal(twelve.get('cmi.interactions.0.result'), 'correct');
  assert.equal(twelve.get('cmi.interactions.0.student_response'), TAG);
  const twenty04 = new Map();
  ADAPTERS[2004].interaction(set(twenty04), 0, record);
  assert.equal(twenty04.get('cmi.interactions.0.id'), practiceId(ID, PART, TAG));
  assert.equal(twenty04.get('cmi.interactions.0.result'), 'correct');
  assert.equal(twenty04.get('cmi.interactions.0.description'), practisedText(TAG));
  // Read back by the class report.
  const companion = await core();
  const resolve = interactionReader(companion.exercises());
  assert.deepEqual(resolve(practiceId(ID, PART, TAG)), { ok: true, exercise: ID, part: PART, practice: true, tag: TAG });
  assert.deepEqual(resolve(`${ID}.${PART}.practice`), { ok: true, exercise: ID, part: PART, practice: true },
    'the first ids, without the tag, are still read');
  // Within both versions' 255 characters, however long the tag (its response holds it whole).
  assert.ok(practiceId(ID, PART, 'x'.repeat(300)).length <= 255);
  assert.equal(resolve(practiceId(ID, PART, 'x'.repeat(300))).part, PART);
  assert.deepEqual(resolve(`${ID}.${PART}.v4`), { ok: true, exercise: ID, part: PART, seed: 4 });
});

test('one practice record per part and mistake: practising another mistake keeps the first (practised stays practised)', () => {
  withStorage();
  const { store } = openStore();
  store.savePractice(ID, PART, { tag: TAG, seeds: [5, 6], streak: 2, practised: true }, new Date('2026-03-01T00:00:00Z'));
  store.savePractice(ID, PART, { tag: 'another-mistake', seeds: [7], streak: 0, practised: false }, new Date('2026-03-02T00:00:00Z'));
  const reopened = openStore().store;
  assert.deepEqual(reopened.practices(ID, PART).map((record) => [record.tag, record.practised]),
    [[TAG, true], ['another-mistake', false]]);
  assert.equal(reopened.practice(ID, PART, TAG).practised, true);
  assert.equal(reopened.practice(ID, PART).tag, 'another-mistake', 'without a tag: the one saved last');
  assert.equal(reopened.practice(ID, PART, 'none'), null);
  // The first shape (one record per part) reads as a list of one: nothing stored is lost.
  const first = { version: 2, exercises: { [ID]: { seeds: {}, practice: { [PART]: { tag: TAG, seeds: [3], streak: 1, practised: false } } } } };
  withStorage({ [STORAGE_KEY]: JSON.stringify(first) });
  const read = openStore();
  assert.equal(read.notice, null);
  assert.deepEqual(read.store.practices(ID, PART), [{ tag: TAG, seeds: [3], streak: 1, practised: false }]);
  read.store.savePractice(ID, PART, { tag: 'another-mistake', seeds: [9], streak: 0, practised: false });
  assert.deepEqual(openStore().store.practices(ID, PART).map((record) => record.tag), [TAG, 'another-mistake']);
});

test('two mistakes practised on one part: the progress file, its import, the class report and its CSV carry both', async () => {
  const { companion, catalogue, store } = await answeredRight();
  store.savePractice(ID, PART, { tag: TAG, seeds: [5, 6], streak: 2, practised: true });
  store.savePractice(ID, PART, { tag: 'another-mistake', seeds: [7, 8], streak: 2, practised: true });
  const text = exportProgress(store, new Date('2026-03-02T00:00:00Z'), { id: 'a1b2c3d4', name: 'Ann', email: '' });
  assert.deepEqual(readProgressAnswers(text).practice.map((entry) => entry.tag), [TAG, 'another-mistake']);
  // Imported where this browser practised one of them, and has one in progress of the other.
  withStorage();
  const here = openStore().store;
  here.savePractice(ID, PART, { tag: 'another-mistake', seeds: [1], streak: 1, practised: false });
  here.savePractice(ID, PART, { tag: 'third-mistake', seeds: [2], streak: 0, practised: false });
  const imported = importProgress(here, text);
  assert.match(imported.message, /2 practices of mistakes added/);
  assert.deepEqual(here.practices(ID, PART).map((record) => [record.tag, record.practised]),
    [['another-mistake', true], ['third-mistake', false], [TAG, true]]);
  const file = readReportFile(text, { catalogue, source: 'ann.json' });
  const report = await gradeAnswers(companion, catalogue, file.answers, { written: file.written, practice: file.practice });
  assert.deepEqual(report.learners[0].rows.find((row) => row.part === PART).practised, [TAG, 'another-mistake']);
  const row = learnerRows(report).find((r) => r[3] === PART);
  assert.equal(row[LEARNER_HEADER.indexOf('Practice')], `${practisedText(TAG)}; ${practisedText('another-mistake')}`);
});

test('SCORM suspend data keeps each practice (an unfinished one\'s last variants), within 1.2\'s 4096 characters', () => {
  const seeds = Array.from({ length: 12 }, (_, i) => 4_000_000_000 + i);
  const state = { version: 2, exercises: { [ID]: { seeds: { 0: { parts: { [PART]: { text: 'x'.repeat(5000), verdict: 'correct', attempts: 3 } } } },
    practice: { [PART]: [{ tag: TAG, seeds: [5, 6], streak: 2, practised: true },
      { tag: 'another-mistake', seeds, streak: 1, practised: false }] } } } };
  const plan = planSuspend(state, [ID], { limit: SUSPEND_LIMITS['1.2'].limit, size: SUSPEND_LIMITS['1.2'].size });
  assert.ok(plan.text.length <= 4096);
  const back = decodeSuspend(plan.text, [ID]);
  assert.equal(back.dropped, 0);
  assert.deepEqual(back.state.exercises[ID].practice[PART], [{ tag: TAG, seeds: [], streak: 0, practised: true },
    { tag: 'another-mistake', seeds: seeds.slice(-PRACTICE_SEEDS), streak: 1, practised: false }],
  'the long answer was cut to fit, the practice kept');
  // A suspend data written before practice was kept reads as before; a damaged practice cell is dropped alone.
  assert.equal(decodeSuspend(encodeSuspend({ version: 2, exercises: {} }, [ID]), [ID]).state.exercises[ID], undefined);
  const damaged = decodeSuspend(`2[{"${ID}":{"p":{"${PART}":{"${TAG}":[2],"ok":[0,1,[7]]}}}}]`, [ID]);
  assert.equal(damaged.dropped, 1);
  assert.deepEqual(damaged.state.exercises[ID].practice[PART], [{ tag: 'ok', seeds: [7], streak: 1, practised: false }]);
  // Where nothing else fits, an unfinished practice goes before a practised one.
  const tight = planSuspend(state, [ID], { limit: 80 });
  assert.ok(tight.text.length <= 80);
  assert.deepEqual(decodeSuspend(tight.text, [ID]).state.exercises[ID].practice[PART].map((record) => record.tag), [TAG]);
});

test('SCORM relaunch mid-practice: the practice comes back from the LMS, and what it lost from the browser\'s copy', () => {
  const memory = () => {
    const map = new Map();
    return { getItem: (key) => map.get(key) ?? null, setItem: (key, value) => map.set(key, String(value)) };
  };
  const seeds = Array.from({ length: 8 }, (_, i) => 100 + i);
  const state = { version: 2, exercises: { [ID]: { seeds: {}, practice: { [PART]: [
    { tag: TAG, seeds, streak: 1, practised: false }, { tag: 'another-mistake', seeds: [3, 4], streak: 2, practised: true }] } } } };
  for (const version of ['1.2', '2004']) {
    const start = (entry, data = {}, local = memory()) => scormSession({ api: scormLms(version, { ...data,
      [version === '2004' ? 'cmi.learner_id' : 'cmi.core.student_id']: 'dee', [version === '2004' ? 'cmi.entry' : 'cmi.core.entry']: entry }),
    adapter: ADAPTERS[version], ids: [ID], packageId: 'p', policy: PRACTICE_POLICY, local });
    const local = memory();
    const first = start('ab-initio', {}, local);
    first.start();
    first.saveState(state);
    const stored = first.cmi.get('cmi.suspend_data');
    // Another browser: the LMS's copy alone (an unfinished practice's last variants).
    const elsewhere = start('resume', { 'cmi.suspend_data': stored }).start();
    const there = new AnswerStore(null, elsewhere.state);
    assert.deepEqual(there.practice(ID, PART, TAG), { tag: TAG, seeds: seeds.slice(-PRACTICE_SEEDS), streak: 1, practised: false }, version);
    assert.equal(there.practice(ID, PART, 'another-mistake').practised, true);
    // The same browser: its copy gives back every variant.
    const same = start('resume', { 'cmi.suspend_data': stored }, local).start();
    assert.deepEqual(new AnswerStore(null, same.state).practice(ID, PART, TAG).seeds, seeds, version);
  }
});
