#!/usr/bin/env node
// Not a test: how long one graded answer takes in the WASM core under Node (parse, judge,
// the named-mistake search and the search for another part the answer fits), for every
// part of every exercise, with ordinary answers and with long ones near the stated limits
// (a 2,000-character sum of exponentials, 200-entry lists, deep brackets). Prints the
// median, p90, p95, p99 and worst, the five slowest cases, and each part's median over those
// answers (the largest of them, and how many parts' medians reach 1 ms). The core keeps the
// last graded exercise's requests (a learner checks one exercise's parts in turn), so the
// best of the repeats is the warm figure; a cold pass grades each part right after
// another exercise, so that nothing of its own is kept, and is reported apart. The core is
// the exercise core, which the pages grade with; --core whole measures the whole one. Every
// time is the process's CPU time (process.cpuUsage(), in µs), which other processes on a
// shared machine change far less than the wall time.
//   node tests/bench/grade-bench.mjs [--reps 3] [--core exercises|whole]
import { loadCompanion } from '../../web/companion.mjs';

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const reps = Number(option('--reps')) || 3;
const companion = await loadCompanion({ core: option('--core') ?? 'exercises' });
const long = (term, count) => Array(count).fill(term).join('+');
const ANSWERS = [
  '1', '0.5', '[1, 2, 3]', '[[1, 2], [3, 4]]', 'a', '[2/5, 2/5, 1/5]', '[0.09, 0.24, 0.67]', 'O(T^2 S D)', 'nan', '2',
  `[${Array(200).fill('0.123').join(', ')}]`, long('e^2/(e^2+e^0.5)', 130), long('1/3', 500),
  `${'('.repeat(30)}1${')'.repeat(30)}`, `[[${Array(50).fill('1/3').join(',')}],[${Array(50).fill('2/3').join(',')}]]`,
];
const parts = companion.exercises().flatMap(({ id }) => (companion.exercise(id).parts ?? []).map((p) => [id, p.name]));
for (const [id, part] of parts) companion.grade(id, part, '[1, 2]'); // warm-up
const times = [];
for (const [id, part] of parts) {
  for (const answer of ANSWERS) {
    let best = Infinity;
    for (let k = 0; k < reps; k += 1) {
      const start = cpuNow();
      companion.grade(id, part, answer);
      best = Math.min(best, cpuNow() - start);
    }
    times.push({ ms: best, id, part, answer: answer.length > 32 ? `${answer.slice(0, 29)}… (${answer.length} chars)` : answer });
  }
}
times.sort((x, y) => x.ms - y.ms);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].ms.toFixed(2);
console.log(`${times.length} grades (${parts.length} parts × ${ANSWERS.length} answers, best of ${reps}; CPU time):`);
console.log(`median ${at(0.5)} ms, p90 ${at(0.9)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, worst ${times.at(-1).ms.toFixed(2)} ms`);
for (const t of times.slice(-5).reverse()) console.log(`  ${t.ms.toFixed(2)} ms  ${t.id} ${t.part}  ${t.answer}`);
const byPart = new Map();
for (const t of times) byPart.set(`${t.id} ${t.part}`, [...(byPart.get(`${t.id} ${t.part}`) ?? []), t.ms]);
const medians = [...byPart].map(([name, list]) => [name, list.sort((x, y) => x - y)[Math.floor(list.length / 2)]])
  .sort((x, y) => y[1] - x[1]);
console.log(`per part (${medians.length} parts): largest median ${medians[0][1].toFixed(2)} ms (${medians[0][0]}), ` +
  `${medians.filter(([, ms]) => ms >= 1).length} parts with a median of 1 ms or more`);

// Cold: every part's first grade, right after a grade of another exercise.
const cold = [];
for (const [n, [id, part]] of parts.entries()) {
  const [otherId, otherPart] = parts.find(([other]) => other !== id) ?? parts[(n + 1) % parts.length];
  for (const answer of ANSWERS.slice(0, 10)) {
    companion.grade(otherId, otherPart, '1');
    const start = cpuNow();
    companion.grade(id, part, answer);
    cold.push({ ms: cpuNow() - start, id, part });
  }
}
cold.sort((x, y) => x.ms - y.ms);
const coldAt = (q) => cold[Math.min(cold.length - 1, Math.floor(q * cold.length))].ms.toFixed(2);
const coldParts = new Map();
for (const t of cold) coldParts.set(`${t.id} ${t.part}`, [...(coldParts.get(`${t.id} ${t.part}`) ?? []), t.ms]);
const coldMedians = [...coldParts].map(([name, list]) => [name, list.sort((x, y) => x - y)[Math.floor(list.length / 2)]])
  .sort((x, y) => y[1] - x[1]);
console.log(`cold (each grade right after another exercise's, ordinary answers): median ${coldAt(0.5)} ms, ` +
  `p90 ${coldAt(0.9)} ms, p95 ${coldAt(0.95)} ms, worst ${cold.at(-1).ms.toFixed(2)} ms; largest part median ${coldMedians[0][1].toFixed(2)} ms ` +
  `(${coldMedians[0][0]}), ${coldMedians.filter(([, ms]) => ms >= 1).length} parts with a cold median of 1 ms or more`);
