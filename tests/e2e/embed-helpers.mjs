// Helpers for the embed tests: the README's teacher snippets (run as written, with the
// two placeholder addresses replaced), host pages served from a temporary folder on a
// second (and third) localhost port, and the build's dist/ and scorm/ folders.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, siteDir, startServer } from './harness.mjs';

export const buildDir = path.dirname(siteDir);
export const distDir = path.join(buildDir, 'dist');
export const scormDir = path.join(buildDir, 'scorm');
export const COMPANION = 'https://companion.example';
export const COURSE = 'https://course.example';

// The fenced block after "<!-- snippet: NAME -->" in README.md.
export function snippet(name) {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const match = readme.match(new RegExp(`<!-- snippet: ${name} -->\\n\`\`\`html\\n([\\s\\S]*?)\\n\`\`\``));
  if (!match) throw new Error(`README.md has no snippet '${name}'`);
  return match[1];
}

// Snippet text with the placeholder origins replaced ("http://127.0.0.1:PORT/" -> origin).
export function localise(text, { companion, course }) {
  return text.replaceAll(`${COMPANION}/`, companion).replaceAll(COMPANION, companion.replace(/\/$/, ''))
    .replaceAll(COURSE, course.replace(/\/$/, ''));
}

export function hostPage(body, head = '') {
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>A course page</title>\n<link rel="icon" href="data:,">\n${head}\n</head>\n` +
    `<body>\n<h1>A course page on another origin</h1>\n${body}\n</body>\n</html>\n`;
}

// Serves a temporary folder (on a new localhost port); write(name, text) adds files.
export async function startHost() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-host-'));
  fs.writeFileSync(path.join(dir, 'index.html'), hostPage(''));
  const server = await startServer(['--dir', dir]);
  return {
    ...server,
    origin: server.url.replace(/\/$/, ''),
    dir,
    write: (name, text) => fs.writeFileSync(path.join(dir, name), text),
    stop: async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
