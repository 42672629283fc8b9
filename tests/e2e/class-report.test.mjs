// The class report (report.html) in Chromium, fed from the tests' own SCORM runs: three
// learners take Chapter 14's SCORM 1.2 package under scorm-again (the LMS), each typing a
// correct answer, wrong answers that the core names as known mistakes (chosen here by
// grading candidates through the core in Node first), a near miss and an unreadable
// answer; their cmi.interactions are read back and written as Moodle writes its
// Interactions report (tab-separated, s()-escaped, fputcsv quoting, a not-attempted row).
// The report page reads that file through its file input and must show, per part, the
// counts the core gives for the same texts, the named mistakes with the core's
// explanations, a CSV download equal to its table, no axe violation and no console
// error, and no sideways scroll at 375 px. A second run drops a learner's progress file
// and a damaged file onto the page.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { launchBrowser, newCheckedPage, repoRoot, screenshot, startServer, waitReady } from './harness.mjs';
import { scormDir, startHost } from './embed-helpers.mjs';
import { installPackage } from './scorm-lms.mjs';
import { loadCompanion } from '../../web/companion.mjs';
import { parseDelimited } from '../../web/report/delimited-text.mjs';
import { stepText } from '../../web/report/report-csv.mjs';
import { AnswerStore } from '../../web/ui/storage.mjs';
import { exportProgress } from '../../web/ui/progress-file.mjs';
import { EXPLANATION, OTHERS, SAME_VALUE, UNEXPLAINED_PART, classOfThree, classReport, moodleS, phpRow }
  from '../js/class-report-fixture.mjs';

const PACKAGE = path.join(scormDir, 'attention-companion-ch14-scorm12.zip');
const axeSource = fs.readFileSync(path.join(repoRoot, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const companion = await loadCompanion();
const catalogue = companion.exercises();
let site;
let lms;
let browser;

before(async () => {
  site = await startServer();
  lms = await startHost();
  installPackage(lms, 'scorm12', PACKAGE, '1.2');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await lms?.stop();
  await site?.stop();
});

// The core's verdict on an answer to Example 14.1 at the chapter's numbers, and the
// page's near-miss rule.
const EXERCISE = 'ch14.example1';
const graded = (part, text, seed = 0) => companion.grade(EXERCISE, part, text, { seed });
const isNearMiss = (r) => r.nearMiss === true;
const first = (part, candidates, keep) => {
  const found = candidates.find((text) => keep(graded(part, text)));
  assert.ok(found, `no candidate for ${part} passes ${keep}`);
  return found;
};

// What the learners type, chosen by the core (nothing here decides a verdict): two wrong
// weights whose mistakes the core names (different tags), the right weights, a near miss,
// answers the core cannot read, and a wrong denominator it names.
const WRONG_WEIGHTS = ['[1/3, 1/3, 1/3]', '[a, 0, 0]', '[2, 1, 1]', '[2/3, 1/3, 1/3]', '[1, 0, 0]'];
const named = WRONG_WEIGHTS.filter((text) => graded('weights', text).misconception);
const tags = [...new Set(named.map((text) => graded('weights', text).misconception))];
assert.ok(tags.length >= 2, `the core names at least two of the wrong weights: ${tags}`);
const mistakeA = named.find((text) => graded('weights', text).misconception === tags[0]);
const mistakeB = named.find((text) => graded('weights', text).misconception === tags[1]);
const right = first('weights', ['[1/2, 1/4, 1/4]', '[0.5, 0.25, 0.25]'], (r) => r.verdict === 'correct');
// The weights are exact (1/2, 1/4, 1/4): a decimal one unit off one of them is told that the
// value is exact, so the near miss is taken on the context [a/2, a/4].
const near = first('context', ['[0.347, 0.174]', '[0.346, 0.173]'], (r) => r.verdict === 'incorrect' && isNearMiss(r));
const unreadable = first('scores', ['<img src=x onerror=alert(1)> & "x"', '1,, 2'], (r) => r.verdict === 'invalid');
const unreadable2 = first('scores', ['[1, 2', 'two'], (r) => r.verdict === 'invalid');
const denominator = first('denominator', ['3', 'a', '2'], (r) => r.verdict === 'incorrect' && r.misconception);

const LEARNERS = [
  { name: 'Ann Lee', email: 'ann@example.com', answers: [['weights', mistakeA], ['weights', right], ['scores', unreadable]] },
  { name: 'Bob "Bobby" O\'Neil', email: 'bob@example.com', answers: [['weights', mistakeB], ['context', near], ['denominator', denominator]] },
  { name: 'Cat Wu', email: 'cat@example.com', answers: [['weights', mistakeA], ['scores', unreadable2], ['weights', right]] },
];

// One learner's visit: type each answer into the SCO and check it; -> what the LMS holds.
async function takeActivity(learner) {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${lms.url}scorm12/lms.html?learner=${encodeURIComponent(learner.email)}`);
  await page.waitForFunction(() => document.getElementById('sco').contentDocument
    ?.querySelector('attention-exercise')?.dataset.ready === 'true');
  const element = page.frameLocator('#sco').locator('attention-exercise');
  let checks = 0;
  for (const [part, text] of learner.answers) {
    const input = element.locator(`article[data-exercise="${EXERCISE}"] section.part[data-part="${part}"] input.answer`);
    await input.fill(text);
    await input.press('Enter');
    checks += 1;
    await page.waitForFunction((n) => window.interactions().length >= n, checks);
  }
  const interactions = await page.evaluate(() => window.interactions());
  const score = await page.evaluate(() => window.record());
  assert.deepEqual(problems(), [], learner.name);
  await context.close();
  return { interactions, score };
}


// The Interactions report as Moodle downloads it in text format, from the LMS records.
function interactionsReport(visits, scoTitle) {
  const most = Math.max(...visits.map((v) => v.interactions.length));
  const header = ['Name', 'Email address', 'Attempt', 'Started on', 'Last accessed on', 'Score', scoTitle];
  for (let i = 0; i < most; i += 1) header.push(`Question ${i}`, `Response ${i}`, `Right answer ${i}`, `Result ${i}`);
  let text = phpRow(header);
  for (const { learner, interactions, score } of visits) {
    const cells = interactions.flatMap((item) => [moodleS(item.id), moodleS(item.student_response), '', moodleS(item.result)]);
    const row = [learner.name, learner.email, '1', 'Monday, 30 November 2026, 9:05 AM', 'Monday, 30 November 2026, 9:41 AM',
      score.raw, `${score.raw}/${score.max}`, ...cells];
    text += phpRow([...row, ...Array(header.length - row.length).fill('')]);
  }
  text += phpRow(['Dan Idle', 'dan@example.com', '-', '-', '-', '-', 'Not attempted', ...Array(header.length - 7).fill('')]);
  return text;
}

// What the report must show, from the core: per part, its counts and named mistakes.
function expected(answers) {
  const parts = new Map();
  for (const { part, text, seed } of answers) {
    const r = graded(part, text, seed);
    const t = parts.get(part) ?? { answers: 0, correct: 0, incorrect: 0, invalid: 0, nearMisses: 0, mistakes: new Map() };
    t.answers += 1;
    t[r.verdict] += 1;
    if (isNearMiss(r)) t.nearMisses += 1;
    if (r.misconception) {
      const m = t.mistakes.get(r.misconception) ?? { count: 0, feedback: new Set() };
      m.count += 1;
      m.feedback.add(r.feedback);
      t.mistakes.set(r.misconception, m);
    }
    parts.set(part, t);
  }
  return parts;
}

// The summary table's part rows as text: [exercise, part, ...cells].
const tableRows = (page) => page.locator('table.report-table:not(.report-unplaced):not(.report-learner-parts) tbody tr[data-part]').evaluateAll((rows) =>
  rows.map((row) => [row.dataset.exercise, ...[...row.cells].map((cell) => cell.textContent.trim())]));

async function axeViolations(page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () => (await globalThis.axe.run(document, { resultTypes: ['violations'] })).violations
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)));
}

test('the report of a class\'s SCORM answers: re-graded counts, named mistakes, CSV, accessible at any width', async () => {
  const manifest = execFileSync('unzip', ['-p', PACKAGE, 'imsmanifest.xml'], { encoding: 'utf8' });
  assert.doesNotMatch(manifest, /parameters="/, 'the default chapter package gives every learner the chapter\'s numbers');
  const scoTitle = manifest.match(/<item [^>]*>\s*<title>([^<]+)<\/title>/)[1];
  const visits = [];
  for (const learner of LEARNERS) visits.push({ learner, ...(await takeActivity(learner)) });

  // What the LMS recorded: one interaction per check, with the learner's text.
  const answers = visits.flatMap(({ interactions }) => interactions.map((item) => {
    const match = /^ch14\.example1\.([a-z_]+)(?:\.v(\d+))?(?:\.h[0-9a-f]{12})?$/.exec(item.id);
    assert.ok(match, `an interaction id of Example 14.1: ${item.id}`);
    return { part: match[1], seed: Number(match[2] ?? 0), text: item.student_response, result: item.result };
  }));
  assert.deepEqual(answers.map(({ part, text }) => [part, text]), LEARNERS.flatMap((l) => l.answers));
  for (const a of answers) {
    assert.equal(a.result, { correct: 'correct', incorrect: 'wrong', invalid: 'neutral' }[graded(a.part, a.text, a.seed).verdict]);
  }
  const want = expected(answers);
  assert.ok([...want.values()].some((t) => t.mistakes.size >= 2), 'two named mistakes on one part');

  const report = interactionsReport(visits, scoTitle);
  assert.ok(report.includes('&lt;img') || report.includes('&quot;'), 'the file holds s()-escaped responses');
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${site.url}report.html`);
  await waitReady(page);
  assert.equal(await page.locator('h1').textContent(), 'Class report');
  assert.match(await page.locator('.report-privacy').textContent(), /Nothing leaves this browser/);
  assert.deepEqual(await axeViolations(page), [], 'the empty page');
  await page.locator('#report-files').setInputFiles({ name: 'C1 Attention-20261130_0941-tab_separated.txt', mimeType: 'text/plain',
    buffer: Buffer.from(report) });
  await page.locator('#report[data-state="ready"]').waitFor();

  // The file's line: Moodle's report, three learner rows and one not attempted.
  assert.match(await page.locator('#report-messages').textContent(),
    new RegExp(`Moodle's Interactions report, 4 learner rows \\(1 not attempted\\): ${answers.length} answers to grade\\.`));
  // The table, part by part, as the core counts the same texts.
  const rows = await tableRows(page);
  const order = catalogue.find((entry) => entry.id === EXERCISE).parts.filter((part) => want.has(part));
  assert.deepEqual(rows.map((row) => row[1]), order);
  for (const [exercise, part, ...cells] of rows) {
    const t = want.get(part);
    const mistakes = [...t.mistakes].sort((x, y) => y[1].count - x[1].count || x[0].localeCompare(y[0]))
      .map(([tag, m]) => `${tag} (${m.count})`).join('; ');
    assert.deepEqual([exercise, ...cells], [EXERCISE, ...[t.answers, t.correct, t.incorrect, t.invalid, t.nearMisses].map(String), mistakes], part);
  }
  // Each named mistake with its count and the core's explanation.
  for (const [part, t] of want) {
    for (const [tag, m] of t.mistakes) {
      const item = page.locator(`section.report-mistakes[data-part="${part}"] .report-mistake[data-tag="${tag}"]`);
      // The share of the part's learners who met it, each learner as the core grades their answers.
      const answered = LEARNERS.filter((l) => l.answers.some(([p]) => p === part));
      const met = answered.filter((l) => l.answers.some(([p, text]) => p === part && graded(p, text).misconception === tag));
      assert.equal(await item.locator('dt').textContent(), `${tag}: ${m.count} answer${m.count === 1 ? '' : 's'}; ` +
        `${met.length} of ${answered.length} learner${answered.length === 1 ? '' : 's'} (${Math.round((100 * met.length) / answered.length)}%) met it`);
      assert.deepEqual(await item.locator('dd').allTextContents(), [...m.feedback]);
    }
  }
  const totals = [...want.values()].reduce((s, t) => ({ answers: s.answers + t.answers, correct: s.correct + t.correct,
    incorrect: s.incorrect + t.incorrect, invalid: s.invalid + t.invalid }), { answers: 0, correct: 0, incorrect: 0, invalid: 0 });
  assert.match(await page.locator('.report-totals').textContent(), new RegExp(`^${totals.answers} answers graded again by the core: ` +
    `${totals.correct} correct, ${totals.incorrect} incorrect \\(\\d+ near miss(es)?\\), ${totals.invalid} invalid`));
  assert.equal(await page.locator('svg.report-chart').first().getAttribute('role'), 'img');
  assert.equal(await page.locator('svg.report-chart').count(), 2, 'answers per part, and named mistakes');
  assert.doesNotMatch(await page.locator('main').textContent(), /NaN|undefined|null/);

  // Per learner: each part's last answer, its verdict and the checks the core could read,
  // in the page's table and in the CSV download (a row per learner and part).
  const title = catalogue.find((entry) => entry.id === EXERCISE).title;
  const partOrder = catalogue.find((entry) => entry.id === EXERCISE).parts;
  // (Each try's words as the page writes them, from the core's verdict and named mistake.)
  const perLearner = [...LEARNERS].sort((x, y) => x.name.localeCompare(y.name)).flatMap((learner) => partOrder
    .filter((part) => learner.answers.some(([p]) => p === part)).map((part) => {
      const mine = learner.answers.filter(([p]) => p === part).map(([, text]) => text);
      const last = graded(part, mine.at(-1));
      const path = mine.map((text) => graded(part, text)).map((r) => stepText({ verdict: r.verdict, mistake: r.misconception || null,
        nearMiss: isNearMiss(r), version: companion.exercise(EXERCISE).version })).join(' → ');
      return [`${learner.name} (${learner.email})`, EXERCISE, title, part, '', mine.at(-1), last.verdict,
        String(mine.filter((text) => graded(part, text).verdict !== 'invalid').length), path, '', last.misconception ?? '',
        companion.exercise(EXERCISE).version, '', '', ''];
    }));
  const shown = await page.locator('details.report-learner tbody tr[data-part]').evaluateAll((trs) => trs.map((tr) =>
    [tr.closest('details').dataset.learner, tr.dataset.part, tr.cells[1].textContent, tr.cells[3].textContent,
      tr.cells[2].dataset.verdict, [...tr.cells[4].querySelectorAll('li')].map((li) => li.textContent).join(' → ')]));
  assert.deepEqual(shown, perLearner.map((row) => [row[0], row[3], row[5], row[7], row[6], row[8]]));
  // Each learner's score: the parts whose last answer is correct, over the parts of the exercise.
  for (const learner of LEARNERS) {
    const last = new Map(learner.answers.map(([part, text]) => [part, graded(part, text).verdict]));
    const correct = [...last.values()].filter((v) => v === 'correct').length;
    const score = Math.round((10_000 * correct) / partOrder.length) / 100;
    const shownScore = await page.locator('details.report-learner').evaluateAll((nodes, key) => nodes
      .find((node) => node.dataset.learner === key)?.querySelector('.report-learner-score')?.dataset.score, `${learner.name} (${learner.email})`);
    assert.equal(shownScore, String(score), learner.name);
  }
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button.report-download').click()]);
  assert.match(download.suggestedFilename(), /^class-report-\d{4}-\d\d-\d\d\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  const [header, ...records] = parseDelimited(csv, ',');
  assert.deepEqual(header, ['Learner', 'Exercise', 'Title', 'Part', 'Variant', 'Answer', 'Verdict', 'Attempts', 'Tries',
    'Follow-through', 'Named mistake', 'Version', 'Verdict now', 'Checklist points ticked', 'Practice']);
  assert.deepEqual(records.map((r) => [...r.slice(0, 5), r[5].replace(/^'/, ''), ...r.slice(6)]), perLearner);

  assert.deepEqual(await axeViolations(page), [], 'the report (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.deepEqual(await axeViolations(page), [], 'the report (dark)');
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshot(page, 'class-report');
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((done) => { requestAnimationFrame(() => requestAnimationFrame(done)); }));
    const narrow = await page.evaluate(() => ({
      over: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      small: [...document.querySelectorAll('svg text')].filter((t) => parseFloat(getComputedStyle(t).fontSize)
        * t.ownerSVGElement.getScreenCTM().a < 12).length,
      clipped: [...document.querySelectorAll('svg.report-chart text')].filter((t) => t.getBBox().x + t.getBBox().width
        > t.ownerSVGElement.getBoundingClientRect().width + 0.5).map((t) => t.textContent),
    }));
    assert.deepEqual(narrow, { over: 0, small: 0, clipped: [] }, `${width} px`);
    await screenshot(page, `class-report-${width}`);
  }
  assert.deepEqual(problems(), []);
  await context.close();
});

test('files dropped on the page: a learner\'s progress file is graded; a damaged file is named with what is wrong', async () => {
  const store = new AnswerStore(null, { version: 2, exercises: { [EXERCISE]: { seeds: { 0: { parts: {
    weights: { text: mistakeA, verdict: 'correct', attempts: 1 }, denominator: { text: denominator, verdict: null, attempts: 0 } } } } } } });
  const files = [
    { name: 'attention-progress-2026-11-30.json', type: 'application/json', text: exportProgress(store) },
    { name: 'notes.txt', type: 'text/plain', text: 'Name\tAttempt\tQuestion 0\tResponse 0\nAnn\t1\t"ch14.example1.weights\t[1, 2]\n' },
  ];
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${site.url}report.html`);
  await waitReady(page);
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([file.text], file.name, { type: file.type }));
    return transfer;
  }, files);
  await page.locator('#drop-zone').dispatchEvent('drop', { dataTransfer });
  await page.locator('#report[data-state="ready"]').waitFor();
  assert.equal(await page.locator('li[data-file="notes.txt"]').textContent(),
    'notes.txt: this file cannot be read here. A quoted cell is never closed: a quote (") is missing. (line 2)');
  assert.match(await page.locator('li[data-file="attention-progress-2026-11-30.json"]').textContent(), /a learner's progress file: 2 answers to grade\./);
  const want = expected([{ part: 'weights', text: mistakeA, seed: 0 }, { part: 'denominator', text: denominator, seed: 0 }]);
  const rows = await tableRows(page);
  const order = catalogue.find((entry) => entry.id === EXERCISE).parts.filter((part) => want.has(part));
  assert.deepEqual(rows.map((row) => row.slice(1, 7)), order.map((part) => [part,
    ...['answers', 'correct', 'incorrect', 'invalid', 'nearMisses'].map((key) => String(want.get(part)[key]))]));
  assert.deepEqual(problems(), []);
  await context.close();
});

// Issue 32: an Interactions export of 3 learners with 6 wrong answers that no named mistake
// explains (2 of them the same value typed differently) and an explanation.
test('a row per learner, the unexplained wrong answers in 5 groups with counts, the written work; the CSV has the same rows', async () => {
  const unexplained = [...SAME_VALUE, ...OTHERS].filter((text) => {
    const r = companion.grade(...UNEXPLAINED_PART, text);
    return r.verdict === 'incorrect' && !r.misconception;
  });
  assert.equal(unexplained.length, 6, 'the core names none of the six');
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${site.url}report.html`);
  await waitReady(page);
  await page.locator('#report-files').setInputFiles({ name: 'interactions.txt', mimeType: 'text/plain',
    buffer: Buffer.from(classReport(classOfThree())) });
  await page.locator('#report[data-state="ready"]').waitFor();
  const groups = page.locator(`section.report-unexplained[data-exercise="${UNEXPLAINED_PART[0]}"][data-part="${UNEXPLAINED_PART[1]}"] tbody tr`);
  const seen = await groups.evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((cell) => cell.textContent)));
  assert.equal(seen.length, 5);
  assert.deepEqual(seen.map((row) => row[1]), ['2', '1', '1', '1', '1'], 'with counts, most frequent first');
  assert.deepEqual(seen[0].slice(2), ['2', SAME_VALUE[0]], 'two learners, one example as typed');
  const learners = await page.locator('details.report-learner').evaluateAll((nodes) => nodes.map((b) => b.dataset.learner));
  assert.deepEqual(learners, ['Ana', 'Ben', 'Cy']);
  const written = page.locator('section.report-written[data-exercise="ch14.ex2"]');
  assert.equal(await written.locator('dd.report-written-text').textContent(), EXPLANATION);
  assert.ok(await written.locator('.report-checklist li').count() > 0, 'beside the item\'s checklist');
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button.report-download').click()]);
  const [, ...records] = parseDelimited(fs.readFileSync(await download.path(), 'utf8'), ',');
  const rows = await page.locator('details.report-learner tbody tr[data-part]').evaluateAll((trs) => trs.map((tr) =>
    [tr.closest('details').dataset.learner, tr.dataset.exercise, tr.dataset.part, tr.cells[1].textContent]));
  assert.deepEqual(records.filter((r) => !r[3].startsWith('written:')).map((r) => [r[0], r[1], r[3], r[5].replace(/^'/, '')]), rows);
  assert.ok(records.some((r) => r[5] === '\'=1+2'), 'a formula-like answer is text in the CSV');
  assert.deepEqual(records.filter((r) => r[3].startsWith('written:')).map((r) => [r[0], r[5]]), [['Ana', EXPLANATION]]);
  await screenshot(page, 'class-report-learners');
  assert.deepEqual(problems(), []);
  await context.close();
});

// Every answer read counts toward the limit, and the page stops reading when it is passed.
test('20 files of 60,000 unplaceable answers, and one file of 200,000 answers, are refused with the documented message', async () => {
  const file = (answers, prefix) => {
    const perRow = 100;
    const header = ['Name', 'Attempt', ...Array.from({ length: perRow }, (_, i) => [`Question ${i}`, `Response ${i}`]).flat()].join('\t');
    const lines = [header];
    for (let r = 0; r < answers / perRow; r += 1) {
      lines.push([`L${r}`, '1', ...Array.from({ length: perRow }, (_, i) => [`${prefix}${r}.${i}`, '1']).flat()].join('\t'));
    }
    return Buffer.from(`${lines.join('\n')}\n`);
  };
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${site.url}report.html`);
  await waitReady(page);
  const refuse = async (files) => {
    await page.evaluate(() => {
      const input = document.getElementById('report-files');
      window.refusal = new Promise((resolve) => {
        input.addEventListener('change', () => {
          new MutationObserver((_, observer) => {
            if (document.getElementById('report').dataset.state !== 'refused') return;
            observer.disconnect();
            resolve({ text: document.getElementById('report-messages').textContent });
          }).observe(document.getElementById('report'), { attributes: true });
        }, { once: true });
      });
    });
    await page.locator('#report-files').setInputFiles(files);
    return page.evaluate(() => window.refusal);
  };
  // (Files on the disk: the browser reads them itself, as a teacher's files.)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-limits-'));
  const foreign = file(60_000, 'other.activity.q');
  assert.ok(foreign.length > 1_000_000 && foreign.length < 5 * 1024 * 1024, `${foreign.length} bytes`);
  const groups = Array.from({ length: 20 }, (_, i) => path.join(dir, `group-${i}.txt`));
  for (const name of groups) fs.writeFileSync(name, foreign);
  fs.writeFileSync(path.join(dir, 'all.txt'), file(200_000, 'q'));
  const twenty = await refuse(groups);
  const one = await refuse([path.join(dir, 'all.txt')]);
  fs.rmSync(dir, { recursive: true, force: true });
  for (const [what, { text }] of [['20 files', twenty], ['one file', one]]) {
    assert.match(text, /These files hold more than 20,000 answers, the most this page reads at a time\. Nothing was graded/, what);
  }
  assert.equal(await page.locator('#report').textContent(), '', 'nothing was graded');
  assert.deepEqual(problems(), []);
  await context.close();
});
