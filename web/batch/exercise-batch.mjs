// The Chapter 19 batch exercises as batches for the batch runner. Plumbing only: no
// attention arithmetic happens here. An exercise's given score rows become the queries
// of a batch whose keys and values are one-hot (the S×S identity, Dk = Dv = S, scale 1),
// so every score q·k_s is the given score s and the context that comes back IS the
// masked weight row; the softmax and the masking happen in the core or in the WGSL
// kernels. Lengths, window and causal come from the exercise's inputs (its window
// "[3, 7]" is 1-based [start, end), the runner's is 0-based: [2, 6)). The cost exercise
// runs the seeded workload at its shape.

import { messageOf } from '../error-message.mjs';

export const BATCH_EXERCISE_IDS = ['ch19.ex9', 'ch19.ex10', 'ch19.ex11', 'ch19.ex14', 'ch19.ex15', 'ch19.ex16', 'ch19.ex21'];

// The seed of the cost exercise's random queries, keys and values (the batch lab's default).
export const WORKLOAD_SEED = 19;

// Rows with more cells than this are summarised and drawn, not tabulated.
const TABLE_LIMIT = 64;

// Above this many weights (4× the chapter's workload; some cost variants reach 16.8
// million) the GPU skips the three-pass kernel that materialises them.
const LARGE_WEIGHTS = 1 << 22;

export function hasBatchPanel(exercise) {
  return BATCH_EXERCISE_IDS.includes(exercise?.id);
}

function parsed(value, name) {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new Error(`the input ${name} (${value}) is not a list of numbers`);
  }
}

function wholeNumber(value, name) {
  const n = Number(parsed(value, name));
  if (!Number.isInteger(n) || n < 1) throw new Error(`the input ${name} must be a positive whole number`);
  return n;
}

// `copies` S×S identity matrices one after the other: keys [copies, S, S] (Dk = S).
export function oneHotKeys(copies, S) {
  const out = new Float32Array(copies * S * S);
  for (let c = 0; c < copies; c += 1) {
    for (let s = 0; s < S; s += 1) out[c * S * S + s * S + s] = 1;
  }
  return out;
}

function scoreRows(inputs) {
  const raw = parsed(inputs.scores, 'scores');
  if (raw === undefined) return null;
  if (!Array.isArray(raw)) throw new Error('the scores are not a list');
  const rows = raw.every((x) => typeof x === 'number') ? [raw] : raw;
  if (!rows.every((r) => Array.isArray(r) && r.every((x) => typeof x === 'number' && Number.isFinite(x)))) {
    throw new Error('the scores are not rows of numbers');
  }
  return rows;
}

// A 1-based [start, end) window as the runner's 0-based [start, end).
export function zeroBasedWindow(text) {
  const w = parsed(text, 'window');
  if (w === undefined) return null;
  if (!Array.isArray(w) || w.length !== 2 || !w.every(Number.isInteger) || w[0] < 1 || w[1] < w[0]) {
    throw new Error(`the window ${text} is not [start, end) with 1 ≤ start ≤ end`);
  }
  return [w[0] - 1, w[1] - 1];
}

// One batch from score rows. rowsAreItems: each row is its own batch item (T = 1; the
// exercise has source lengths); otherwise the rows are the T targets of one item.
function scoreCase({ key, title, note, rows, S, lengths, window, causal, rowsAreItems }) {
  const R = rows.length;
  const B = rowsAreItems ? R : 1;
  const T = rowsAreItems ? 1 : R;
  const query = Float32Array.from(rows.flat());
  const keys = oneHotKeys(B, S);
  const options = { B, H: 1, T, S, Dk: S, Dv: S, temperature: 1, scaled: false, returnWeights: true,
    ...(lengths ? { lengths } : {}), ...(window ? { window } : {}), ...(causal ? { causal: true } : {}) };
  return {
    key, title, note, options,
    inputs: { query, keys, values: keys },
    rowLabels: rows.map((_, r) => (rowsAreItems
      ? `item ${r + 1}${lengths ? ` (length ${lengths[r]})` : ''}`
      : `target ${r + 1}`)),
    table: S <= TABLE_LIMIT,
    showEntropy: false,
    lab: { B, H: 1, T, S, D: S, lengths: lengths ?? null, window: window ?? null, causal: Boolean(causal) },
  };
}

// {cases: [...]} for a batch exercise, {error} when its inputs cannot be read, null when
// the exercise has no batch panel. Each case: {key, title, note, options (the runner's),
// inputs ({query, keys, values} or null: seeded), kernels (the GPU kernels to run, or
// undefined for both), rowLabels, table, showEntropy, lab}.
export function batchCasesFor(exercise) {
  if (!hasBatchPanel(exercise)) return null;
  try {
    return { cases: casesOf(exercise) };
  } catch (error) {
    return { error: messageOf(error) };
  }
}

function casesOf(exercise) {
  const inputs = exercise.inputs ?? {};
  if (exercise.model === 'ch19.cost') {
    const [B, H, T, S] = ['B', 'H', 'T', 'S'].map((name) => wholeNumber(inputs[name], name));
    const Dk = inputs.D_k !== undefined ? wholeNumber(inputs.D_k, 'D_k') : 64;
    const Dv = inputs.D_v !== undefined ? wholeNumber(inputs.D_v, 'D_v') : Dk;
    const elements = B * H * T * S;
    const big = elements > LARGE_WEIGHTS;
    return [{
      key: 'workload',
      title: `The seeded workload at the exercise's shape: B=${B}, H=${H}, T=${T}, S=${S}, Dk=${Dk}, Dv=${Dv}`,
      note: `Queries, keys and values are filled from seed ${WORKLOAD_SEED}; scores are divided by √Dk. ` +
        'The weights come back materialised, so their length is the size of the score tensor.' +
        (big ? ' This shape is large: the GPU runs only the fused kernel (contexts), and the weights shown come from the WASM core.' : ''),
      kernels: big ? ['fused'] : undefined,
      options: { B, H, T, S, Dk, Dv, temperature: 1, scaled: true, seed: WORKLOAD_SEED, returnWeights: true },
      inputs: null,
      rowLabels: null,
      table: false,
      showEntropy: false,
      lab: { B, H, T, S, D: Dk === Dv ? Dk : Math.max(Dk, Dv), lengths: null, window: null, causal: false, scaled: true, seed: WORKLOAD_SEED },
    }];
  }

  const lengths = parsed(inputs.lengths, 'lengths');
  if (lengths !== undefined && !(Array.isArray(lengths) && lengths.every((n) => Number.isInteger(n) && n >= 0))) {
    throw new Error('the source lengths are not whole numbers');
  }
  let rows = scoreRows(inputs);
  const S = inputs.S !== undefined ? wholeNumber(inputs.S, 'S') : rows?.[0]?.length;
  if (!S) throw new Error('the exercise gives neither S nor scores');
  let note = 'Keys and values are one-hot (the identity), so each score is the given score and the context is the weight row itself.';
  if (!rows) {
    if (!lengths) throw new Error('the exercise gives neither scores nor source lengths');
    // No scores given: every score is 0, so each row spreads its weight evenly over the
    // positions its mask allows, and the pattern of non-zero weights is the mask.
    rows = lengths.map(() => new Array(S).fill(0));
    note = 'The exercise gives no scores, so every score is 0: each row spreads its weight evenly over the positions its mask ' +
      'allows, and the non-zero weights draw the mask. ' + note;
  }
  if (!rows.every((r) => r.length === S)) throw new Error(`every score row needs S = ${S} entries`);
  if (lengths && lengths.length !== rows.length) {
    throw new Error(`there are ${lengths.length} source lengths for ${rows.length} score rows`);
  }
  const rowsAreItems = Boolean(lengths);
  const causal = parsed(inputs.causal, 'causal') === true;
  const window = zeroBasedWindow(inputs.window);
  if (window) {
    // The window exercise compares the global read with the windowed one: two batches.
    const [start, end] = parsed(inputs.window, 'window');
    return [
      scoreCase({ key: 'global', title: `Global: all ${S} positions eligible`, note, rows, S, lengths, causal, rowsAreItems }),
      scoreCase({ key: 'window', title: `Local window [${start}, ${end}) in the exercise's 1-based positions, ` +
        `sent to the runner as the 0-based [${window[0]}, ${window[1]})`, note, rows, S, lengths, window, causal, rowsAreItems }),
    ];
  }
  const shape = rowsAreItems
    ? `${rows.length} batch items, one query each (B=${rows.length}, T=1), S=${S}`
    : `one batch item with ${rows.length} target rows (B=1, T=${rows.length}), S=${S}`;
  const only = scoreCase({ key: 'rows', title: `The exercise's rows as a batch: ${shape}`, note, rows, S, lengths, causal, rowsAreItems });
  only.showEntropy = exercise.id === 'ch19.ex21';
  return [only];
}

// The batch lab's URL for a case: its shape and mask (the lab fills Q, K, V from a seed).
export function labHref(batchCase, base = 'lab-batch.html') {
  const { lab } = batchCase;
  const params = new URLSearchParams();
  for (const key of ['B', 'H', 'T', 'S', 'D']) params.set(key, String(lab[key]));
  if (lab.lengths) params.set('lengths', lab.lengths.join(','));
  if (lab.window) params.set('window', lab.window.join(','));
  if (lab.causal) params.set('causal', '1');
  if (lab.scaled) params.set('scaled', '1');
  if (lab.seed !== undefined) params.set('seed', String(lab.seed));
  return `${base}?${params}`;
}
