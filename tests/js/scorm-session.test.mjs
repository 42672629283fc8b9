// The SCO's side of an LMS session (web/embed/scorm-api.mjs, scorm-values.mjs,
// scorm-session.mjs) in Node against scorm-again (npm) as the LMS: every answer form is
// accepted by both data models (and by Moodle's own checks), every refused call is read
// with GetLastError and told once, the status never says failed before the activity is
// completed, cmi.exit is suspend from the first save, a SCORM 2004 save stays within its
// budget however many checks, and the browser's copy fills in what the LMS lost.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Scorm12API } from 'scorm-again/scorm12';
import { Scorm2004API } from 'scorm-again/scorm2004';
import { ADAPTERS, bind, findApi, reportsScore, statusOf } from '../../web/embed/scorm-api.mjs';
import { interactionId, lmsResponse, utf8Length, writtenId } from '../../web/embed/scorm-values.mjs';
import { EXIT_BUDGET, SUSPEND_LIMITS, scormSession, shortenedWords } from '../../web/embed/scorm-session.mjs';
import { decodeSuspend, encodeSuspend } from '../../web/embed/suspend-data.mjs';
import { PRACTICE } from '../../web/ui/feedback-policy.mjs';
import { keptText } from '../../web/ui/text-limits.mjs';

const lms = (version, data = {}) => {
  const api = version === '2004' ? new Scorm2004API({ logLevel: 5 }) : new Scorm12API({ logLevel: 5 });
  api.loadFromFlattenedJSON(data, '');
  return api;
};

// What a learner may type, in every form the runtimes have refused.
const FORMS = ['[[0, 0],\n [0, a],\n [0, 0]]', '[[1, 2],\r\n [3, 4]]', '{1, 2}', '  {lang=en} x', `[${'0.125, '.repeat(700)}1]`,
  '<img src=x onerror=alert(1)> & "quotes"', 'tab\there', '0,36 ≈ 36 %', '\u2028line\u2029', 'Δ = ∑ eˢ', '😀'.repeat(200)];

test('every answer form is a response both data models accept, as scorm-again and as Moodle check them', () => {
  for (const [version, type, element, n] of [['1.2', 'fill-in', 'student_response', 255], ['2004', 'long-fill-in', 'learner_response', 4000]]) {
    const api = lms(version);
    const cmi = bind(api, ADAPTERS[version], { onError: (error) => assert.fail(`${version}: ${JSON.stringify(error)}`) });
    assert.ok(cmi.initialize());
    FORMS.forEach((form, i) => {
      cmi.set(`cmi.interactions.${i}.id`, `q${i}`);
      cmi.set(`cmi.interactions.${i}.type`, type);
      const response = lmsResponse(form, n);
      assert.ok(cmi.set(`cmi.interactions.${i}.${element}`, response), `${version} takes ${JSON.stringify(form.slice(0, 40))}`);
      assert.ok(response.length <= n && !/[\r\n\u2028\u2029]/.test(response));
      // Moodle's checks: 2004 first tests ^.*$ (one line) then its language-tagged string;
      // 1.2 a string of at most 255 characters.
      if (version === '2004') assert.match(response, /^(\{lang=[a-z]{2,3}\})?([^{].{0,4000}$)?$/u);
      else assert.ok(response.length <= 255); // (CMIString256: any 255 characters)
    });
  }
  assert.equal(lmsResponse('[[0, 0],\n [0, a]]', 100), '[[0, 0],  [0, a]]');
  assert.equal(lmsResponse('{1, 2}', 100), ' {1, 2}');
  assert.equal(lmsResponse('😀😀', 3), '😀', 'never half a character');
});

test('a refused call is read with GetLastError, told once, and a value is written only when it changed', () => {
  const api = lms('2004');
  const errors = [];
  const cmi = bind(api, ADAPTERS[2004], { onError: (error) => errors.push(error) });
  assert.ok(cmi.initialize());
  assert.equal(cmi.get('cmi.score.raw'), '', 'a value not set yet is not an error');
  assert.equal(errors.length, 0);
  assert.equal(cmi.set('cmi.completion_status', 'nearly'), false);
  assert.deepEqual(errors.map(({ call, element, code }) => [call, element, code]), [['SetValue', 'cmi.completion_status', '406']]);
  assert.ok(errors[0].text.length > 0, 'with the LMS\'s words for it');
  let calls = 0;
  const counting = { ...api, SetValue: (...args) => { calls += 1; return api.SetValue(...args); }, GetLastError: () => api.GetLastError(),
    GetErrorString: (c) => api.GetErrorString(c) };
  const once = bind(counting, ADAPTERS[2004]);
  once.set('cmi.location', 'here');
  once.set('cmi.location', 'here');
  assert.equal(calls, 1, 'the same value is not written twice');
});

test('the status: completed once everything is settled or finished; failed only when completed below the mastery score', () => {
  const rows = [
    // score, progress, mastery -> completion, success, score reported
    [20, { settled: 1, total: 5 }, null, 'incomplete', 'unknown', true],
    [20, { settled: 1, total: 5 }, 80, 'incomplete', 'unknown', false],
    [20, { settled: 1, total: 5, finished: true }, 80, 'completed', 'failed', true],
    [80, { settled: 4, total: 5 }, 80, 'incomplete', 'passed', true],
    [100, { settled: 5, total: 5 }, 80, 'completed', 'passed', true],
    [null, { settled: 1, total: 1 }, 80, 'completed', 'unknown', false], // only written work: nothing graded
  ];
  for (const [score, progress, mastery, completion, success, reported] of rows) {
    const status = statusOf(score, progress, mastery);
    assert.deepEqual([status.completion, status.success, reportsScore(score, status, mastery)], [completion, success, reported],
      JSON.stringify([score, progress, mastery]));
  }
});

// A session's progress event for exercises with these parts ({name: record}) and written items.
const progressOf = (exercises) => ({ exercises: exercises.map(([exercise, parts, written = {}]) => ({
  exercise, parts, written, total: Object.keys(parts).length,
  correct: Object.values(parts).filter((part) => part.verdict === 'correct').length })) });

function memory() {
  const map = new Map();
  return { getItem: (key) => map.get(key) ?? null, setItem: (key, value) => map.set(key, String(value)), map };
}

test('a session: exit is suspend from the start; an unfinished learner is never failed, even under the 1.2 mastery override', () => {
  const api = lms('1.2', { 'cmi.core.student_id': 'ana', 'cmi.core.credit': 'credit', 'cmi.core.lesson_mode': 'normal',
    'cmi.core.entry': 'ab-initio', 'cmi.student_data.mastery_score': '80' });
  const problems = [];
  const session = scormSession({ api, adapter: ADAPTERS['1.2'], ids: ['ch14.ex1'], packageId: 'p', policy: PRACTICE,
    local: memory(), onProblem: (text) => problems.push(text) });
  session.start();
  const cmiOf = () => api.renderCommitCMI(true).cmi;
  assert.equal(cmiOf().core.exit, 'suspend', 'set at the start, so that every save carries it');
  assert.equal(api.cmi.core.lesson_status, 'incomplete');
  const one = { a: { text: '1', verdict: 'correct', attempts: 1 }, b: { text: '2', verdict: 'incorrect', attempts: 1 } };
  session.report(progressOf([['ch14.ex1', { ...one, c: { text: '', verdict: null, attempts: 0 } }]]));
  assert.equal(api.cmi.core.score.raw, '', 'no score before the activity is completed, under a mastery score');
  session.end();
  // scorm-again's own finish with Moodle's override: raw score empty, so no override.
  assert.equal(api.cmi.core.lesson_status, 'incomplete');
  assert.deepEqual(problems, []);
});

test('SCORM 2004: one interaction per part, and a save within its budget however many checks', () => {
  const api = lms('2004', { 'cmi.learner_id': 'ben', 'cmi.entry': 'ab-initio' });
  const ids = Array.from({ length: 23 }, (_, i) => `ch19.ex${i + 1}`); // a chapter's worth of objectives
  const session = scormSession({ api, adapter: ADAPTERS[2004], ids, packageId: 'p', policy: PRACTICE, local: memory() });
  session.start();
  assert.equal(api.renderCommitCMI(true).cmi.exit, 'suspend');
  const at = new Date(Date.UTC(2026, 10, 30, 9, 5, 7));
  for (let n = 0; n < 400; n += 1) {
    session.record({ exercise: ids[n % 23], part: `p${n % 7}`, seed: 0, text: `[${'0.1234, '.repeat(n % 50)}1]`, verdict: 'incorrect',
      mistake: null, latencyMs: 1500, at });
  }
  session.record({ exercise: 'ch19.ex1', item: 'why', text: 'w'.repeat(3900) });
  // What Moodle would send at the exit: every interaction and objective, the suspend data.
  const written = [...session.cmi.written()].filter(([element]) => element.startsWith('cmi.'));
  const bytes = written.reduce((sum, [element, value]) => sum + 130 + element.length + utf8Length(value), 0) + 12_288;
  assert.ok(bytes <= EXIT_BUDGET, `a save of about ${bytes} bytes`);
  const count = Number(api.GetValue('cmi.interactions._count'));
  assert.ok(count > 5 && count <= 161, `${count} interactions, one per part at most`);
  const first = interactionId(ids[0], 'p0', 0);
  assert.equal(api.GetValue('cmi.interactions.0.id'), first);
  assert.ok(session.interactionsSkipped() >= 0);
  assert.equal(writtenId('ch19.ex20', 'plan'), 'ch19.ex20.written.plan');
});

test('what the LMS lost (a text cut for size, a save that never arrived) comes back from the browser\'s copy on a resumed attempt', () => {
  const local = memory();
  const long = 'x'.repeat(3000);
  const state = { version: 2, exercises: { 'ch14.ex1': { seeds: { 0: { parts: { weights: { text: '[1]', verdict: 'incorrect', attempts: 2 } },
    explain: { a: { notes: long, ticked: [0], revealed: false }, b: { notes: long, ticked: [], revealed: false } } } } } } };
  const first = lms('1.2', { 'cmi.core.student_id': 'cy', 'cmi.core.entry': 'ab-initio' });
  const one = scormSession({ api: first, adapter: ADAPTERS['1.2'], ids: ['ch14.ex1'], packageId: 'p', policy: PRACTICE, local });
  one.start();
  one.saveState(state);
  const stored = first.cmi.suspend_data;
  assert.ok(stored.length <= 4096 && stored.split(long).length === 2, 'the LMS keeps 4096 characters: one text was cut');
  // Resumed: the cut text comes back from the copy; a fresh attempt starts afresh.
  const resumed = scormSession({ api: lms('1.2', { 'cmi.core.student_id': 'cy', 'cmi.core.entry': 'resume', 'cmi.suspend_data': stored }),
    adapter: ADAPTERS['1.2'], ids: ['ch14.ex1'], packageId: 'p', policy: PRACTICE, local }).start();
  const back = resumed.state.exercises['ch14.ex1'].seeds['0'].explain;
  assert.deepEqual([back.a.notes, back.b.notes], [long, long]);
  const fresh = scormSession({ api: lms('1.2', { 'cmi.core.student_id': 'cy', 'cmi.core.entry': 'ab-initio' }),
    adapter: ADAPTERS['1.2'], ids: ['ch14.ex1'], packageId: 'p', policy: PRACTICE, local }).start();
  assert.equal(Object.keys(fresh.state.exercises).length, 0, 'a new LMS attempt starts afresh');
});

test('the API is found up the frames or the opener, the package\'s version first', () => {
  const top = { API: 'api12', API_1484_11: 'api2004' };
  top.parent = top;
  top.top = top;
  const middle = { parent: top, top };
  const sco = { parent: middle, top };
  assert.equal(findApi('2004', sco).api, 'api2004');
  assert.equal(findApi('1.2', sco).api, 'api12');
  const lmsOnly12 = { API: 'api12' };
  lmsOnly12.parent = lmsOnly12;
  const popup = { opener: lmsOnly12 };
  popup.parent = popup;
  popup.top = popup;
  assert.equal(findApi('2004', popup).adapter, ADAPTERS['1.2'], 'falls back to the other version');
  const alone = {};
  alone.parent = alone;
  alone.top = alone;
  assert.equal(findApi('2004', alone), null);
});

test('a damaged copy in the browser never stops the package: the LMS\'s copy stands, and a damaged record alone is left out', () => {
  const good = { version: 2, exercises: { 'ch14.ex1': { seeds: { 0: { parts: { weights: { text: '[2/5, 2/5, 1/5]', verdict: 'correct',
    attempts: 1 } } } } } } };
  const stored = encodeSuspend(good, ['ch14.ex1']);
  const key = 'attention-companion:sco:p:dee';
  for (const copy of ['{', 'null', '[]', '"text"', '{"state": 5}', '{"state": {"exercises": "abc"}}',
    '{"state": {"version": 2, "exercises": {"ch14.ex1": {"seeds": 5}}}}',
    '{"state": {"version": 2, "exercises": {"ch14.ex1": {"seeds": {"0": {"parts": {"weights": {"text": 7}}}}}}}}',
    '{"state": {"version": 2, "exercises": {"ch14.ex1": {"seeds": {"0": {"parts": {"scores": {"text": "[1, 0]", "verdict": "incorrect", "attempts": 4}, "weights": 9}}}}}}}']) {
    const local = memory();
    local.setItem(key, copy);
    const problems = [];
    const session = scormSession({ api: lms('1.2', { 'cmi.core.student_id': 'dee', 'cmi.core.entry': 'resume', 'cmi.suspend_data': stored }),
      adapter: ADAPTERS['1.2'], ids: ['ch14.ex1'], packageId: 'p', policy: PRACTICE, local, onProblem: (text) => problems.push(text) });
    let begun;
    assert.doesNotThrow(() => { begun = session.start(); }, copy);
    assert.deepEqual(begun.state.exercises['ch14.ex1'].seeds['0'].parts.weights, good.exercises['ch14.ex1'].seeds[0].parts.weights, copy);
    assert.deepEqual(problems, []);
  }
  // What the browser's copy holds whole and the LMS lacks still comes back.
  const local = memory();
  local.setItem(key, '{"state": {"version": 2, "exercises": {"ch14.ex1": {"seeds": {"0": {"parts": {"scores": {"text": "[1, 0]", "verdict": "incorrect", "attempts": 4}, "weights": 9}}}}}}}');
  const begun = scormSession({ api: lms('1.2', { 'cmi.core.student_id': 'dee', 'cmi.core.entry': 'resume', 'cmi.suspend_data': stored }),
    adapter: ADAPTERS['1.2'], ids: ['ch14.ex1'], packageId: 'p', policy: PRACTICE, local }).start();
  assert.equal(begun.state.exercises['ch14.ex1'].seeds['0'].parts.scores.attempts, 4);
  assert.ok(begun.fromBrowser);
});

test('damaged suspend data on the LMS: what can be read is back, and the learner is told so', () => {
  const state = { version: 2, exercises: { 'ch14.ex1': { seeds: { 0: { parts: {
    weights: { text: '[2/5, 2/5, 1/5]', verdict: 'correct', attempts: 1 }, scores: { text: '[1, 0, -1]', verdict: 'incorrect', attempts: 2 } } } } } } };
  const stored = encodeSuspend(state, ['ch14.ex1']);
  for (const damaged of [` ${stored}`, stored.slice(0, stored.length - 3), stored.slice(0, stored.indexOf('"scores"') + 12)]) {
    const begun = scormSession({ api: lms('1.2', { 'cmi.core.student_id': 'eve', 'cmi.core.entry': 'resume', 'cmi.suspend_data': damaged }),
      adapter: ADAPTERS['1.2'], ids: ['ch14.ex1'], packageId: 'p', policy: PRACTICE, local: memory() }).start();
    assert.equal(begun.unreadable, false);
    assert.equal(begun.damaged, damaged !== ` ${stored}`);
    assert.equal(begun.state.exercises['ch14.ex1'].seeds['0'].parts.weights.text, '[2/5, 2/5, 1/5]', JSON.stringify(damaged));
  }
});

// A written text of `length` characters, typed into an explain item, as the widget sends it
// (kept to its first 4,000, never half a character): what each version's LMS holds, and what a
// launch from another browser gets back. seed: the variant it was written at.
function writtenRoundTrip(version, length, { seed = 0 } = {}) {
  // (Past 4,000, a character written as two code units sits across the limit.)
  const typed = length <= 4000 ? 'é'.repeat(length) : `${'é'.repeat(3999)}😀${'z'.repeat(length - 4001)}`;
  const kept = keptText(typed);
  const adapter = ADAPTERS[version];
  const idKey = version === '2004' ? 'cmi.learner_id' : 'cmi.core.student_id';
  const entryKey = version === '2004' ? 'cmi.entry' : 'cmi.core.entry';
  const api = lms(version, { [idKey]: 'fay', [entryKey]: 'ab-initio' });
  const shortened = [];
  const session = scormSession({ api, adapter, ids: ['ch14.ex2'], packageId: 'p', policy: PRACTICE, local: memory(),
    onShortened: (plan) => shortened.push(plan) });
  session.start();
  const state = { version: 2, exercises: { 'ch14.ex2': { seeds: { [seed]: { parts: {},
    explain: { why_not_a_distribution: { notes: kept, ticked: [0], revealed: false } } } } } } };
  session.record({ exercise: 'ch14.ex2', item: 'why_not_a_distribution', seed, text: kept });
  session.saveState(state);
  // (What the LMS stores: 1.2's responses are write-only to the SCO.)
  const stored = api.renderCommitCMI(true).cmi.interactions ?? {};
  const count = Object.keys(stored).length;
  const interactions = Array.from({ length: count }, (_, n) => stored[n]);
  const response = version === '2004' ? interactions.map((item) => item.learner_response).join('')
    : interactions.map((item) => item.student_response).join('');
  const data = {
    [idKey]: 'fay', [entryKey]: 'resume', 'cmi.suspend_data': api.cmi.suspend_data,
  };
  if (version === '2004') {
    interactions.forEach((item, n) => Object.assign(data, { [`cmi.interactions.${n}.id`]: item.id, [`cmi.interactions.${n}.type`]: item.type,
      [`cmi.interactions.${n}.learner_response`]: item.learner_response }));
  }
  const elsewhere = scormSession({ api: lms(version, data), adapter, ids: ['ch14.ex2'], packageId: 'p', policy: PRACTICE, local: memory() }).start();
  return { typed, kept, response, back: elsewhere.state.exercises['ch14.ex2']?.seeds[seed]?.explain?.why_not_a_distribution?.notes ?? '',
    shortenedBack: elsewhere.shortened, shortened, suspend: api.cmi.suspend_data, count, ids: interactions.map((item) => item.id) };
}

test('written work of 3,999, 4,000, 5,000 and 50,000 characters: kept whole up to the limit, never half a character, or told', () => {
  for (const version of ['1.2', '2004']) {
    for (const length of [3999, 4000, 5000, 50_000]) {
      const { typed, kept, response, back, shortenedBack, shortened, suspend, count, ids } = writtenRoundTrip(version, length);
      assert.equal(kept.length, length <= 4000 ? length : 3999, 'the character across the limit is never halved');
      assert.ok(typed.startsWith(kept));
      assert.ok(!/[\uD800-\uDBFF]$/.test(response) && !/[\uD800-\uDBFF]$/.test(back), `${version} ${length}: whole characters`);
      // The LMS's interactions hold the whole kept text: one long fill-in (2004), or pieces of 255 (1.2).
      assert.equal(response, kept, `${version} ${length}: the interactions hold it whole`);
      if (version === '1.2') {
        assert.equal(count, Math.ceil(kept.length / 255));
        assert.deepEqual(ids, ['ch14.ex2.written.why_not_a_distribution', ...Array.from({ length: count - 1 },
          (_, i) => `ch14.ex2.written.why_not_a_distribution.${i + 2}`)]);
      }
      assert.ok(SUSPEND_LIMITS[version].size(suspend) <= SUSPEND_LIMITS[version].limit);
      // Another browser: the text whole, or its beginning and the learner told.
      if (back === kept) {
        assert.deepEqual(shortenedBack, [], `${version} ${length}`);
      } else {
        assert.ok(kept.startsWith(back) && back.length > 0, `${version} ${length}: ${back.length}`);
        assert.deepEqual(shortenedBack, [{ exercise: 'ch14.ex2', item: 'why_not_a_distribution', kept: back.length }]);
        assert.equal(shortened.length, 1, 'the learner was told when it was saved');
      }
      if (version === '2004') assert.equal(back, kept, '2004 keeps it whole');
    }
  }
});

test('SCORM 2004: written work at a variant names it in its id (.vSEED, as a checked part); 1.2 keeps its ids; either id gives a cut text back', () => {
  const item = 'ch14.ex2.written.why_not_a_distribution';
  assert.deepEqual(writtenRoundTrip('2004', 100, { seed: 7 }).ids, [`${item}.v7`]);
  assert.equal(writtenId('ch14.ex2', 'why_not_a_distribution', 1, { seed: 7 }), `${item}.v7`);
  assert.deepEqual(writtenRoundTrip('2004', 100).ids, [item], 'the chapter\'s numbers: no mark, as a checked part');
  // SCORM 1.2's pieces are named as before, whatever the variant.
  assert.deepEqual(writtenRoundTrip('1.2', 600, { seed: 7 }).ids, [item, `${item}.2`, `${item}.3`]);
  // Two explanations at seed 7 that the suspend data cannot both hold: the one it cuts comes
  // back whole from its interaction, under the id this package writes or one without the
  // variant (a package from before).
  const long = 'é'.repeat(4000);
  const explain = { a: { notes: long, ticked: [], revealed: false }, b: { notes: long, ticked: [], revealed: false } };
  const state = { version: 2, exercises: { 'ch14.ex1': { seeds: { 7: { parts: {}, explain } } } } };
  const api = lms('2004', { 'cmi.learner_id': 'gus', 'cmi.entry': 'ab-initio' });
  const session = scormSession({ api, adapter: ADAPTERS[2004], ids: ['ch14.ex1'], packageId: 'p', policy: PRACTICE, local: memory() });
  session.start();
  for (const name of ['a', 'b']) session.record({ exercise: 'ch14.ex1', item: name, seed: 7, text: long });
  session.saveState(state);
  assert.equal(api.cmi.suspend_data.split(long).length, 2, 'the suspend data holds one of them whole');
  const stored = api.renderCommitCMI(true).cmi.interactions;
  assert.deepEqual([stored[0].id, stored[1].id], ['ch14.ex1.written.a.v7', 'ch14.ex1.written.b.v7']);
  for (const renamed of [(id) => id, (id) => id.replace(/\.v7$/, '')]) {
    const data = { 'cmi.learner_id': 'gus', 'cmi.entry': 'resume', 'cmi.suspend_data': api.cmi.suspend_data };
    [0, 1].forEach((n) => Object.assign(data, { [`cmi.interactions.${n}.id`]: renamed(stored[n].id),
      [`cmi.interactions.${n}.type`]: stored[n].type, [`cmi.interactions.${n}.learner_response`]: stored[n].learner_response }));
    const back = scormSession({ api: lms('2004', data), adapter: ADAPTERS[2004], ids: ['ch14.ex1'], packageId: 'p', policy: PRACTICE,
      local: memory() }).start();
    const notes = back.state.exercises['ch14.ex1'].seeds['7'].explain;
    assert.ok(notes.a.notes === long && notes.b.notes === long, `both whole, read from ${renamed(stored[0].id)}`);
  }
});

test('SCORM 1.2, three explanations of 3,999 characters: another browser gets none of one back, and is told so in true words', () => {
  const adapter = ADAPTERS['1.2'];
  const api = lms('1.2', { 'cmi.core.student_id': 'hal', 'cmi.core.entry': 'ab-initio' });
  const said = [];
  const session = scormSession({ api, adapter, ids: ['ch14.ex2', 'ch14.ex3'], packageId: 'p', policy: PRACTICE, local: memory(),
    onShortened: ({ cut }) => said.push(`it keeps ${shortenedWords(cut)}`) });
  session.start();
  const text = (letter) => ({ notes: letter.repeat(3999), ticked: [], revealed: false });
  session.saveState({ version: 2, exercises: {
    'ch14.ex2': { seeds: { 0: { parts: {}, explain: { why_not_a_distribution: text('a'), why_three_for_the_zero_query: text('b') } } } },
    'ch14.ex3': { seeds: { 0: { parts: {}, explain: { which_state_changes: text('c') } } } } } });
  const elsewhere = scormSession({ api: lms('1.2', { 'cmi.core.student_id': 'hal', 'cmi.core.entry': 'resume',
    'cmi.suspend_data': api.cmi.suspend_data }), adapter, ids: ['ch14.ex2', 'ch14.ex3'], packageId: 'p', policy: PRACTICE,
  local: memory() }).start();
  assert.ok(elsewhere.shortened.some((entry) => entry.kept === 0), JSON.stringify(elsewhere.shortened));
  const words = shortenedWords(elsewhere.shortened);
  assert.doesNotMatch(words, /\b0 characters/);
  for (const { exercise, item, kept } of elsewhere.shortened) {
    const what = `your explanation in ${exercise} (${item})`;
    assert.ok(words.includes(kept === 0 ? `none of ${what}` : `the first ${kept.toLocaleString('en-US')} characters of ${what}`), words);
  }
  assert.match(said.join(' '), /it keeps none of your explanation in ch14\.ex2/);
  assert.equal(shortenedWords([{ exercise: 'ch19.ex20', item: '', kept: 0 }, { exercise: 'ch14.ex1', seed: '0', part: 'weights' }]),
    'none of your plan in ch19.ex20 and 1 answer without its text (its verdict and attempts are kept)');
});

test('3,000 variants opened by one learner: each save stays within the version\'s limit', () => {
  for (const version of ['1.2', '2004']) {
    const adapter = ADAPTERS[version];
    const api = lms(version, { [adapter.learnerId]: 'gus' });
    const session = scormSession({ api, adapter, ids: ['ch19.ex3'], packageId: 'p', policy: PRACTICE, local: memory() });
    session.start();
    const state = { version: 2, exercises: { 'ch19.ex3': { seeds: {} } } };
    for (let seed = 1; seed <= 3000; seed += 1) {
      state.exercises['ch19.ex3'].seeds[String(seed)] = { parts: { weights: { text: '[0.2, 0.3, 0.5]', verdict: 'incorrect', attempts: 1,
        at: new Date(1.7e12 + seed * 1000).toISOString() } } };
      if (seed % 500 === 0) {
        session.report(progressOf([['ch19.ex3', { weights: { text: '[0.2, 0.3, 0.5]', verdict: 'incorrect', attempts: 1 } }]]).exercises
          .map((item) => ({ ...item, seed })).reduce((out, item) => ({ exercises: [...out.exercises, item] }), { exercises: [] }));
        session.saveState(state);
        const { limit, size } = SUSPEND_LIMITS[version];
        assert.ok(size(api.cmi.suspend_data) <= limit, `${version} at ${seed}: ${size(api.cmi.suspend_data)}`);
        assert.ok(decodeSuspend(api.cmi.suspend_data, ['ch19.ex3']).state.exercises['ch19.ex3'].seeds[String(seed)], 'the shown one kept');
      }
    }
  }
});
