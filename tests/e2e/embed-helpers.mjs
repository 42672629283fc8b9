// Helpers for the embed tests: the teachers' snippets of README.md and docs/teachers.md
// (run as written, with the two placeholder addresses replaced), host pages served from a
// temporary folder on a second (and third) localhost port, and the build's dist/ and
// scorm/ folders.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteDir, startServer } from './harness.mjs';

export const buildDir = path.dirname(siteDir);
export const distDir = path.join(buildDir, 'dist');
export const scormDir = path.join(buildDir, 'scorm');
export const COMPANION = 'https://companion.example';
export const COURSE = 'https://course.example';

export { snippet } from './embed-snippets.mjs';

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

// One part of one exercise inside `root` (a page, a frame locator or an element's locator;
// CSS locators reach into the web component's open shadow root).
export function partIn(root, exercise, name) {
  return root.locator(`article[data-exercise="${exercise}"] section.part[data-part="${name}"]`);
}

// Checks the part and resolves to the verdict its live region shows (on a part with no
// verdict shown yet).
async function checkPart(section) {
  await section.locator('button.check').click();
  await section.locator('.feedback .verdict-title').waitFor();
  return section.locator('.feedback').getAttribute('data-verdict');
}

// A choice part: a radio group graded by option id (never a text box).
export async function answerChoice(root, exercise, name, optionId) {
  const section = partIn(root, exercise, name);
  if (await section.locator('input.answer').count() !== 0) throw new Error(`${exercise} ${name} shows a text box, not a radio group`);
  await section.locator(`input[type="radio"][value="${optionId}"]`).check();
  return checkPart(section);
}

// The letter of the roles exercise's array whose numbers (as shown) start with `start`.
export async function letterOf(root, exercise, start) {
  for (const item of await root.locator(`article[data-exercise="${exercise}"] .roles-array`).all()) {
    if ((await item.locator('dd code').textContent()).startsWith(start)) return item.getAttribute('data-letter');
  }
  throw new Error(`${exercise} shows no array starting ${start}`);
}

// A letters part: the letter picker of the roles exercise.
export async function answerLetter(root, exercise, name, letter) {
  const section = partIn(root, exercise, name);
  await section.locator('select.answer-letter').selectOption(letter);
  return checkPart(section);
}
