// The author's check cut into slices of seeds, and the slices' counts added up in seed order:
// in one thread (companion.check) or over workers (checkOverWorkers: the CLI's worker threads,
// tools/check-threads.mjs, and the preview page's Workers, author/check-worker.mjs). The slices
// and the order they are added in are the same either way, so the report is the same: adding
// is not associative (the reasons for a redraw are ranked and cut to 40 after each addition, so
// ties fall in the order they came), hence workers hand back each slice, and the sum is made
// here, slice after slice, never from sums that workers made of their own slices.

// The slices of seeds from .. from + count - 1, `slice` seeds each (the last one fewer) but
// the first, which has at most FIRST_SLICE: it runs alone, before the others are dealt (seed 0
// may refuse the whole file), so it is kept short. One empty slice when there are no seeds, so
// that the core still reads the file.
const FIRST_SLICE = 10;
export function checkRanges(from, count, slice) {
  const ranges = [];
  for (let done = 0; done < count || ranges.length === 0;) {
    const seeds = Math.min(ranges.length ? slice : Math.min(slice, FIRST_SLICE), count - done);
    ranges.push({ from: from + done, seeds });
    if (count === 0) break;
    done += seeds;
  }
  return ranges;
}

// Two slices of a check added up: counts summed, failures listed up to the core's limit.
export function addChecks(a, b) {
  const sumBy = (xs, ys, key, add) => xs.map((x) => {
    const y = ys.find((item) => item[key] === x[key]);
    return y ? add(x, y) : x;
  }).concat(ys.filter((y) => !xs.some((x) => x[key] === y[key])));
  const addMistake = (x, y) => ({ tag: x.tag, named: x.named + y.named, unread: x.unread + y.unread,
    collisions: x.collisions + y.collisions, accepted: x.accepted + y.accepted });
  return {
    ...a,
    seeds: a.seeds + b.seeds,
    draws: a.draws + b.draws,
    variants: a.variants + b.variants,
    redrawn: sumBy(a.redrawn, b.redrawn, 'reason', (x, y) => ({ reason: x.reason, count: x.count + y.count }))
      .sort((x, y) => y.count - x.count).slice(0, 40),
    failures: b.failures.reduce((all, f) => {
      const same = all.find((x) => x.check === f.check && x.part === f.part && x.message === f.message);
      if (same) return all.map((x) => (x === same ? { ...x, count: x.count + f.count, seeds: x.seeds.concat(f.seeds).slice(0, 10) } : x));
      return all.length < 40 ? all.concat([f]) : all;
    }, a.failures),
    failureCount: a.failureCount + b.failureCount,
    parts: sumBy(a.parts, b.parts, 'name', (x, y) => ({ name: x.name, shown: x.shown + y.shown,
      mistakes: sumBy(x.mistakes, y.mistakes, 'tag', addMistake) })),
    tests: a.tests.map((t, i) => ({ ...t, passed: t.passed + b.tests[i].passed, failed: t.failed + b.tests[i].failed })),
  };
}

// The slices' results as they come, in any order: each is added once every slice before it
// has been (slices that come early wait). -> {add(index, part) -> the report once it is
// known (the first refused slice, or the sum of them all), else null}.
export function checkSum(count) {
  const waiting = new Map();
  let next = 0;
  let total = null;
  return {
    add(index, part) {
      waiting.set(index, part);
      while (waiting.has(next)) {
        const ready = waiting.get(next);
        waiting.delete(next);
        next += 1;
        if (ready.refused) return ready;
        total = total ? addChecks(total, ready) : ready;
      }
      return next === count ? total : null;
    },
  };
}

// The check over workers, each with its own whole core. spawn() starts one and returns
// {post(message), listen(onMessage, onError), end()}; a worker answers
// {type: 'slice', doc, index, from, seeds} with {type: 'slice', index, part} (the core's JSON
// for those seeds, parsed) or {type: 'failed', message}. The first slice (seed `from` and the
// few after it) runs alone, so that a file the core refuses is answered at once and no other
// worker checks a seed of it; the other workers are started meanwhile (each loads its core),
// then take the other slices one at a time, the next to whichever is free. onProgress(done,
// count) after each slice. -> a promise of the report, the same as companion.check's.
export function checkOverWorkers({ doc, from = 0, seeds = 1000, slice = 50, workers = 1, spawn, onProgress = null }) {
  const ranges = checkRanges(from, seeds, slice);
  const count = ranges.reduce((n, r) => n + r.seeds, 0);
  const sum = checkSum(ranges.length);
  const started = [spawn()];
  let dealt = 1;
  let done = 0;
  return new Promise((resolve, reject) => {
    let over = false;
    const finish = (settle, value) => {
      if (over) return;
      over = true;
      for (const worker of started) worker.end();
      settle(value);
    };
    const give = (worker) => {
      if (dealt >= ranges.length) return;
      const index = dealt++;
      worker.post({ type: 'slice', doc, index, ...ranges[index] });
    };
    const listen = (worker) => worker.listen((data) => {
      if (over) return;
      if (data?.type === 'failed') return finish(reject, new Error(data.message));
      if (data?.type !== 'slice') return undefined;
      done += ranges[data.index].seeds;
      onProgress?.(done, count);
      const report = sum.add(data.index, data.part);
      if (report) return finish(resolve, report);
      if (data.index === 0) for (const other of started) give(other);
      else give(worker);
      return undefined;
    }, (error) => finish(reject, error));
    listen(started[0]);
    // (Started before the first slice is back, so that their cores load while it runs.)
    for (let i = 1; i < Math.min(workers, ranges.length); i++) {
      started.push(spawn());
      listen(started[i]);
    }
    started[0].post({ type: 'slice', doc, index: 0, ...ranges[0] });
  });
}

// One slice of the check, as a worker answers it (the message above), with its companion's
// whole core: the slice's own counts, not yet added to any other's.
export function checkSlice(companion, { doc, index, from, seeds }) {
  return { type: 'slice', index, part: companion.check(doc, { from, seeds, slice: Math.max(seeds, 1) }) };
}
