// SCORM suspend data: the learner's raw answers and seeds for one package, compact and
// versioned, within SCORM 1.2's 4096 characters.
//
//   "1" + JSON [ {<exercise index>: {<seed>: {<part>: [text, attempts, verdict]}}}, {f: 1}? ]
// (the second item only once the learner has said they have finished).
// verdict: "c" correct, "i" incorrect, "v" invalid, "" none. Exercise indexes are
// positions in the package's exercise list (the manifest's order). When the text is too
// long, the longest answers lose their text first (their verdicts and attempts stay), then
// records that are not correct are dropped, then the rest. Decoding reads cell by cell:
// a cell that is not of this shape is dropped on its own and counted. Every map keyed by
// the data (indexes, seeds, part names) is a null-prototype object.

import { isSeedKey } from '../seed.mjs';

export const SUSPEND_VERSION = '1';
export const SUSPEND_LIMIT = 4096;
const CODES = new Map([['correct', 'c'], ['incorrect', 'i'], ['invalid', 'v']]);
const VERDICTS = new Map([['c', 'correct'], ['i', 'incorrect'], ['v', 'invalid'], ['', null]]);
const MAX_TEXT = 4000;
const dict = () => Object.create(null);
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

export function encodeSuspend(state, ids, { limit = SUSPEND_LIMIT, finished = false } = {}) {
  const data = dict();
  const cells = [];
  ids.forEach((id, index) => {
    const record = Object.hasOwn(state.exercises, id) ? state.exercises[id] : null;
    for (const [seed, { parts }] of Object.entries(record?.seeds ?? {})) {
      for (const [part, saved] of Object.entries(parts)) {
        const cell = [saved.text, saved.attempts, CODES.get(saved.verdict) ?? ''];
        const holder = ((data[index] ??= dict())[seed] ??= dict());
        holder[part] = cell;
        cells.push({ cell, holder, part });
      }
    }
  });
  const text = () => SUSPEND_VERSION + JSON.stringify(finished ? [data, { f: 1 }] : [data]);
  let out = text();
  // Over the limit: first the longest texts go (verdicts and attempts stay), then the
  // records that are not correct, then the rest.
  const shrink = (list, step) => {
    for (const item of list) {
      if (out.length <= limit) return;
      step(item);
      out = text();
    }
  };
  shrink([...cells].sort((x, y) => y.cell[0].length - x.cell[0].length), ({ cell }) => { cell[0] = ''; });
  shrink(cells.filter(({ cell }) => cell[2] !== 'c'), ({ holder, part }) => { delete holder[part]; });
  shrink(cells, ({ holder, part }) => { delete holder[part]; });
  return out;
}

const isCell = (cell) => Array.isArray(cell) && typeof cell[0] === 'string' && cell[0].length <= MAX_TEXT
  && Number.isSafeInteger(cell[1]) && cell[1] >= 0 && VERDICTS.has(cell[2]);

// -> {state: a storage state ({version: 2, exercises}), dropped: the number of records
// that could not be read, finished: whether the learner said they have finished}, or null
// when the text is not ours at all.
export function decodeSuspend(text, ids) {
  if (typeof text !== 'string' || text === '') return { state: { version: 2, exercises: dict() }, dropped: 0, finished: false };
  if (!text.startsWith(SUSPEND_VERSION)) return null;
  let data;
  let meta;
  try {
    [data, meta] = JSON.parse(text.slice(SUSPEND_VERSION.length));
  } catch {
    return null;
  }
  if (!isObject(data)) return null;
  const state = { version: 2, exercises: dict() };
  let dropped = 0;
  for (const [index, seeds] of Object.entries(data)) {
    const id = /^(0|[1-9][0-9]{0,5})$/.test(index) && Number(index) < ids.length ? ids[Number(index)] : null;
    if (!id || !isObject(seeds)) {
      dropped += 1;
      continue;
    }
    const record = { seeds: dict() };
    for (const [seed, parts] of Object.entries(seeds)) {
      if (!isSeedKey(seed) || !isObject(parts)) {
        dropped += 1;
        continue;
      }
      const saved = dict();
      for (const [part, cell] of Object.entries(parts)) {
        if (!isCell(cell)) {
          dropped += 1;
          continue;
        }
        saved[part] = { text: cell[0], attempts: cell[1], verdict: VERDICTS.get(cell[2]) };
      }
      record.seeds[seed] = { parts: saved };
    }
    state.exercises[id] = record;
  }
  return { state, dropped, finished: isObject(meta) && meta.f === 1 };
}
