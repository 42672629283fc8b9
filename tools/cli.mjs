#!/usr/bin/env node
// The companion on the command line, on the same API as the pages; every command prints
// JSON.  node tools/cli.mjs list | show <id> [seed] | grade <id> <part> "<answer>" [seed]
import { loadCompanion } from '../web/companion.mjs';
import { parseSeed } from '../web/seed.mjs';

const usage = 'usage: node tools/cli.mjs list | show <id> [seed] | grade <id> <part> "<answer>" [seed]';

async function main(args) {
  const [command, ...rest] = args;
  // The seed argument is read (and a bad one refused) before the core is loaded.
  const seedAt = (index) => (rest.length > index ? parseSeed(rest[index]) : 0);
  if (command === 'list' && rest.length === 0) return (await loadCompanion()).exercises();
  if (command === 'show' && (rest.length === 1 || rest.length === 2)) {
    const seed = seedAt(1);
    return (await loadCompanion()).exercise(rest[0], { seed });
  }
  if (command === 'grade' && (rest.length === 3 || rest.length === 4)) {
    const seed = seedAt(3);
    return (await loadCompanion()).grade(rest[0], rest[1], rest[2], { seed });
  }
  throw new Error(usage);
}

try {
  console.log(JSON.stringify(await main(process.argv.slice(2)), null, 2));
} catch (error) {
  console.log(JSON.stringify({ error: error.message }, null, 2));
  process.exitCode = 1;
}
