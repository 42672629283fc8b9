// Issue 46, "Nothing given away": an explain item's reference notes hold the variant's answers,
// so its state (notes, ticks, revealed) is kept per seed as a part's answers are
// (web/ui/storage.mjs), a store from before is read without losing a learner's text, and
// the notes opened are recorded where a worked solution seen is: the progress file, the
// class report (its written work and CSV) and the SCORM interactions.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { AnswerStore, STORAGE_KEY, openStore } from '../../web/ui/storage.mjs';
import { withStorage } from './fake-storage.mjs';
import { exportProgress, importProgress } from '../../web/ui/progress-file.mjs';
import { readProgressAnswers } from '../../web/report/progress-answers.mjs';
import { loadCompanion } from '../../web/companion.mjs';
import { gradeAnswers } from '../../web/report/regrade.mjs';
import { learnerRows } from '../../web/report/report-csv.mjs';
import { readReportFile } from '../../web/report/class-report.mjs';
import { interactionReader } from '../../web/report/interactions.mjs';
import { ADAPTERS } from '../../web/embed/scorm-api.mjs';
import { REVEALED_WORDS, writtenId } from '../../web/embed/scorm-values.mjs';
import { classReport } from './class-report-fixture.mjs';

const ID = 'ch14.ex3';
const ITEM = 'which_state_changes';

afterEach(() => {
  delete globalThis.window;
});

test('an explanation is kept per seed: revealed at seed 7, it is not revealed (nor written) at 4242 or at the chapter\'s numbers', () => {
  withStorage();
  const { store } = openStore();
  store.saveOpenTask(ID, { ticked: [1], notes: 'At seven the second state changes.', revealed: true }, ITEM, 7);
  assert.deepEqual(store.openTask(ID, ITEM, 7), { ticked: [1], notes: 'At seven the second state changes.', revealed: true });
  assert.equal(store.openTask(ID, ITEM, 4242), null, 'a new variant starts fresh');
  assert.equal(store.openTask(ID, ITEM), null, 'seed 0 is a variant of its own too');
  // A draft at 4242 stays there on a reload, and leaves seed 7's alone.
  store.saveOpenTask(ID, { ticked: [], notes: 'A draft.', revealed: false }, ITEM, 4242);
  const reopened = openStore().store;
  assert.deepEqual([reopened.openTask(ID, ITEM, 4242).notes, reopened.openTask(ID, ITEM, 4242).revealed], ['A draft.', false]);
  assert.equal(reopened.openTask(ID, ITEM, 7).revealed, true);
  // Clearing seed 7's answers keeps its explanation (and its record of the notes opened).
  reopened.savePart(ID, 'weights', { text: '[1, 0]', verdict: 'incorrect', attempts: 1 }, 7);
  reopened.clearAnswers(ID, 7);
  assert.equal(reopened.part(ID, 'weights', 7), null);
  assert.equal(openStore().store.openTask(ID, ITEM, 7).revealed, true);
  // A design task's plan has no variants: it is the exercise's, whatever the seed.
  reopened.saveOpenTask('ch19.ex20', { ticked: [0], notes: 'plan', revealed: true }, null, 3);
  assert.equal(reopened.openTask('ch19.ex20', null, 0).notes, 'plan');
});

test('a store from before explanations were kept per seed opens without a notice, its text at seed 0, never at a variant', () => {
  const old = { version: 2, exercises: { [ID]: {
    seeds: { 5: { parts: { weights: { text: '[1]', verdict: 'correct', attempts: 1 } } } },
    explain: { [ITEM]: { ticked: [0, 2], notes: 'My old notes.', revealed: true }, broken: { ticked: 'no', notes: '', revealed: false } },
  }, 'ch14.ex2': { seeds: {}, explain: { why: { ticked: [], notes: 'Only notes.', revealed: false } } } } };
  const map = withStorage({ [STORAGE_KEY]: JSON.stringify(old) });
  const { store, notice } = openStore();
  assert.match(notice, /^1 saved answer/, 'only the damaged item is dropped');
  assert.deepEqual(store.openTask(ID, ITEM), { ticked: [0, 2], notes: 'My old notes.', revealed: true });
  assert.equal(store.openTask(ID, ITEM, 5), null, 'not revealed at a variant');
  assert.equal(store.part(ID, 'weights', 5).verdict, 'correct');
  assert.equal(store.openTask('ch14.ex2', 'why').notes, 'Only notes.');
  assert.deepEqual(store.variantSeeds(ID), [5]);
  // Written back in the new shape: no exercise-level explain left.
  const written = JSON.parse(map.get(STORAGE_KEY));
  assert.equal(written.exercises[ID].explain, undefined);
  assert.equal(written.exercises[ID].seeds['0'].explain[ITEM].notes, 'My old notes.');
  // Where seed 0 already holds the item, that (newer) record stays.
  const both = new AnswerStore(null, { version: 2, exercises: { [ID]: {
    seeds: { 0: { parts: {}, explain: { [ITEM]: { ticked: [], notes: 'newer', revealed: false } } } },
    explain: { [ITEM]: { ticked: [], notes: 'older', revealed: true } } } } });
  assert.equal(both.openTask(ID, ITEM).notes, 'newer');
});

test('the notes opened are in the progress file, read by the class report as "reference notes opened", and survive an import', async () => {
  const store = new AnswerStore(null, { version: 2, exercises: {} });
  store.saveOpenTask(ID, { ticked: [0], notes: 'Seen them.', revealed: true }, ITEM, 7);
  store.saveOpenTask(ID, { ticked: [], notes: 'Not seen.', revealed: false }, ITEM, 0);
  const text = exportProgress(store, new Date('2026-03-01T00:00:00Z'), { id: 'a1b2c3d4', name: 'Ann', email: '' });
  const { written } = readProgressAnswers(text);
  const bySeed = Object.fromEntries(written.map((w) => [w.seed, w]));
  assert.deepEqual([bySeed[7].revealed, bySeed[7].text, bySeed[0].revealed], [true, 'Seen them.', undefined]);
  // The class report: its written work and its CSV say it, beside the variant.
  const companion = await loadCompanion();
  const catalogue = companion.exercises();
  const file = readReportFile(text, { catalogue, source: 'ann.json' });
  const report = await gradeAnswers(companion, catalogue, file.answers, { written: file.written });
  const item = report.written.find((w) => w.exercise === ID && w.item === ITEM);
  assert.deepEqual(item.entries.map((e) => [e.seed ?? 0, e.text, e.revealed === true]), [[0, 'Not seen.', false], [7, 'Seen them.', true]]);
  const rows = learnerRows(report).filter((row) => row[3] === `written: ${ITEM}`);
  assert.deepEqual(rows.map((row) => [row[4], row[8]]), [['', ''], [7, REVEALED_WORDS]]);
  // An import: a reveal on either side stays a reveal.
  withStorage();
  const here = openStore().store;
  here.saveOpenTask(ID, { ticked: [], notes: 'Written here.', revealed: false }, ITEM, 7);
  assert.equal(importProgress(here, text).ok, true);
  assert.deepEqual([here.openTask(ID, ITEM, 7).notes, here.openTask(ID, ITEM, 7).revealed], ['Written here.', true]);
});

test('SCORM: an explanation whose notes were opened is marked .seen (1.2) or "reference notes opened" (2004), and read back', async () => {
  const set = (written) => ({ set: (element, value) => written.set(element, value), written: () => written });
  const at = new Date('2026-03-01T10:00:00Z');
  const twelve = new Map();
  ADAPTERS['1.2'].interaction(set(twelve), 0, { exercise: ID, item: ITEM, text: 'Seen.', revealed: true, at, piece: 1 });
  ADAPTERS['1.2'].interaction(set(twelve), 1, { exercise: ID, item: ITEM, text: 'Not.', at, piece: 2, pieceText: 'x' });
  assert.equal(twelve.get('cmi.interactions.0.id'), `${writtenId(ID, ITEM)}.seen`);
  assert.equal(twelve.get('cmi.interactions.1.id'), `${writtenId(ID, ITEM)}.2`);
  const twenty04 = new Map();
  ADAPTERS[2004].interaction(set(twenty04), 0, { exercise: ID, item: ITEM, text: 'Seen.', revealed: true, at });
  assert.equal(twenty04.get('cmi.interactions.0.id'), writtenId(ID, ITEM), 'kept in place under one id');
  assert.equal(twenty04.get('cmi.interactions.0.description'), REVEALED_WORDS);
  const companion = await loadCompanion();
  const resolve = interactionReader(companion.exercises());
  assert.deepEqual(resolve(`${writtenId(ID, ITEM)}.seen`), { ok: true, exercise: ID, item: ITEM, piece: 1, revealed: true });
  assert.deepEqual(resolve(`${writtenId(ID, ITEM)}.3.seen`), { ok: true, exercise: ID, item: ITEM, piece: 3, revealed: true });
  assert.deepEqual(resolve(writtenId(ID, ITEM)), { ok: true, exercise: ID, item: ITEM, piece: 1 });
});

test('SCORM 2004: a written item at a variant names it as a checked part does (.vSEED); the class report reads it and the form without it', async () => {
  const set = (written) => ({ set: (element, value) => written.set(element, value), written: () => written });
  const at = new Date('2026-03-01T10:00:00Z');
  const twenty04 = new Map();
  ADAPTERS[2004].interaction(set(twenty04), 0, { exercise: ID, item: ITEM, seed: 7, text: 'At seven.', revealed: true, at });
  ADAPTERS[2004].interaction(set(twenty04), 1, { exercise: ID, part: 'p', seed: 7, text: '1', verdict: 'correct', at });
  const [written, checked] = [0, 1].map((n) => twenty04.get(`cmi.interactions.${n}.id`));
  assert.equal(written, `${writtenId(ID, ITEM)}.v7`);
  assert.ok(checked.endsWith('.v7'), `${checked}: the same mark`);
  const twelve = new Map();
  ADAPTERS['1.2'].interaction(set(twelve), 0, { exercise: ID, item: ITEM, seed: 7, text: 'At seven.', at, piece: 2, pieceText: 'x' });
  assert.equal(twelve.get('cmi.interactions.0.id'), `${writtenId(ID, ITEM)}.2`, '1.2\'s ids stay as they were');
  const companion = await loadCompanion();
  const catalogue = companion.exercises();
  const resolve = interactionReader(catalogue);
  assert.deepEqual(resolve(written), { ok: true, exercise: ID, item: ITEM, piece: 1, seed: 7 });
  assert.deepEqual(resolve(`${written}.seen`), { ok: true, exercise: ID, item: ITEM, piece: 1, seed: 7, revealed: true });
  assert.deepEqual(resolve(`${written}.3`), { ok: true, exercise: ID, item: ITEM, piece: 3, seed: 7 });
  assert.deepEqual(resolve(`${writtenId(ID, ITEM)}.v4294967296`), { ok: false, reason: 'seed', exercise: ID });
  // Moodle's report of two learners: one as this package writes it, one as a package before it did.
  const file = readReportFile(classReport([['Ann', [{ id: written, text: 'At seven.' }]],
    ['Bo', [{ id: writtenId(ID, ITEM), text: 'At the chapter\'s numbers.' }]]]), { resolve, catalogue });
  const report = await gradeAnswers(companion, catalogue, file.answers, { written: file.written });
  const item = report.written.find((w) => w.exercise === ID && w.item === ITEM);
  assert.deepEqual(item.entries.map((e) => [e.learner, e.seed ?? 0, e.text]), [['Ann', 7, 'At seven.'], ['Bo', 0, 'At the chapter\'s numbers.']]);
  assert.deepEqual(file.unplaced, []);
});
