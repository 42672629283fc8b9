// SCORM suspend data: the learner's raw answers, seeds and written work for one package,
// compact and versioned, within a size the SCO is given (SCORM 1.2's 4096 characters; a
// byte budget under SCORM 2004, whose saves an LMS may send at page exit, when a browser
// refuses large bodies: scorm-api.mjs's SUSPEND_LIMITS).
//
//   "2" + JSON [ {<exercise id>: {<seed>: {<part>: [text, attempts, verdict, cut?]},
//                                 "w": {<item>: [notes, [ticked], revealed, cut?]}}},
//                {f: 1}? ]
// Exercises are keyed by their id and parts by their name, never by position, so a package
// re-uploaded with its exercises in another order finds every answer again. "w" holds the
// written work: an explain item by its name, an open design task under "". The second
// item is there once the activity is completed (the learner said so, or it was).
// verdict: "c" correct, "i" incorrect, "v" invalid, "" none. cut: 1 when the text was left
// out to fit the size (the SCO then takes it from its copy in the browser, if any).
// When the text is too long, the longest texts go first (verdicts, attempts and ticks
// stay), then records that are not correct are dropped, then the rest. Decoding reads cell
// by cell: a cell that is not of this shape is dropped on its own and counted. Every map
// keyed by the data is a null-prototype object. Version "1" (exercises by their position
// in the package's list) is still read, by that list.

import { isSeedKey } from '../seed.mjs';

export const SUSPEND_VERSION = '2';
export const SUSPEND_LIMIT = 4096;
const CODES = new Map([['correct', 'c'], ['incorrect', 'i'], ['invalid', 'v']]);
const VERDICTS = new Map([['c', 'correct'], ['i', 'incorrect'], ['v', 'invalid'], ['', null]]);
const MAX_TEXT = 4000;
const MAX_NAME = 200;
const WRITTEN = 'w';
const OPEN_TASK = '';
const dict = () => Object.create(null);
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const has = (object, key) => Object.hasOwn(object ?? {}, key);

// state: a storage state ({version: 2, exercises}); ids: the package's exercises (only
// these are written). options: limit (in units of `size`), size(text) (default: its
// length in UTF-16 code units), finished.
export function encodeSuspend(state, ids, { limit = SUSPEND_LIMIT, size = (text) => text.length, finished = false } = {}) {
  const data = dict();
  const cells = [];
  for (const id of ids) {
    const record = has(state.exercises, id) ? state.exercises[id] : null;
    if (!record) continue;
    for (const [seed, { parts }] of Object.entries(record.seeds ?? {})) {
      for (const [part, saved] of Object.entries(parts)) {
        const cell = [saved.text, saved.attempts, CODES.get(saved.verdict) ?? ''];
        const holder = ((data[id] ??= dict())[seed] ??= dict());
        holder[part] = cell;
        cells.push({ cell, holder, key: part, correct: cell[2] === 'c' });
      }
    }
    const written = [...(record.open ? [[OPEN_TASK, record.open]] : []), ...Object.entries(record.explain ?? {})];
    for (const [item, saved] of written) {
      const cell = [saved.notes, [...saved.ticked], saved.revealed ? 1 : 0];
      const holder = ((data[id] ??= dict())[WRITTEN] ??= dict());
      holder[item] = cell;
      cells.push({ cell, holder, key: item, correct: false });
    }
  }
  const text = () => SUSPEND_VERSION + JSON.stringify(finished ? [data, { f: 1 }] : [data]);
  let out = text();
  // Over the limit: first the longest texts go (the rest of the record stays, marked cut),
  // then the records that are not correct, then the rest.
  const shrink = (list, step) => {
    for (const item of list) {
      if (size(out) <= limit) return;
      step(item);
      out = text();
    }
  };
  const withText = cells.filter(({ cell }) => cell[0] !== '').sort((x, y) => y.cell[0].length - x.cell[0].length);
  shrink(withText, ({ cell }) => { cell[0] = ''; cell[3] = 1; });
  shrink(cells.filter(({ correct }) => !correct), ({ holder, key }) => { delete holder[key]; });
  shrink(cells, ({ holder, key }) => { delete holder[key]; });
  return out;
}

const isName = (key) => key.length > 0 && key.length <= MAX_NAME && ![...key].some((c) => c.charCodeAt(0) < 0x20);
const isText = (value) => typeof value === 'string' && value.length <= MAX_TEXT;
const isCut = (value) => value === undefined || value === 1;
const isCell = (cell) => Array.isArray(cell) && cell.length <= 4 && isText(cell[0])
  && Number.isSafeInteger(cell[1]) && cell[1] >= 0 && VERDICTS.has(cell[2]) && isCut(cell[3]);
const isWritten = (cell) => Array.isArray(cell) && cell.length <= 4 && isText(cell[0]) && Array.isArray(cell[1])
  && cell[1].length <= 100 && cell[1].every((i) => Number.isSafeInteger(i) && i >= 0) && (cell[2] === 0 || cell[2] === 1)
  && isCut(cell[3]);

// One exercise's cells -> {record, cut: [{seed, part} | {item}], dropped}.
function readExercise(seeds) {
  const record = { seeds: dict() };
  const cut = [];
  let dropped = 0;
  for (const [key, cells] of Object.entries(seeds)) {
    if (!isObject(cells)) {
      dropped += 1;
      continue;
    }
    if (key === WRITTEN) {
      for (const [item, cell] of Object.entries(cells)) {
        if ((item !== OPEN_TASK && !isName(item)) || !isWritten(cell)) {
          dropped += 1;
          continue;
        }
        const saved = { ticked: [...cell[1]], notes: cell[0], revealed: cell[2] === 1 };
        if (item === OPEN_TASK) record.open = saved;
        else (record.explain ??= dict())[item] = saved;
        if (cell[3] === 1) cut.push({ item });
      }
      continue;
    }
    if (!isSeedKey(key)) {
      dropped += 1;
      continue;
    }
    const saved = dict();
    for (const [part, cell] of Object.entries(cells)) {
      if (!isName(part) || !isCell(cell)) {
        dropped += 1;
        continue;
      }
      saved[part] = { text: cell[0], attempts: cell[1], verdict: VERDICTS.get(cell[2]) };
      if (cell[3] === 1) cut.push({ seed: key, part });
    }
    record.seeds[key] = { parts: saved };
  }
  return { record, cut, dropped };
}

// -> {state: a storage state ({version: 2, exercises}), dropped: the number of records
// that could not be read, finished: whether the activity was completed, cut: {exercise id:
// [{seed, part} | {item}]} (texts left out for size)}, or null when the text is not ours
// at all. ids: the package's exercises; an exercise not among them is left out.
export function decodeSuspend(text, ids) {
  const empty = { state: { version: 2, exercises: dict() }, dropped: 0, finished: false, cut: dict() };
  if (typeof text !== 'string' || text === '') return empty;
  const version = text[0];
  if (version !== SUSPEND_VERSION && version !== '1') return null;
  let data;
  let meta;
  try {
    [data, meta] = JSON.parse(text.slice(1));
  } catch {
    return null;
  }
  if (!isObject(data)) return null;
  const known = new Set(ids);
  const result = { ...empty, finished: isObject(meta) && meta.f === 1 };
  for (const [key, seeds] of Object.entries(data)) {
    // Version 1 named an exercise by its position in the package's list.
    const id = version === '1'
      ? (/^(0|[1-9][0-9]{0,5})$/.test(key) && Number(key) < ids.length ? ids[Number(key)] : null)
      : (known.has(key) ? key : null);
    // (An exercise no longer in the package, after the teacher changed it, is left out.)
    if (version !== '1' && !known.has(key) && isObject(seeds)) continue;
    if (!id || !isObject(seeds)) {
      result.dropped += 1;
      continue;
    }
    const { record, cut, dropped } = readExercise(seeds);
    result.dropped += dropped;
    result.state.exercises[id] = record;
    if (cut.length) result.cut[id] = cut;
  }
  return result;
}
