// SCORM suspend data: the learner's raw answers and seeds for one package, compact and
// versioned, within SCORM 1.2's 4096 characters.
//
//   "1" + JSON [ {<exercise index>: {<seed>: {<part>: [text, attempts, verdict]}}} ]
// verdict: "c" correct, "i" incorrect, "v" invalid, "" none. Exercise indexes are
// positions in the package's exercise list (the manifest's order). When the text is too
// long, the longest answers lose their text first (their verdicts and attempts stay), then
// records that are not correct are dropped, then the rest.

export const SUSPEND_VERSION = '1';
export const SUSPEND_LIMIT = 4096;
const CODES = { correct: 'c', incorrect: 'i', invalid: 'v' };
const VERDICTS = { c: 'correct', i: 'incorrect', v: 'invalid', '': null };

export function encodeSuspend(state, ids, limit = SUSPEND_LIMIT) {
  const data = {};
  const cells = [];
  ids.forEach((id, index) => {
    const seeds = state.exercises[id]?.seeds ?? {};
    for (const [seed, { parts }] of Object.entries(seeds)) {
      for (const [part, record] of Object.entries(parts)) {
        const cell = [record.text, record.attempts, CODES[record.verdict] ?? ''];
        const holder = ((data[index] ??= {})[seed] ??= {});
        holder[part] = cell;
        cells.push({ cell, holder, part });
      }
    }
  });
  const text = () => SUSPEND_VERSION + JSON.stringify([data]);
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

// -> a storage state ({version: 2, exercises}) or null when the text is not ours.
export function decodeSuspend(text, ids) {
  if (typeof text !== 'string' || text === '') return { version: 2, exercises: {} };
  if (!text.startsWith(SUSPEND_VERSION)) return null;
  let data;
  try {
    [data] = JSON.parse(text.slice(SUSPEND_VERSION.length));
  } catch {
    return null;
  }
  const state = { version: 2, exercises: {} };
  if (!data || typeof data !== 'object') return null;
  for (const [index, seeds] of Object.entries(data)) {
    const id = ids[Number(index)];
    if (!id || !seeds || typeof seeds !== 'object') continue;
    const record = { seeds: {} };
    for (const [seed, parts] of Object.entries(seeds)) {
      if (!/^(0|[1-9][0-9]{0,9})$/.test(seed) || !parts || typeof parts !== 'object') continue;
      const saved = {};
      for (const [part, cell] of Object.entries(parts)) {
        if (!Array.isArray(cell) || typeof cell[0] !== 'string' || !Number.isSafeInteger(cell[1]) || cell[1] < 0
          || !(cell[2] in VERDICTS)) continue;
        saved[part] = { text: cell[0], attempts: cell[1], verdict: VERDICTS[cell[2]] };
      }
      record.seeds[seed] = { parts: saved };
    }
    state.exercises[id] = record;
  }
  return state;
}
