// The SCO's side of one LMS session (no DOM; scorm-entry.mjs draws the page): it starts
// the session, gives back the learner's saved work (the suspend data, and where the LMS
// lost some, the copy this browser keeps), and writes what the learner does as it happens:
// the suspend data (suspend-data.mjs), the score and status (scorm-api.mjs's statusOf),
// one objective per exercise and the interactions. Every call is checked (scorm-api.mjs's
// bind reads GetLastError after each); a refusal is reported once through onProblem, and
// the work stays in this browser's copy until the LMS has it.
//
// What a save may weigh: an LMS may send its saves as the page is left, when the browser
// takes at most 64 KB in flight (navigator.sendBeacon), and Moodle's SCORM 2004 player
// re-sends every interaction and objective at every save. So under SCORM 2004 the SCO
// keeps one interaction per part or written item (kept up to date), and keeps the whole
// save under EXIT_BUDGET, its size reckoned as a browser sends a form (the checked parts
// within half of what is left for interactions, the written work first); under SCORM 1.2
// (whose players send only what changed) it appends one interaction per check.

import { decodeSuspend, planSuspend } from './suspend-data.mjs';
import { bind, MAX_INTERACTIONS, RESPONSE_12, statusOf } from './scorm-api.mjs';
import { PLAN, WRITTEN, scormId, utf8Length, writtenId, interactionId, practiceId, responsePieces,
  lmsResponse } from './scorm-values.mjs';
import { isSettled } from '../ui/feedback-policy.mjs';
import { readState, takePractice, writtenAt } from '../ui/stored-state.mjs';
import { MAX_TEXT } from '../ui/text-limits.mjs';
import { plural } from '../ui/format.mjs';

// The suspend data's size: 1.2's 4096 characters; under 2004, bytes, within the budget.
export const SUSPEND_LIMITS = Object.freeze({
  '1.2': { limit: 4096, size: (text) => text.length },
  2004: { limit: 12_288, size: utf8Length },
});
// The most one save (as a browser's form) may weigh under SCORM 2004, far below 64 KB.
export const EXIT_BUDGET = 40 * 1024;
// A field of a form as a browser sends it: its boundary and headers, its name, its value.
const fieldCost = (name, value) => 120 + Math.ceil(1.2 * name.length) + utf8Length(value);
// What a save holds besides the interactions: the core elements, an objective per exercise
// (three fields), and the suspend data at its largest.
const reserveFor = (exercises) => 2048 + exercises * 3 * fieldCost('cmi.objectives.N99.completion_status', 'incomplete')
  + SUSPEND_LIMITS[2004].limit + 200;

const SAVE_PROBLEM = 'The course site did not accept part of your work';

// What the status is computed from (statusOf): graded parts settled under the policy and
// written items written, all of them, and whether the activity was finished before.
export function progressOf(exercises, policy, finished) {
  let settled = 0;
  let total = 0;
  for (const item of exercises) {
    for (const part of Object.values(item.parts)) {
      total += 1;
      if (isSettled(part, policy)) settled += 1;
    }
    for (const written of Object.values(item.written ?? {})) {
      total += 1;
      if (written.text.trim() !== '') settled += 1;
    }
  }
  return { settled, total, finished };
}

// The share of graded parts correct (0-100), or null where nothing is graded.
const scoreOf = (exercises) => {
  const total = exercises.reduce((sum, item) => sum + item.total, 0);
  const correct = exercises.reduce((sum, item) => sum + item.correct, 0);
  return total ? Math.round((100 * correct) / total) : null;
};

// The most pieces a written text takes under SCORM 1.2 (its whole MAX_TEXT characters).
const MAX_PIECES = Math.ceil(MAX_TEXT / RESPONSE_12);

// Where the LMS's copy lost a record (it was not there, or its text was cut for size), the
// browser's copy fills it in: a part's record with at least as many attempts, a written
// item's notes, a part's practice of a mistake that storage.mjs's takePractice takes over
// the LMS's (the LMS's holds only the last variants of an unfinished one; a practised one
// stays practised). (local: a state read by storage.mjs's readState, record by record.)
function mergeLocal(state, cut, local) {
  for (const [id, mine] of Object.entries(local?.exercises ?? {})) {
    const theirs = (state.exercises[id] ??= { seeds: Object.create(null) });
    const lost = cut[id] ?? [];
    // (An explanation's reference notes opened on either side stay opened: that is a record.)
    const take = (item, record, seed) => {
      const kept = writtenAt(theirs, item, seed);
      const wasCut = lost.some((entry) => entry.item === (item ?? '') && (item === null || entry.seed === seed));
      if (kept && !wasCut) {
        if (record.revealed) kept.revealed = true;
        return;
      }
      const copy = kept?.revealed ? { ...record, revealed: true } : record;
      if (item === null) theirs.open = copy;
      else (theirs.seeds[seed].explain ??= Object.create(null))[item] = copy;
    };
    for (const [seed, { parts, explain }] of Object.entries(mine.seeds ?? {})) {
      const holder = (theirs.seeds[seed] ??= { parts: Object.create(null) });
      for (const [part, record] of Object.entries(parts)) {
        const kept = holder.parts[part];
        const wasCut = lost.some((entry) => entry.seed === seed && entry.part === part);
        if (!kept || record.attempts > kept.attempts || (wasCut && record.attempts === kept.attempts)) holder.parts[part] = record;
      }
      for (const [item, record] of Object.entries(explain ?? {})) take(item, record, seed);
    }
    if (mine.open) take(null, mine.open);
    for (const [part, list] of Object.entries(mine.practice ?? {})) {
      const held = (theirs.practice ??= Object.create(null))[part] ??= [];
      for (const record of list) takePractice(held, record);
    }
  }
  return state;
}

// What came back shortened: the cut entries of `cut` ({exercise: [{seed, part} | {item, seed?}]})
// whose text is still not whole in `state` -> [{exercise, item, kept} | {exercise, seed, part}].
function stillShort(state, cut, whole) {
  const out = [];
  for (const [exercise, entries] of Object.entries(cut)) {
    for (const entry of entries) {
      if (whole.has(JSON.stringify([exercise, entry.item ?? null, entry.seed ?? null, entry.part ?? null]))) continue;
      if (entry.item !== undefined) {
        const record = writtenAt(state.exercises[exercise], entry.item, entry.seed);
        if (record) out.push({ exercise, item: entry.item, kept: record.notes.length });
      } else {
        out.push({ exercise, seed: entry.seed, part: entry.part });
      }
    }
  }
  return out;
}

// What the LMS holds of the texts of `list` ([{exercise, item, kept} | {exercise, seed, part}],
// stillShort's or a save's `cut`), in words that follow "it keeps" or "it returned" and are
// true when nothing of a text is there: "the first 1,234 characters of your explanation in
// ch14.ex2 (why), none of your plan in ch19.ex20 and 2 answers without their text".
export function shortenedWords(list) {
  const written = list.filter((entry) => entry.item !== undefined).map((entry) => {
    const what = `your ${entry.item === '' ? 'plan' : 'explanation'} in ${entry.exercise}${entry.item ? ` (${entry.item})` : ''}`;
    if (entry.kept === 0) return `none of ${what}`;
    return `the first ${plural(entry.kept, 'character')} of ${what}`;
  });
  const answers = list.filter((entry) => entry.item === undefined).length;
  const words = [...written, ...(answers ? [`${plural(answers, 'answer')} without ${answers === 1 ? 'its' : 'their'} text ` +
    `(${answers === 1 ? 'its verdict and attempts are' : 'their verdicts and attempts are'} kept)`] : [])];
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0];
}

// api, adapter: findApi's; ids: the package's exercises; packageId: the package's key (the
// browser's copy is kept per package and learner: tools/scorm-package.mjs's packageKey);
// policy: the feedback policy; local: localStorage (or null); onProblem(sentence): a refusal
// to tell the learner; onShortened(plan): a save that had to shorten or leave out some of
// the work shown now (suspend-data.mjs's planSuspend result, `cut` and `dropped`), told once
// for each new set of shortened texts.
export function scormSession({ api, adapter, ids, packageId, policy, local = null, onProblem = () => {},
  onShortened = () => {}, now = () => new Date() }) {
  let told = false;
  const cmi = bind(api, adapter, {
    onError: ({ call, element, code, text }) => {
      if (told) return;
      told = true;
      onProblem(`${SAVE_PROBLEM} (${call}${element ? ` ${element}` : ''}: error ${code}${text ? `, ${text}` : ''}). ` +
        'Your answers are kept in this browser and are sent again with your next change; if this stays, tell your teacher.');
    },
  });
  const twenty04 = adapter.version === '2004';
  const started = Date.now();
  let finished = false;
  let mastery = null;
  let learnerKey = null;
  let pending = false;
  let ended = false;
  const objectives = new Map();
  const interactions = { count: 0, byId: new Map(), skipped: 0 };
  const current = Object.create(null); // exercise -> the seed shown now
  const wholeInLms = new Set(); // 2004: written interactions that hold their whole text
  // 2004: a written item's one interaction at a seed (a cut entry's item '' is the plan; its
  // seed, a key of the suspend data, is text), named by its variant (scorm-values.mjs's writtenId).
  const writtenAt2004 = (exercise, item, seed) => writtenId(exercise, item === '' ? PLAN : item, 1,
    { seed: Number(seed ?? 0) || 0 });
  let toldShortened = '';

  // The browser's copy, read record by record (a damaged copy, or a damaged record in it,
  // is left out: the LMS's copy stands).
  function localCopy() {
    try {
      const raw = learnerKey && local?.getItem(learnerKey);
      const copy = raw ? JSON.parse(raw) : null;
      const read = copy && typeof copy === 'object' ? readState(copy.state) : null;
      return read ? { state: read.state, finished: copy.finished === true } : null;
    } catch {
      return null;
    }
  }
  function keepLocally(state) {
    try {
      if (learnerKey) local?.setItem(learnerKey, JSON.stringify({ state, finished }));
    } catch {
      // (a browser that keeps nothing: the LMS's copy is all there is)
    }
  }

  // -> {state, finished, dropped (records that could not be read back), damaged (the LMS's
  // copy was cut or damaged; what was whole is kept), unreadable (it is not this package's at
  // all), fromBrowser (this browser's copy filled something in), shortened (texts that came
  // back shortened: [{exercise, item, kept} | {exercise, seed, part}]), learnerId, learnerName}
  function start() {
    cmi.initialize();
    const learnerId = cmi.get(adapter.learnerId);
    const learnerName = cmi.get(adapter.learnerName);
    learnerKey = `attention-companion:sco:${packageId}:${learnerId}`;
    const entry = cmi.get(twenty04 ? 'cmi.entry' : 'cmi.core.entry');
    const decoded = decodeSuspend(cmi.get('cmi.suspend_data'), ids);
    // A new attempt (ab-initio) starts afresh; a resumed one takes back what the LMS lost.
    if (entry === 'ab-initio') keepLocally(null);
    const copy = entry === 'ab-initio' ? null : localCopy();
    const cut = decoded?.cut ?? {};
    const fromLms = decoded?.state ?? { version: 2, exercises: Object.create(null) };
    const before = JSON.stringify(fromLms);
    const state = mergeLocal(fromLms, cut, copy?.state);
    const whole = new Set();
    if (copy) {
      // (What the browser's copy held of a cut text came back whole.)
      for (const [exercise, entries] of Object.entries(cut)) {
        for (const item of entries) {
          const mine = copy.state.exercises[exercise];
          const has = item.item !== undefined ? writtenAt(mine, item.item, item.seed)
            : mine?.seeds?.[item.seed]?.parts?.[item.part];
          if (has) whole.add(JSON.stringify([exercise, item.item ?? null, item.seed ?? null, item.part ?? null]));
        }
      }
    }
    finished = Boolean(decoded?.finished || copy?.finished);
    adapter.begin(cmi);
    mastery = adapter.mastery(cmi);
    const count = (element) => Number(cmi.get(element)) || 0;
    for (let n = 0; n < count('cmi.objectives._count'); n += 1) objectives.set(cmi.get(`cmi.objectives.${n}.id`), n);
    interactions.count = count('cmi.interactions._count');
    if (twenty04) {
      // Each earlier interaction is kept up to date in place (its values read, so that only
      // what changes is written again); a written text the suspend data had to shorten comes
      // back from its interaction, where that holds more of it (as one line).
      const responses = new Map();
      for (let n = 0; n < interactions.count; n += 1) {
        const id = cmi.get(`cmi.interactions.${n}.id`);
        interactions.byId.set(id, n);
        for (const field of ['type', 'timestamp', 'learner_response', 'result', 'latency']) cmi.get(`cmi.interactions.${n}.${field}`);
        responses.set(id, cmi.written().get(`cmi.interactions.${n}.learner_response`) ?? '');
      }
      for (const [exercise, entries] of Object.entries(cut)) {
        for (const item of entries) {
          if (item.item === undefined) continue;
          const record = writtenAt(state.exercises[exercise], item.item, item.seed);
          // (Its id as this package writes it, else as a package before it did: no variant.)
          const response = responses.get(writtenAt2004(exercise, item.item, item.seed))
            ?? responses.get(writtenAt2004(exercise, item.item, 0)) ?? '';
          if (record && response.trim().length > record.notes.length) record.notes = response.replace(/^ (?=\{)/, '');
        }
      }
    }
    cmi.commit();
    return { state, finished, dropped: decoded?.dropped ?? 0, damaged: decoded?.damaged === true, unreadable: decoded === null,
      fromBrowser: copy !== null && JSON.stringify(state) !== before, shortened: stillShort(state, cut, whole), learnerId,
      learnerName };
  }

  // One save for everything written in this task (a check writes its answer, the
  // interaction, the score and the status at once).
  function commitSoon() {
    if (pending || ended) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      if (!ended) cmi.commit();
    });
  }

  function saveState(state) {
    const { limit, size } = SUSPEND_LIMITS[adapter.version];
    const plan = planSuspend(state, ids, { limit, size, finished, current });
    const ok = cmi.set('cmi.suspend_data', plan.text);
    keepLocally(state);
    commitSoon();
    // (Under 2004 a written text its interaction holds whole is not lost.)
    const cut = plan.cut.filter((entry) => !(entry.item !== undefined
      && wholeInLms.has(writtenAt2004(entry.exercise, entry.item, entry.seed))));
    const said = JSON.stringify([cut.map((entry) => [entry.exercise, entry.item ?? entry.part]), plan.dropped.records > 0]);
    if ((cut.length || plan.dropped.records) && said !== toldShortened) {
      toldShortened = said;
      onShortened({ cut, dropped: plan.dropped, limit, version: adapter.version });
    }
    return ok;
  }

  // 2004: the room left for interactions in a save, and an interaction's own cost.
  const interactionCost = (n) => {
    let bytes = 0;
    for (const [element, value] of cmi.written()) {
      if (element.startsWith(`cmi.interactions.${n}.`)) bytes += fieldCost(element, value);
    }
    return bytes;
  };
  // (graded: only the checked parts' interactions)
  const interactionsCost = ({ graded = false } = {}) => {
    const writtenAt = new Set([...interactions.byId].filter(([id]) => id.includes(`.${WRITTEN}.`)).map(([, n]) => n));
    let bytes = 0;
    for (const [element, value] of cmi.written()) {
      const n = /^cmi\.interactions\.(\d+)\./.exec(element)?.[1];
      if (n !== undefined && !(graded && writtenAt.has(Number(n)))) bytes += fieldCost(element, value);
    }
    return bytes;
  };

  // 1.2: a written item's pieces, each one interaction a session, kept up to date (pieces
  // no longer needed are emptied).
  function recordPieces(entry, at) {
    const pieces = responsePieces(entry.text, RESPONSE_12).slice(0, MAX_PIECES);
    const key = writtenId(entry.exercise, entry.item);
    const slots = interactions.byId.get(key) ?? [];
    for (let i = 0; i < Math.max(pieces.length, slots.length); i += 1) {
      if (slots[i] === undefined) {
        if (interactions.count >= MAX_INTERACTIONS) {
          interactions.skipped += 1;
          break;
        }
        slots[i] = interactions.count;
        interactions.count += 1;
      }
      adapter.interaction(cmi, slots[i], { ...entry, at, piece: i + 1, pieceText: pieces[i] ?? '' });
    }
    interactions.byId.set(key, slots);
  }

  // One checked part or written item -> its interaction(s).
  function record(entry) {
    const at = now();
    if (!twenty04) {
      // 1.2: a check is appended; a written item goes in its pieces.
      if (entry.item !== undefined) recordPieces(entry, at);
      else if (interactions.count < MAX_INTERACTIONS) {
        adapter.interaction(cmi, interactions.count, { ...entry, at });
        interactions.count += 1;
      } else interactions.skipped += 1;
      commitSoon();
      return;
    }
    const id = entry.item !== undefined ? writtenAt2004(entry.exercise, entry.item, entry.seed)
      : entry.practice !== undefined ? practiceId(entry.exercise, entry.part, entry.practice)
        : interactionId(entry.exercise, entry.part, entry.seed);
    let n = interactions.byId.get(id);
    // The checked parts take at most half the room, so that written work (which no other
    // record in the LMS holds) always finds some.
    const own = n === undefined ? 0 : interactionCost(n);
    const total = EXIT_BUDGET - reserveFor(ids.length);
    const room = entry.item !== undefined ? total - interactionsCost() + own
      : Math.min(total - interactionsCost() + own, total / 2 - interactionsCost({ graded: true }) + own);
    // Its cost without the text, then as much of the text as fits.
    const bare = fieldCost('cmi.interactions.N99.learner_response', '') + 5 * fieldCost('cmi.interactions.N99.timestamp', at.toISOString());
    if (room < bare) {
      interactions.skipped += 1;
      return;
    }
    if (n === undefined) {
      n = interactions.count;
      interactions.count += 1;
      interactions.byId.set(id, n);
    }
    const responseChars = Math.floor((room - bare) / 3);
    adapter.interaction(cmi, n, { ...entry, at }, { responseChars });
    if (entry.item !== undefined) {
      if (lmsResponse(entry.text, MAX_TEXT).length <= responseChars) wholeInLms.add(id);
      else wholeInLms.delete(id);
    }
    commitSoon();
  }

  // The score, the status and the objectives from the progress of every exercise
  // ({exercises: [{exercise, parts, written, correct, total}]}).
  function report({ exercises }) {
    for (const item of exercises) current[item.exercise] = item.seed;
    let status = statusOf(scoreOf(exercises), progressOf(exercises, policy, finished), mastery);
    if (!finished && (status.completion === 'completed' || status.success === 'passed')) {
      finished = true; // completed stays completed
      status = statusOf(scoreOf(exercises), progressOf(exercises, policy, finished), mastery);
    }
    adapter.report(cmi, scoreOf(exercises), status, mastery);
    for (const item of exercises) {
      const touched = Object.values(item.parts).some((part) => part.attempts > 0 || part.verdict)
        || Object.values(item.written ?? {}).some((written) => written.text.trim() !== '');
      const key = scormId(item.exercise);
      if (!touched && !objectives.has(key)) continue; // an exercise not begun has nothing to say yet
      if (!objectives.has(key)) objectives.set(key, objectives.size);
      const own = statusOf(scoreOf([item]), progressOf([item], policy, false), null);
      adapter.objective(cmi, objectives.get(key), { exercise: item.exercise, score: scoreOf([item]), completion: own.completion });
    }
    commitSoon();
    return status;
  }

  return {
    cmi,
    start,
    saveState,
    record,
    report,
    get finished() { return finished; },
    // The learner says they have finished.
    finish(state) {
      finished = true;
      saveState(state);
    },
    // The page is left: the session time and one last save (the LMS's finish stores it).
    end() {
      if (ended) return;
      ended = true;
      adapter.end(cmi, Math.floor((Date.now() - started) / 1000));
      cmi.finish();
    },
    interactionsSkipped: () => interactions.skipped,
  };
}
