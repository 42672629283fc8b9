#!/usr/bin/env node
// The companion on the command line, on the same API as the pages; every command prints
// JSON.  node web/cli.mjs list | show <id> [seed] | grade <id> <part> "<answer>" [seed]
import { loadCompanion } from './companion.mjs';

const usage = 'usage: node web/cli.mjs list | show <id> [seed] | grade <id> <part> "<answer>" [seed]';

async function main(args) {
  const companion = await loadCompanion();
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0) return companion.exercises();
  if (command === 'show' && (rest.length === 1 || rest.length === 2)) {
    return companion.exercise(rest[0], { seed: rest[1] ?? 0 });
  }
  if (command === 'grade' && (rest.length === 3 || rest.length === 4)) {
    return companion.grade(rest[0], rest[1], rest[2], { seed: rest[3] ?? 0 });
  }
  throw new Error(usage);
}

try {
  console.log(JSON.stringify(await main(process.argv.slice(2)), null, 2));
} catch (error) {
  console.log(JSON.stringify({ error: error.message }, null, 2));
  process.exitCode = 1;
}
