// Every relative link in README.md and docs/*.md leads somewhere: the file it names exists,
// and an anchor (#…) is a heading of the target, written as GitHub writes a heading's id.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const documents = ['README.md', ...fs.readdirSync(path.join(repoRoot, 'docs'))
  .filter((name) => name.endsWith('.md')).map((name) => path.join('docs', name))];

// The text outside fenced code blocks, with inline code taken out (a link there is code).
function prose(markdown) {
  return markdown.split(/^```.*$/m).filter((_, i) => i % 2 === 0).join('\n').replace(/`[^`\n]*`/g, '');
}

// A heading's id as GitHub makes it: its text lowercased, without code marks and
// punctuation (letters, digits, _, - and spaces stay), spaces as hyphens, and -1, -2, …
// after an id already taken.
export function headingIds(markdown) {
  const ids = new Set();
  const text = markdown.split(/^```.*$/m).filter((_, i) => i % 2 === 0).join('\n');
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading.toLowerCase().replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, '').replace(/ /g, '-');
    let id = base;
    for (let n = 1; ids.has(id); n += 1) id = `${base}-${n}`;
    ids.add(id);
  }
  return ids;
}

test('a heading id is the one GitHub writes', () => {
  const ids = headingIds('# Testing\n## What `npm test` runs\n## The postMessage protocol, version 1\n' +
    "## Moodle's settings\n## Fuzzing\n## Fuzzing\n```\n# not a heading\n```\n");
  assert.deepEqual([...ids], ['testing', 'what-npm-test-runs', 'the-postmessage-protocol-version-1',
    'moodles-settings', 'fuzzing', 'fuzzing-1']);
});

test('every relative link in README.md and docs/ names a file that exists, and a heading there', () => {
  let checked = 0;
  const broken = [];
  for (const document of documents) {
    const text = prose(fs.readFileSync(path.join(repoRoot, document), 'utf8'));
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: not in this tree
      checked += 1;
      const [file, anchor] = target.split('#');
      const resolved = file ? path.join(path.dirname(document), decodeURIComponent(file)) : document;
      if (!fs.existsSync(path.join(repoRoot, resolved))) {
        broken.push(`${document}: ${target} (no ${resolved})`);
      } else if (anchor !== undefined) {
        if (!resolved.endsWith('.md')) {
          broken.push(`${document}: ${target} (an anchor into a file that is not Markdown)`);
        } else if (!headingIds(fs.readFileSync(path.join(repoRoot, resolved), 'utf8')).has(anchor)) {
          broken.push(`${document}: ${target} (no heading #${anchor} in ${resolved})`);
        }
      }
    }
  }
  assert.deepEqual(broken, []);
  assert.ok(checked >= 20, `only ${checked} links found: is the link pattern still right?`);
});
