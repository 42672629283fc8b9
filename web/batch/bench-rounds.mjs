// How the batch benchmarks measure (not a test): every engine is timed in the same rounds,
// one sample each per round, in an order that turns by one engine every round, and each
// sample repeats the engine's call until it has taken about the same CPU time. A figure is
// the median over the rounds with its interquartile range, and a ratio of two engines is
// taken round by round (the same minutes of the machine) before its median and spread are. On a shared
// machine, the CPU time a call takes changes little when other processes compete for the
// cores, where its wall time does; so the samples are sized, and the ratios taken, on CPU
// time. Nothing collects garbage on purpose: what an engine leaves is collected when V8
// decides, inside whichever samples follow, as it would be for a caller.
//
// Used by tests/bench/ort-bench.mjs (Node: the process's CPU time) and by the benchmark page,
// web/pages/bench-batch.mjs (the CPU time of the browser's renderer, read by its harness
// tests/bench/batch-bench.mjs from /proc; opened without it, wall time).
//
// A clock: {read() -> a reading (or a promise of one), between(before, after) -> {cpuMs,
// ...more}}. An engine: {name, sample(inner) -> promise of the totals of `inner` calls:
// {cpuMs, wallMs, ...more}}; calibrate() sets its `inner`, interleave() its `samples` (per call).

// -> sample(inner) for a call made here: `inner` calls one after another (awaited, for a call
// that returns a promise; a synchronous one is not, so that no microtask is timed with it),
// the clock read before and after, the wall time in between.
export function sampler(clock, call, { awaited = false } = {}) {
  return async (inner) => {
    const before = await clock.read();
    const started = performance.now();
    if (awaited) {
      for (let i = 0; i < inner; i += 1) await call();
    } else {
      for (let i = 0; i < inner; i += 1) call();
    }
    const wallMs = performance.now() - started;
    const after = await clock.read();
    return { ...clock.between(before, after), wallMs };
  };
}

// Sets engine.inner: how many calls make a sample of about `sampleMs` of CPU time, from
// samples of 1, 4, 16, ... calls (after one call, which may still be compiling) until one
// takes an eighth of that.
export async function calibrate(engine, { sampleMs = 20, maxInner = 200_000 } = {}) {
  await engine.sample(1);
  let inner = 1;
  let taken = await engine.sample(inner);
  while (!(taken.cpuMs >= sampleMs / 8) && inner < maxInner) {
    // A clock that does not see the engine work would grow the sample without end.
    if (taken.wallMs > 100 * sampleMs) throw new Error(`${engine.name}: ${inner} calls took ${taken.wallMs} ms but ${taken.cpuMs} ms of CPU time: the clock does not see its work`);
    inner = Math.min(maxInner, inner * 4);
    taken = await engine.sample(inner);
  }
  engine.inner = Math.max(1, Math.min(maxInner, Math.ceil((sampleMs * inner) / Math.max(taken.cpuMs, 1e-6))));
  return engine.inner;
}

// `warmup` rounds, then `rounds` recorded ones; round r starts with engine r (mod their
// count). engine.samples: one per recorded round, every figure per call.
export async function interleave(engines, { rounds, warmup = 0, onRound = () => {} }) {
  for (const engine of engines) engine.samples = [];
  for (let round = 0; round < warmup + rounds; round += 1) {
    onRound(round - warmup, rounds);
    for (let k = 0; k < engines.length; k += 1) {
      const engine = engines[(round + k) % engines.length];
      const taken = await engine.sample(engine.inner);
      if (round >= warmup) {
        engine.samples.push(Object.fromEntries(Object.entries(taken).map(([key, x]) => [key, x / engine.inner])));
      }
    }
  }
}

function quantile(sorted, q) {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (at - lo);
}

// -> {median, min, max, q1, q3, n} of the finite numbers among xs, or null where there are none.
export function spreadOf(xs) {
  const sorted = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return null;
  return { median: quantile(sorted, 0.5), min: sorted[0], max: sorted[sorted.length - 1],
    q1: quantile(sorted, 0.25), q3: quantile(sorted, 0.75), n: sorted.length };
}

// One engine's figure over its rounds (field of its samples; e.g. cpuMs, wallMs).
export const figure = (engine, field = 'cpuMs') => spreadOf(engine.samples.map((s) => s[field]));

// The ratio of two engines' figures, round by round -> its spread.
export function ratioOf(a, b, field = 'cpuMs', fieldB = field) {
  return spreadOf(a.samples.map((s, r) => s[field] / b.samples[r]?.[fieldB]));
}

// "12.3 (11.9–13.0)": the median and the interquartile range (the middle half of the
// rounds), each written by `write`. The whole range is in the spread (min, max) for --json.
export function withSpread(spread, write) {
  return spread ? `${write(spread.median)} (${write(spread.q1)}–${write(spread.q3)})` : '—';
}

// A time given in ms, to about 3 significant figures (in µs below 1 ms).
export function time(ms) {
  if (!Number.isFinite(ms)) return '—';
  const [x, unit] = ms < 1 ? [ms * 1000, 'µs'] : [ms, 'ms'];
  return `${x.toFixed(x >= 100 ? 0 : x >= 10 ? 1 : 2)} ${unit}`;
}
export const times = (x) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : '—');
