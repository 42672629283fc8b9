// SCORM suspend data: the learner's raw answers, seeds and written work for one package,
// compact and versioned, within a size the SCO is given (SCORM 1.2's 4096 characters; a
// byte budget under SCORM 2004, whose saves an LMS may send at page exit, when a browser
// refuses large bodies: scorm-session.mjs's SUSPEND_LIMITS).
//
//   "2" + JSON [ {<exercise id>: {"h": version?, <seed>: {<part>: [text, attempts, verdict, cut?, version?], "": at?},
//                                 "w": {<item>: [notes, [ticked], revealed, cut?]}, "w<seed>": {…}?,
//                                 "p": {<part>: {<tag>: [practised, streak?, [seeds]?]}}?}},
//                {f: 1}? ]
// Exercises are keyed by their id and parts by their name, never by position, so a package
// re-uploaded with its exercises in another order finds every answer again. "w" holds the
// written work at seed 0: an explain item by its name, an open design task under ""; "w"
// followed by a seed (w4242) an explain item's at that variant, since the store keeps it per
// seed (its reference notes hold the variant's answers, and `revealed`, 1 where they were
// opened, is the record of that). A "w" written before then is read as seed 0's. The second
// item is there once the activity is completed (the learner said so, or it was).
// verdict: "c" correct, "i" incorrect, "v" invalid, "" none. cut: 1 when the text was
// shortened to fit the size (a part's answer is then left out whole, since a part of an
// answer is another answer; a written text keeps its beginning, never half a character).
// version: the exercise's version the answer was given against ('' or absent: not known);
// the version most of an exercise's answers share is written once, as its "h", and a part's
// own only where it differs (an exercise edited between two answers), so that the version
// costs a package's 4,096 characters a few dozen, not a dozen a part.
// Trailing fields at their defaults are left out (version 2's first cells had only four).
// "p" holds a part's practice of each named mistake on new variants (storage.mjs's
// `practice`): practised 1 or 0, the right answers in a row and the last PRACTICE_SEEDS of
// its variants (the last the one shown), so that a practice left unfinished goes on where it
// was; a practised one is [1] alone. The browser's copy keeps every variant.

// at (under the key "", which no part has): when a variant that is not the one shown now
// was last checked, whole seconds since 1970, so that the oldest goes first (below).
//
// The size rule, when everything does not fit, applied in this order until it fits:
//   1. the answers of variants the learner is not shown now go, a variant at a time, the one
//      checked longest ago first (a variant never checked, first of all);
//   2. texts are shortened, the longest first, each by what is still too much (a part's
//      answer is left out whole; its verdict and attempts stay);
//   3. the records of the variants shown now that are not correct, and the practices not yet
//      practised, go, the oldest first;
//   4. then the rest, the oldest first.
// Each step's size is reckoned once and kept up to date as records go, so the work is
// linear in the size of the state, however many variants it holds.
//
// Decoding keeps whatever can be read: leading white space is skipped, and text that was
// cut or damaged is read as far as it is whole (lenient-json.mjs); a cell that is not of
// this shape is dropped on its own and counted. Every map keyed by the data is a
// null-prototype object. Version "1" (exercises by their position in the package's list)
// is still read, by that list.

import { isSeedKey } from '../seed.mjs';
import { MAX_TEXT, cutText } from '../ui/text-limits.mjs';
import { readLenient } from './lenient-json.mjs';
import { practiceRecord } from '../ui/stored-state.mjs';

export const SUSPEND_VERSION = '2';
export const SUSPEND_LIMIT = 4096;
const CODES = new Map([['correct', 'c'], ['incorrect', 'i'], ['invalid', 'v']]);
const VERDICTS = new Map([['c', 'correct'], ['i', 'incorrect'], ['v', 'invalid'], ['', null]]);
const MAX_NAME = 200;
const MAX_VERSION = 64;
const WRITTEN = 'w';
const OPEN_TASK = '';
const TIME = ''; // (in a seed's holder: no part has an empty name)
const SHARED_VERSION = 'h'; // (in an exercise's holder: no seed is a letter)
const PRACTICE = 'p';
export const PRACTICE_SEEDS = 5;
const dict = () => Object.create(null);
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const has = (object, key) => Object.hasOwn(object ?? {}, key);
const utf16 = (text) => text.length;

const versionOf = (saved) => (typeof saved.version === 'string' && saved.version.length <= MAX_VERSION ? saved.version : '');

// The version most of an exercise's part records were given against ('' where none is known).
function sharedVersion(record) {
  const counts = new Map();
  for (const { parts } of Object.values(record.seeds ?? {})) {
    for (const saved of Object.values(parts ?? {})) {
      const version = versionOf(saved);
      if (version) counts.set(version, (counts.get(version) ?? 0) + 1);
    }
  }
  return [...counts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0]?.[0] ?? '';
}

// A part's record -> its cell, trailing defaults left out (its version where the exercise's
// shared one is not it).
function partCell(saved, shared = '') {
  const version = versionOf(saved);
  const cell = [saved.text, saved.attempts, CODES.get(saved.verdict) ?? '', 0, version === shared ? '' : version];
  while (cell.length > 3 && !cell.at(-1)) cell.pop();
  return cell;
}

// A practice record -> its cell, trailing defaults left out.
function practiceCell(saved) {
  const cell = saved.practised ? [1] : [0, saved.streak, saved.seeds.slice(-PRACTICE_SEEDS)];
  while (cell.length > 1 && (cell.at(-1) === 0 || cell.at(-1)?.length === 0)) cell.pop();
  return cell;
}

// When a record was last checked, in whole seconds since 1970 (0: not known).
const secondsOf = (saved) => {
  const seconds = saved.at ? Math.floor(Date.parse(saved.at) / 1000) : 0;
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : 0;
};

// The JSON of the state as a tree whose sizes are kept up to date as leaves are changed or
// removed: {key, parent, children (Map), size (of the node's own JSON), keySize (its key's
// JSON and the colon)}; a leaf holds {cell}. size(text) is the measure of the limit.
function tree(size) {
  const keySize = (key) => size(JSON.stringify(key)) + 1;
  const entry = (node) => node.keySize + node.size;
  const grow = (node, delta) => {
    for (let at = node; at; at = at.parent) at.size += delta;
  };
  const root = { key: null, parent: null, children: new Map(), size: 2, keySize: 0 };
  return {
    root,
    // A node (an object) under parent.
    object(parent, key) {
      const node = { key, parent, children: new Map(), size: 2, keySize: keySize(key) };
      grow(parent, entry(node) + (parent.children.size ? 1 : 0));
      parent.children.set(key, node);
      return node;
    },
    leaf(parent, key, cell) {
      const node = { key, parent, cell, size: size(JSON.stringify(cell)), keySize: keySize(key) };
      grow(parent, entry(node) + (parent.children.size ? 1 : 0));
      parent.children.set(key, node);
      return node;
    },
    // The leaf's cell changed: its size is reckoned again.
    changed(node) {
      const before = node.size;
      node.size = size(JSON.stringify(node.cell));
      if (node.parent) grow(node.parent, node.size - before);
    },
    // Removes a node; a holder left empty (not the root), or holding only what describes the
    // rest (a leaf marked `shared`, such as an exercise's version), goes with it.
    remove(node) {
      const { parent } = node;
      if (!parent || parent.children.get(node.key) !== node) return;
      parent.children.delete(node.key);
      grow(parent, -(entry(node) + (parent.children.size ? 1 : 0)));
      node.parent = null;
      if (!parent.parent) return;
      if (parent.children.size === 0) {
        parent.gone = true;
        this.remove(parent);
      } else if ([...parent.children.values()].every((child) => child.shared)) {
        this.remove(parent.children.values().next().value);
      }
    },
    toJSON(node = root) {
      if (node.cell) return node.cell;
      const out = {};
      for (const [key, child] of node.children) Object.defineProperty(out, key, { value: this.toJSON(child), enumerable: true });
      return out;
    },
  };
}

// The longest prefix of `text` (whole characters) whose JSON string costs at most `room` in
// size units more than the empty string's; one pass over the text.
function prefixWithin(text, room, size) {
  let used = 0;
  let end = 0;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    const width = code >= 0xd800 && code <= 0xdbff && end + 1 < text.length ? 2 : 1;
    const c = text.slice(end, end + width);
    const cost = code >= 0x20 && code < 0x7f && c !== '"' && c !== '\\' ? 1 : size(JSON.stringify(c)) - 2;
    if (used + cost > room) break;
    used += cost;
    end += width;
  }
  return text.slice(0, end);
}

// state: a storage state ({version: 2, exercises}); ids: the package's exercises (only
// these are written). options: limit (in units of `size`), size(text) (default: its
// length in UTF-16 code units), finished, current ({exercise id: the seed shown now}).
// -> {text, cut: [{exercise, seed, part} | {exercise, item, seed? (an explain item's), kept (characters)}] (texts of the
// variants shown now that were shortened), dropped: {variants (variants left out), records
// (records of the variants shown now left out)}}.
export function planSuspend(state, ids, { limit = SUSPEND_LIMIT, size = utf16, finished = false, current = {} } = {}) {
  const t = tree(size);
  const data = t.object(t.root, 'data');
  const leaves = []; // {node, exercise, seed, part | item, at, correct}
  const groups = []; // {node (a seed's holder), at} of variants not shown now
  for (const id of ids) {
    const record = has(state.exercises, id) ? state.exercises[id] : null;
    if (!record) continue;
    let exercise = null;
    const shared = sharedVersion(record);
    const open = () => {
      if (exercise) return exercise;
      exercise = t.object(data, id);
      if (shared) t.leaf(exercise, SHARED_VERSION, shared).shared = true;
      return exercise;
    };
    for (const [seed, { parts }] of Object.entries(record.seeds ?? {})) {
      const entries = Object.entries(parts ?? {});
      if (entries.length === 0) continue;
      open();
      const holder = t.object(exercise, seed);
      const hidden = has(current, id) && String(current[id]) !== seed;
      let latest = 0;
      for (const [part, saved] of entries) {
        const cell = partCell(saved, shared);
        const at = secondsOf(saved);
        latest = Math.max(latest, at);
        leaves.push({ node: t.leaf(holder, part, cell), exercise: id, seed, part, at, correct: cell[2] === 'c', shown: !hidden });
      }
      if (hidden) {
        if (latest) t.leaf(holder, TIME, latest);
        groups.push({ node: holder, at: latest, seed: Number(seed) });
      }
    }
    // The practice of each part's named mistakes.
    for (const [part, list] of Object.entries(record.practice ?? {})) {
      if (list.length === 0) continue;
      open();
      const holder = t.object(exercise.children.get(PRACTICE) ?? t.object(exercise, PRACTICE), part);
      for (const saved of list) {
        leaves.push({ node: t.leaf(holder, saved.tag, practiceCell(saved)), exercise: id, part, at: secondsOf(saved),
          correct: saved.practised, shown: false, practice: true });
      }
    }
    // The written work, seed 0's (with the open design task) under "w", a variant's under "w<seed>".
    const writtenBySeed = [['0', [...(record.open ? [[OPEN_TASK, record.open]] : []),
      ...Object.entries(record.seeds?.['0']?.explain ?? {})]]];
    for (const [seed, holder] of Object.entries(record.seeds ?? {})) {
      if (seed !== '0' && holder.explain) writtenBySeed.push([seed, Object.entries(holder.explain)]);
    }
    for (const [seed, written] of writtenBySeed) {
      if (written.length === 0) continue;
      open();
      const holder = t.object(exercise, seed === '0' ? WRITTEN : `${WRITTEN}${seed}`);
      for (const [item, saved] of written) {
        const cell = [saved.notes, [...saved.ticked], saved.revealed ? 1 : 0];
        leaves.push({ node: t.leaf(holder, item, cell), exercise: id, item, ...(item === OPEN_TASK ? {} : { seed }),
          at: Infinity, correct: false, shown: true });
      }
    }
  }
  const fixed = size(SUSPEND_VERSION) + 2 + (finished ? size(',{"f":1}') : 0); // "2", the outer [ ], the meta
  const total = () => fixed + t.root.children.get('data').size;
  const cut = [];
  const dropped = { variants: 0, records: 0 };
  // 1. Variants not shown now, checked longest ago first.
  groups.sort((x, y) => x.at - y.at || x.seed - y.seed);
  for (const group of groups) {
    if (total() <= limit) break;
    for (const child of group.node.children.values()) child.gone = true;
    t.remove(group.node);
    dropped.variants += 1;
  }
  // 2. Texts, the longest first, each shortened by what is still too much.
  const texts = leaves.filter((leaf) => !leaf.practice && !leaf.node.gone && leaf.node.cell[0] !== '')
    .sort((x, y) => y.node.cell[0].length - x.node.cell[0].length);
  for (const leaf of texts) {
    if (total() <= limit) break;
    const { cell } = leaf.node;
    cell[3] = 1; // (marked first: the mark takes room too)
    t.changed(leaf.node);
    const excess = total() - limit;
    const whole = size(JSON.stringify(cell[0])) - 2;
    const kept = leaf.item !== undefined && whole > excess ? prefixWithin(cell[0], whole - excess, size) : '';
    cell[0] = kept;
    t.changed(leaf.node);
    if (leaf.shown) cut.push(leaf.item !== undefined ? { exercise: leaf.exercise, item: leaf.item,
      ...(leaf.seed !== undefined ? { seed: leaf.seed } : {}), kept: kept.length }
      : { exercise: leaf.exercise, seed: leaf.seed, part: leaf.part });
  }
  // 3 and 4. Records that are not correct, then the rest, the oldest first.
  const byAge = leaves.filter((leaf) => !leaf.node.gone).sort((x, y) => x.at - y.at);
  for (const list of [byAge.filter((leaf) => !leaf.correct), byAge.filter((leaf) => leaf.correct)]) {
    for (const leaf of list) {
      if (total() <= limit) break;
      if (leaf.node.gone) continue;
      leaf.node.gone = true;
      t.remove(leaf.node);
      if (leaf.shown) dropped.records += 1;
    }
  }
  const text = SUSPEND_VERSION + JSON.stringify(finished ? [t.toJSON(t.root.children.get('data')), { f: 1 }]
    : [t.toJSON(t.root.children.get('data'))]);
  return { text, cut, dropped };
}

export const encodeSuspend = (state, ids, options) => planSuspend(state, ids, options).text;

const isName = (key) => key.length > 0 && key.length <= MAX_NAME && ![...key].some((c) => c.charCodeAt(0) < 0x20);
const isText = (value) => typeof value === 'string' && value.length <= MAX_TEXT;
const isFlag = (value) => value === undefined || value === 0 || value === 1;
const isCell = (cell) => Array.isArray(cell) && cell.length <= 5 && isText(cell[0])
  && Number.isSafeInteger(cell[1]) && cell[1] >= 0 && VERDICTS.has(cell[2]) && isFlag(cell[3])
  && (cell[4] === undefined || (typeof cell[4] === 'string' && cell[4].length <= MAX_VERSION));
const isSeconds = (value) => Number.isSafeInteger(value) && value > 0 && value < 1e11;
const isWritten = (cell) => Array.isArray(cell) && cell.length <= 4 && isText(cell[0]) && Array.isArray(cell[1])
  && cell[1].length <= 100 && cell[1].every((i) => Number.isSafeInteger(i) && i >= 0) && (cell[2] === 0 || cell[2] === 1)
  && isFlag(cell[3]);

// The seed of a holder of written work ("w": 0, "w4242": 4242), or null for another key.
const writtenSeed = (key) => (key === WRITTEN ? '0'
  : key.startsWith(WRITTEN) && isSeedKey(key.slice(WRITTEN.length)) ? key.slice(WRITTEN.length) : null);

// "p"'s cells -> [{part: [practice records]} (null-prototype), number dropped].
function readPracticeCells(cells) {
  const practice = dict();
  let dropped = 0;
  for (const [part, tags] of Object.entries(cells)) {
    if (!isName(part) || !isObject(tags)) {
      dropped += 1;
      continue;
    }
    const list = [];
    for (const [tag, cell] of Object.entries(tags)) {
      const saved = Array.isArray(cell) && cell.length <= 3 && (cell[0] === 0 || cell[0] === 1)
        ? practiceRecord({ tag, practised: cell[0] === 1, streak: cell[1] ?? 0, seeds: cell[2] ?? [] }) : null;
      if (saved) list.push(saved);
      else dropped += 1;
    }
    if (list.length) practice[part] = list;
  }
  return [practice, dropped];
}

// One exercise's cells -> {record, cut: [{seed, part} | {item, seed? (an explain item's)}], dropped}.
function readExercise(seeds) {
  const record = { seeds: dict() };
  const cut = [];
  let dropped = 0;
  const held = seeds[SHARED_VERSION];
  const shared = typeof held === 'string' && held.length <= MAX_VERSION ? held : '';
  for (const [key, cells] of Object.entries(seeds)) {
    if (key === SHARED_VERSION) continue;
    if (!isObject(cells)) {
      dropped += 1;
      continue;
    }
    if (key === PRACTICE) {
      const [practice, lost] = readPracticeCells(cells);
      dropped += lost;
      if (Object.keys(practice).length) record.practice = practice;
      continue;
    }
    const seedOfWritten = writtenSeed(key);
    if (seedOfWritten !== null) {
      for (const [item, cell] of Object.entries(cells)) {
        if ((item !== OPEN_TASK && !isName(item)) || (item === OPEN_TASK && seedOfWritten !== '0') || !isWritten(cell)) {
          dropped += 1;
          continue;
        }
        const saved = { ticked: [...cell[1]], notes: cutText(cell[0], MAX_TEXT), revealed: cell[2] === 1 };
        if (item === OPEN_TASK) record.open = saved;
        else ((record.seeds[seedOfWritten] ??= { parts: dict() }).explain ??= dict())[item] = saved;
        if (cell[3] === 1) cut.push(item === OPEN_TASK ? { item } : { item, seed: seedOfWritten });
      }
      continue;
    }
    if (!isSeedKey(key)) {
      dropped += 1;
      continue;
    }
    const saved = dict();
    const at = isSeconds(cells[TIME]) ? new Date(cells[TIME] * 1000).toISOString() : null;
    for (const [part, cell] of Object.entries(cells)) {
      if (part === TIME && isSeconds(cell)) continue;
      if (!isName(part) || !isCell(cell)) {
        dropped += 1;
        continue;
      }
      const entry = { text: cell[0], attempts: cell[1], verdict: VERDICTS.get(cell[2]) };
      if (at) entry.at = at;
      if (cell[4] || shared) entry.version = cell[4] || shared;
      saved[part] = entry;
      if (cell[3] === 1) cut.push({ seed: key, part });
    }
    (record.seeds[key] ??= { parts: dict() }).parts = saved;
  }
  return { record, cut, dropped };
}

// -> {state: a storage state ({version: 2, exercises}), dropped: the number of records
// that could not be read, damaged: true when the text was cut or damaged (what was whole
// before that point is kept), finished: whether the activity was completed, cut: {exercise
// id: [{seed, part} | {item, seed?}]} (texts shortened for size)}, or null when the text is not
// ours at all. ids: the package's exercises; an exercise not among them is left out.
export function decodeSuspend(text, ids) {
  const empty = { state: { version: 2, exercises: dict() }, dropped: 0, damaged: false, finished: false, cut: dict() };
  if (typeof text !== 'string') return empty;
  const body = text.replace(/^\s+/, '');
  if (body === '') return empty;
  const version = body[0];
  if (version !== SUSPEND_VERSION && version !== '1') return null;
  const { value, whole } = readLenient(body, 1);
  const [data, meta] = Array.isArray(value) ? value : [];
  if (!isObject(data)) return { ...empty, dropped: 1, damaged: true };
  const known = new Set(ids);
  const result = { ...empty, damaged: !whole, finished: isObject(meta) && meta.f === 1 };
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
