#!/usr/bin/env node
// Not a test: how long one save of the SCO's suspend data takes (suspend-data.mjs's
// encodeSuspend, what scorm-session.mjs runs at every check) as a learner opens more
// variants of an exercise, each with two checked parts, in SCORM 1.2's 4,096 characters and
// SCORM 2004's 12,288-byte budget; and how large the text is. --against FILE times another
// suspend-data.mjs the same way in the same rounds (an older one, extracted from git), so
// that the two are compared round by round. Times are the process's CPU time
// (process.cpuUsage()), the median of --rounds rounds, each a save of the whole state.
//   node tests/bench/suspend-bench.mjs [--variants 100,250,1000,3000] [--rounds 5] [--against FILE]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as current from '../../web/embed/suspend-data.mjs';
import { SUSPEND_LIMITS } from '../../web/embed/scorm-session.mjs';

const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const counts = (option('--variants') ?? '100,250,1000,3000').split(',').map(Number);
const rounds = Number(option('--rounds')) || 5;
const against = option('--against') ? await import(pathToFileURL(path.resolve(option('--against'))).href) : null;
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const ID = 'ch19.ex3';

function stateOf(variants) {
  const seeds = {};
  for (let seed = 1; seed <= variants; seed += 1) {
    const at = new Date(1.7e12 + seed * 60_000).toISOString();
    seeds[String(seed)] = { parts: { weights: { text: `[0.${seed}, 0.2, 0.3]`, verdict: 'incorrect', attempts: 2, at },
      weight_sum: { text: '1.00', verdict: 'correct', attempts: 1, at } } };
  }
  return { version: 2, exercises: { [ID]: { seeds } } };
}

const median = (list) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
const engines = [['this', (state, options) => current.encodeSuspend(state, [ID], { ...options, current: { [ID]: 1 } })]];
if (against) engines.push(['against', (state, options) => against.encodeSuspend(state, [ID], options)]);
console.log(`| variants | version | ${engines.map(([name]) => `${name}: ms a save | ${name}: size`).join(' | ')} |`);
console.log(`|---:|---|${engines.map(() => '---:|---:').join('|')}|`);
for (const variants of counts) {
  const state = stateOf(variants);
  for (const [version, { limit, size }] of Object.entries(SUSPEND_LIMITS)) {
    const times = engines.map(() => []);
    const sizes = engines.map(() => 0);
    for (let round = 0; round < rounds; round += 1) {
      engines.forEach(([, encode], index) => {
        const start = cpuNow();
        const text = encode(state, { limit, size });
        times[index].push(cpuNow() - start);
        sizes[index] = size(text);
      });
    }
    console.log(`| ${variants.toLocaleString('en')} | ${version} | ${engines.map((_, i) => `${median(times[i]).toFixed(1)} | ` +
      `${sizes[i].toLocaleString('en')}${sizes[i] > limit ? ' (over)' : ''}`).join(' | ')} |`);
  }
}
