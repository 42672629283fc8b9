#!/usr/bin/env node
// The companion on the command line, on the same API as the pages; every command but check
// prints JSON.
//   node tools/cli.mjs list | show <id> [seed] | mistakes <id> [seed]
//   node tools/cli.mjs grade <id> <part> "<answer>" [seed] [--earlier <part>="<answer>"]... [--noted]
//   node tools/cli.mjs check <file.json> [--seeds N] [--from SEED] [--threads N] [--wasm] [--json]
// <id> may be an exercise file's path (a teacher's own, ending in .json) instead of an id.
// --earlier gives the learner's answer to another part of the exercise, so that a part
// computed from it is judged with follow-through; --noted is the teacher's policy under
// which follow-through is noted but not counted. check runs the author's check over seeds
// (1,000 by default; docs/authoring.md) and prints its report in words (JSON with --json); it
// exits with 1 when a check fails, or when the file takes the id of one of exercises/. Its
// seeds are shared among workers, one per core unless --threads says: native processes of the
// core's build, or with --wasm (or where that is not built) threads of the WebAssembly core the
// preview page runs (check-threads.mjs); the report is the same either way, for any number.
import { readFileSync } from 'node:fs';
import { loadCompanion } from '../web/companion.mjs';
import { parseSeed } from '../web/seed.mjs';
import { checkWords } from '../web/author/check-report.mjs';
import { readExerciseDocsInNode } from '../web/core-loading.mjs';
import { readExerciseText, shippedIdProblem } from '../web/ui/teacher-exercise.mjs';
import { checkInThreads } from './check-threads.mjs';

const usage = 'usage: node tools/cli.mjs list | show <id> [seed] | mistakes <id> [seed] | '
  + 'grade <id> <part> "<answer>" [seed] [--earlier <part>="<answer>"]... [--noted] | '
  + 'check <file.json> [--seeds N] [--from SEED] [--threads N] [--wasm] [--json]';

// An exercise file as a document, with a message that names the file where it cannot be read.
function readExerciseFile(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`The file ${path} could not be read: ${error.code === 'ENOENT' ? 'there is no such file' : error.message}.`,
      { cause: error });
  }
  // (Read as the pages read a teacher's file: bounded in size and nesting, then parsed.)
  const read = readExerciseText(text, `The file ${path}`);
  if (read.error) throw new Error(read.error);
  return read.doc;
}

// The companion and the id to ask it for: a path ending in .json loads that file alone.
async function companionFor(idOrFile, options = {}) {
  if (!idOrFile.endsWith('.json')) return { companion: await loadCompanion(options), id: idOrFile };
  const doc = readExerciseFile(idOrFile);
  return { companion: await loadCompanion({ ...options, exercises: [doc] }), id: doc.id };
}

function checkOptions(args) {
  const out = { seeds: 1000, from: 0, threads: undefined, json: false, wasm: false, file: null };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--json') out.json = true;
    else if (args[i] === '--wasm') out.wasm = true;
    else if (args[i] === '--seeds') out.seeds = Number(args[++i]);
    else if (args[i] === '--from') out.from = parseSeed(args[++i]);
    else if (args[i] === '--threads') out.threads = Number(args[++i]);
    else if (out.file === null) out.file = args[i];
    else throw new Error(usage);
  }
  if (out.file === null) throw new Error(usage);
  if (!Number.isInteger(out.seeds) || out.seeds < 1 || out.seeds > 1000000) {
    throw new Error('--seeds takes a whole number of seeds from 1 to 1000000.');
  }
  if (out.threads !== undefined && (!Number.isInteger(out.threads) || out.threads < 1 || out.threads > 256)) {
    throw new Error('--threads takes a whole number of threads from 1 to 256.');
  }
  return out;
}

async function check(args) {
  const { file, seeds, from, threads, json, wasm } = checkOptions(args);
  const doc = readExerciseFile(file);
  // A file may not take the id of one of the companion's own exercises (the core checks the rest).
  const shipped = shippedIdProblem(doc?.id, new Set((await readExerciseDocsInNode()).map((d) => d.id)));
  const report = shipped ? { refused: shipped } : await checkInThreads(doc, { seeds, from, threads, wasm });
  const words = checkWords(report);
  if (!words.ok) process.exitCode = 1;
  if (json) return { ok: words.ok, ...report };
  for (const line of words.lines) console.log(line);
  return undefined;
}

// The grade command's options, after its positional arguments.
function gradeOptions(args) {
  const positional = [];
  const earlier = {};
  let followThrough = 'counts';
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--noted') {
      followThrough = 'noted';
    } else if (args[i] === '--earlier') {
      const pair = args[++i] ?? '';
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`--earlier takes <part>=<answer>, not ${JSON.stringify(pair)}. ${usage}`);
      earlier[pair.slice(0, at)] = pair.slice(at + 1);
    } else {
      positional.push(args[i]);
    }
  }
  return { positional, earlier, followThrough };
}

async function main(args) {
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0) return (await loadCompanion()).exercises();
  if (command === 'show' && (rest.length === 1 || rest.length === 2)) {
    // The seed argument is read (and a bad one refused) before the core is loaded.
    const seed = rest.length > 1 ? parseSeed(rest[1]) : 0;
    const { companion, id } = await companionFor(rest[0]);
    // The description, with each part's worked solution as a learner who opens it reads it.
    const described = companion.exercise(id, { seed });
    const solutions = await companion.solutions(id, { seed });
    for (const part of described.parts ?? []) part.solution = solutions.get(String(part.name)) ?? [];
    return described;
  }
  if (command === 'mistakes' && (rest.length === 1 || rest.length === 2)) {
    const seed = rest.length > 1 ? parseSeed(rest[1]) : 0;
    const { companion, id } = await companionFor(rest[0]);
    return companion.mistakes(id, { seed });
  }
  if (command === 'grade') {
    const { positional, earlier, followThrough } = gradeOptions(rest);
    if (positional.length === 3 || positional.length === 4) {
      const seed = positional.length > 3 ? parseSeed(positional[3]) : 0;
      const [idOrFile, part, text] = positional;
      const { companion, id } = await companionFor(idOrFile);
      return companion.grade(id, part, text, { seed, earlier, followThrough });
    }
  }
  if (command === 'check') return check(rest);
  throw new Error(usage);
}

try {
  const result = await main(process.argv.slice(2));
  if (result !== undefined) console.log(JSON.stringify(result, null, 2));
} catch (error) {
  console.log(JSON.stringify({ error: error.message }, null, 2));
  process.exitCode = 1;
}
