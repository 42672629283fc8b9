// Runs tools/cli.mjs in a process of its own, as a learner or a script would, and returns
// the JSON it prints (on success and on a refusal alike). Shared by cli.test.mjs and
// cli-cases.test.mjs.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../tools/cli.mjs', import.meta.url));

export function runCli(...args) {
  try {
    return JSON.parse(execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8' }));
  } catch (error) {
    return JSON.parse(error.stdout);
  }
}
