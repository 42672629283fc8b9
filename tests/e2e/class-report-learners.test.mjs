// The class report's learners (issue 42), in Chromium: three learners, each in their own
// browser, give their name on the progress page (two give the same one), check answers on an
// exercise page and export their progress the same day; the teacher gives the report the three
// files under one file name. The report shows three learners, each one's score and tries as
// the core grades them, and warns about the names; the gradebook file it downloads is read
// back by Moodle's grade-import rules (tests/js/moodle-grade-import.mjs). Then a class of
// 10,000 learners (Moodle's Interactions report): the page reads it in slices (a progress bar
// moves between them), and every learner is there, a page at a time. How long its tasks take
// is measured, never asserted: tests/bench/report-bench.mjs, docs/benchmarks.md.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, newCheckedPage, repoRoot, resultsDir, screenshot, startServer, waitReady } from './harness.mjs';
import { loadCompanion } from '../../web/companion.mjs';
import { parseDelimited } from '../../web/report/delimited-text.mjs';
import { stepText } from '../../web/report/report-csv.mjs';
import { interactionId } from '../../web/embed/scorm-values.mjs';
import { moodleS, phpRow } from '../js/class-report-fixture.mjs';
import { moodleGradeImport } from '../js/moodle-grade-import.mjs';

const axeSource = fs.readFileSync(path.join(repoRoot, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const companion = await loadCompanion();
const catalogue = companion.exercises();
const E = 'ch14.example1';
let site;
let browser;

before(async () => {
  site = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

async function axeViolations(page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () => (await globalThis.axe.run(document, { resultTypes: ['violations'] })).violations
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)));
}

// What the learners type, chosen by grading candidates first (nothing here decides a verdict).
const graded = (part, text) => companion.grade(E, part, text);
const pick = (part, candidates, keep) => {
  const found = candidates.find((text) => keep(graded(part, text)));
  assert.ok(found, `a candidate for ${part}`);
  return found;
};
const named = pick('weights', ['[1/3, 1/3, 1/3]', '[a, 0, 0]', '[2, 1, 1]', '[2/3, 1/3, 1/3]'], (r) => r.misconception);
const right = pick('weights', ['[1/2, 1/4, 1/4]', '[0.5, 0.25, 0.25]'], (r) => r.verdict === 'correct');
const near = pick('context', ['[0.347, 0.174]', '[0.346, 0.173]'], (r) => r.verdict === 'incorrect' && r.nearMiss);
const unread = pick('scores', ['[1, 2', 'two'], (r) => r.verdict === 'invalid');

const LEARNERS = [
  { name: 'Sam Lee', email: 'sam.one@school.example', checks: [['weights', named], ['weights', right], ['scores', unread]] },
  { name: 'Sam Lee', email: 'sam.two@school.example', checks: [['weights', named], ['context', near]] },
  { name: 'Ana Ruiz', email: '+ana@school.example', checks: [['weights', right], ['context', near], ['context', near]] },
];

// One learner's visit, in a browser of their own: their name on the progress page, their
// checks on the exercise page, then the export; -> the file's text.
async function learnerExports(learner) {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${site.url}progress.html`);
  await waitReady(page);
  await page.getByLabel('Your name:').fill(learner.name);
  await page.getByLabel(/Your email address at your course/).fill(learner.email);
  await page.goto(`${site.url}exercise.html?id=${E}`);
  await waitReady(page);
  for (const [n, [part, text]] of learner.checks.entries()) {
    const input = page.locator(`.part[data-part="${part}"] .answer`);
    await input.fill(text);
    await input.press((await input.evaluate((node) => node.localName)) === 'textarea' ? 'Control+Enter' : 'Enter');
    const tries = learner.checks.slice(0, n + 1).filter(([p]) => p === part).length;
    await page.waitForFunction(([id, name, count]) => JSON.parse(localStorage.getItem('attention-companion:v2'))
      ?.exercises?.[id]?.seeds?.['0']?.parts?.[name]?.tries?.length === count, [E, part, tries]);
  }
  await page.goto(`${site.url}progress.html`);
  await waitReady(page);
  assert.equal(await page.getByLabel('Your name:').inputValue(), learner.name, 'the name is kept in the browser');
  if (learner === LEARNERS[0]) await screenshot(page, 'progress-page-learner');
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button.export-progress').click()]);
  assert.equal(download.suggestedFilename(), `attention-progress-${learner.name.toLowerCase().replace(' ', '-')}-${new Date().toISOString().slice(0, 10)}.json`);
  assert.match(await page.locator('.progress-outcome').textContent(), new RegExp(`under your name, ${learner.name}\\.`));
  const text = fs.readFileSync(await download.path(), 'utf8');
  assert.deepEqual(problems(), []);
  await context.close();
  return text;
}

test('three learners export the same day under the same file name: three learners, their scores and tries, a warning; the gradebook imports', async () => {
  const files = [];
  for (const learner of LEARNERS) files.push(await learnerExports(learner));
  const ids = files.map((text) => JSON.parse(text).learner.id);
  assert.equal(new Set(ids).size, 3, 'each browser made its own learner id');

  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${site.url}report.html`);
  await waitReady(page);
  const name = 'attention-progress-2026-06-01.json'; // as the teacher saved each learner's file
  await page.locator('#report-files').setInputFiles(files.map((text) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) })));
  await page.locator('#report[data-state="ready"]').waitFor();

  // Three learners, the two of one name told apart by their ids.
  const shown = await page.locator('details.report-learner').evaluateAll((nodes) => nodes.map((node) => ({
    key: node.dataset.learner, name: node.querySelector('.report-learner-name').textContent,
    score: node.querySelector('.report-learner-score').dataset.score })));
  assert.equal(shown.length, 3);
  assert.deepEqual(shown.map((s) => s.name), ['Ana Ruiz', `Sam Lee (id ${ids[0].slice(0, 8)})`, `Sam Lee (id ${ids[1].slice(0, 8)})`]
    .sort((x, y) => x.localeCompare(y)));
  const warnings = await page.locator('.report-warnings li').allTextContents();
  assert.match(warnings[0], new RegExp(`^3 files are named “${name.replaceAll('.', '\\.')}”`));
  assert.match(warnings[1], /^2 different learners give the name “Sam Lee”: they are shown apart, as “Sam Lee \(id /);
  assert.equal(await page.locator('#report-messages li.report-file-ok').count(), 3);

  // Each learner's score and tries, as the core grades what they typed.
  const parts = catalogue.find((entry) => entry.id === E).parts;
  for (const [n, learner] of LEARNERS.entries()) {
    const last = new Map(learner.checks.map(([part, text]) => [part, graded(part, text).verdict]));
    const correct = [...last.values()].filter((verdict) => verdict === 'correct').length;
    const mine = shown.find((s) => s.key === `id:${ids[n]}`);
    assert.equal(mine.score, String(Math.round((10_000 * correct) / parts.length) / 100), learner.email);
    const rows = await page.locator('details.report-learner').evaluateAll((nodes, key) => [...nodes.find((node) =>
      node.dataset.learner === key).querySelectorAll('tbody tr[data-part]')].map((tr) => [tr.dataset.part,
      [...tr.querySelectorAll('.report-path li')].map((li) => li.textContent)]), `id:${ids[n]}`);
    const want = parts.filter((part) => last.has(part)).map((part) => [part, learner.checks.filter(([p]) => p === part)
      .map(([, text]) => graded(part, text)).map((r) => stepText({ verdict: r.verdict, mistake: r.misconception || null, nearMiss: r.nearMiss,
        version: companion.exercise(E).version }))]);
    assert.deepEqual(rows, want, learner.email);
  }
  // The class: the share of learners who met the named mistake.
  const tag = graded('weights', named).misconception;
  assert.match(await page.locator(`section.report-mistakes[data-part="weights"] .report-mistake[data-tag="${tag}"] dt`).textContent(),
    /2 of 3 learners \(67%\) met it/);

  // The gradebook, read back as Moodle's import reads it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button.report-gradebook').click()]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  const [header, ...rows] = parseDelimited(text.replace(/^\uFEFF/, ''), ',');
  const exercise = `${catalogue.find((entry) => entry.id === E).title} [${E}]`;
  assert.deepEqual(header, ['Email address', 'Name', exercise, 'Total']);
  assert.equal(rows.length, 3);
  // An address that begins as a formula would ("+ana@…") is written as given, and said beside the download.
  assert.ok(rows.some((row) => row[0] === '+ana@school.example'), 'the identifier as given');
  assert.match((await page.locator('.report-gradebook-note').allTextContents()).join(' '),
    /1 identifier in it begins as a spreadsheet formula would \(Email address “\+ana@school\.example”\)\. It is written exactly as given/);
  const users = LEARNERS.map((learner, n) => ({ id: n + 2, username: `learner${n}`, email: learner.email }));
  const { grades } = moodleGradeImport(text, { mapFrom: 'Email address', mapTo: 'email', users,
    items: { [exercise]: { name: 'Exercise 14.1', min: 0, max: 100 }, Total: { name: 'Total', min: 0, max: 100 } } });
  for (const [n] of LEARNERS.entries()) {
    const score = Number(shown.find((s) => s.key === `id:${ids[n]}`).score);
    assert.deepEqual([grades.get(`learner${n}`).get('Exercise 14.1'), grades.get(`learner${n}`).get('Total')], [score, score]);
  }

  assert.deepEqual(await axeViolations(page), [], 'the report (light)');
  fs.mkdirSync(resultsDir, { recursive: true });
  await page.locator('.report-warnings').screenshot({ path: path.join(resultsDir, 'class-report-warnings.png') });
  await page.locator('.report-learners').screenshot({ path: path.join(resultsDir, 'class-report-tries.png') });
  await page.locator('.report-actions').screenshot({ path: path.join(resultsDir, 'class-report-downloads.png') });
  assert.deepEqual(problems(), []);
  await context.close();
});

// Moodle's Interactions report of `count` learners with their email addresses, each with two
// checks: one they alone typed, one from a small pool.
function bigReport(count) {
  const pool = [named, right, '[0.2, 0.3, 0.5]', unread];
  let text = phpRow(['Name', 'Email address', 'Attempt', 'Question 0', 'Response 0', 'Question 1', 'Response 1']);
  for (let i = 0; i < count; i += 1) {
    text += phpRow([`Learner ${i}`, `learner${i}@school.example`, '1', moodleS(interactionId('ch19.ex3', 'weights')),
      `[0.${String(i).padStart(4, '0')}, 0.5, 0.1]`, moodleS(interactionId(E, 'weights')), pool[i % pool.length]]);
  }
  return text;
}

test('a class of 10,000 learners: read in slices behind a progress bar that moves, every learner is there', async () => {
  const count = 10_000;
  const report = bigReport(count);
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${site.url}report.html`);
  await waitReady(page);
  await page.evaluate(() => {
    window.barValues = [];
    const bar = document.getElementById('report-progress-bar');
    new MutationObserver(() => {
      if (!document.getElementById('report-progress').hidden) window.barValues.push(bar.getAttribute('value'));
    }).observe(document.getElementById('report-progress'), { attributes: true, subtree: true });
  });
  await page.locator('#report-files').setInputFiles({ name: 'class.txt', mimeType: 'text/plain', buffer: Buffer.from(report) });
  await page.locator('#report[data-state="ready"]').waitFor();
  const values = await page.evaluate(() => window.barValues.filter((value) => value !== null).map(Number));
  assert.ok(values.length > 3 && values.at(-1) > values[0], `the progress bar moved: ${values.slice(0, 5)} … ${values.at(-1)}`);
  assert.match(await page.locator('.report-totals').textContent(), /^20,000 answers graded again by the core/);
  const learners = page.locator('.pager:has(.report-learners)');
  assert.equal(await learners.locator('.pager-status').textContent(), 'Learners 1–50 of 10,000.');
  assert.equal(await page.locator('details.report-learner').count(), 50, 'a page of learners at a time');
  await learners.locator('input.pager-find').fill('learner9999@');
  assert.equal(await page.locator('details.report-learner').count(), 1);
  // The gradebook holds every learner, as Moodle's import reads it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button.report-gradebook').click()]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  const users = Array.from({ length: count }, (_, i) => ({ id: i + 2, username: `u${i}`, email: `learner${i}@school.example` }));
  const header = parseDelimited(text.replace(/^\uFEFF/, '').split('\r\n')[0], ',')[0];
  const items = Object.fromEntries(header.slice(2).map((column) => [column, { name: column, min: 0, max: 100 }]));
  const { grades } = moodleGradeImport(text, { mapFrom: 'Email address', mapTo: 'email', users, items });
  assert.equal(grades.size, count);
  await screenshot(page, 'class-report-10000');
  assert.deepEqual(problems(), []);
  await context.close();
});
