#!/usr/bin/env node
// The companion on the command line, on the same API as the pages; every command prints
// JSON.
//   node tools/cli.mjs list | show <id> [seed] | mistakes <id> [seed]
//   node tools/cli.mjs grade <id> <part> "<answer>" [seed] [--earlier <part>="<answer>"]... [--noted]
// --earlier gives the learner's answer to another part of the exercise, so that a part
// computed from it is judged with follow-through; --noted is the teacher's policy under
// which follow-through is noted but not counted.
import { loadCompanion } from '../web/companion.mjs';
import { parseSeed } from '../web/seed.mjs';

const usage = 'usage: node tools/cli.mjs list | show <id> [seed] | mistakes <id> [seed] | '
  + 'grade <id> <part> "<answer>" [seed] [--earlier <part>="<answer>"]... [--noted]';

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
    return (await loadCompanion()).exercise(rest[0], { seed });
  }
  if (command === 'mistakes' && (rest.length === 1 || rest.length === 2)) {
    const seed = rest.length > 1 ? parseSeed(rest[1]) : 0;
    return (await loadCompanion()).mistakes(rest[0], { seed });
  }
  if (command === 'grade') {
    const { positional, earlier, followThrough } = gradeOptions(rest);
    if (positional.length === 3 || positional.length === 4) {
      const seed = positional.length > 3 ? parseSeed(positional[3]) : 0;
      const [id, part, text] = positional;
      return (await loadCompanion()).grade(id, part, text, { seed, earlier, followThrough });
    }
  }
  throw new Error(usage);
}

try {
  console.log(JSON.stringify(await main(process.argv.slice(2)), null, 2));
} catch (error) {
  console.log(JSON.stringify({ error: error.message }, null, 2));
  process.exitCode = 1;
}
