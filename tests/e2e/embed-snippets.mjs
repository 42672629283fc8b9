// The snippets a teacher is told to paste, read from where they live (README.md's quick
// start and docs/teachers.md): the fenced block (html or sh) after "<!-- snippet: NAME -->".
// tests/js/exercise-ids.test.mjs checks that every such block is one a test runs.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SNIPPET_FILES = ['README.md', path.join('docs', 'teachers.md')];

export function snippet(name) {
  for (const file of SNIPPET_FILES) {
    const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
    const match = text.match(new RegExp(`<!-- snippet: ${name} -->\\n\`\`\`(?:html|sh)\\n([\\s\\S]*?)\\n\`\`\``));
    if (match) return match[1];
  }
  throw new Error(`no snippet '${name}' in ${SNIPPET_FILES.join(' or ')}`);
}
