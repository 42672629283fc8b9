// Long reading work (a large report file, read record by record) written once, as a
// generator that yields after each small step and returns its result, and run two ways: at
// once (runAtOnce: Node, tests), or in slices (runInSlices: the page, which awaits its pacer
// every `every` steps, so that no slice holds the page for long and a progress bar can move).

export function runAtOnce(steps) {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

// pause: dom.mjs's pacer (it yields to the page once its time budget is spent).
export async function runInSlices(steps, pause, every = 64) {
  for (let n = 1; ; n += 1) {
    const next = steps.next();
    if (next.done) return next.value;
    if (n % every === 0) await pause();
  }
}
