#!/usr/bin/env node
// Not a test: how the class report (report.html) holds up with a large class, in Chromium: a
// Moodle Interactions report of N learners (--learners, 10,000 by default) with two checks
// each, one that learner alone typed and one from a pool of four, made into a File in the
// page before the clock starts (so that only the page's own work is timed). Prints, for each
// run, the wall time from choosing the file to the report drawn, and the page's long tasks
// (over 50 ms: their count and the longest), which is what freezes a page. These are wall
// times: on a machine other people use, a busy moment lengthens them. --site DIR measures
// another build of the site (an older commit's, built with tools/build-site.mjs).
//   node tests/bench/report-bench.mjs [--learners 10000] [--runs 3] [--site DIR]
import { launchBrowser, newCheckedPage, startServer, waitReady } from '../e2e/harness.mjs';
import { moodleS, phpRow } from '../js/class-report-fixture.mjs';
import { interactionId } from '../../web/embed/scorm-values.mjs';

// The report timed as a teacher meets it: the file is made in the page first, so that only
// the page's own work is timed; then it is chosen, as the file input gives it, and the page's
// long tasks (over 50 ms) are recorded until the report is drawn.
// -> {wall (ms from choosing the file to the drawn report), tasks: [durations in ms]}.
async function timeReport(page, text, { name = 'class.txt', settle = 500, timeout = 600_000 } = {}) {
  await page.evaluate(([report, file]) => { window.theFile = new File([report], file, { type: 'text/plain' }); }, [text, name]);
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.longTasks.push(entry.duration); })
      .observe({ type: 'longtask' });
  });
  const started = Date.now();
  await page.evaluate(() => {
    const transfer = new DataTransfer();
    transfer.items.add(window.theFile);
    const input = document.getElementById('report-files');
    input.files = transfer.files;
    input.dispatchEvent(new Event('change'));
  });
  await page.locator('#report[data-state="ready"]').waitFor({ timeout });
  const wall = Date.now() - started;
  await page.waitForTimeout(settle);
  return { wall, tasks: await page.evaluate(() => window.longTasks) };
}

const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const count = Number(option('--learners')) || 10_000;
const runs = Number(option('--runs')) || 3;
const pool = ['[1/2, 1/4, 1/4]', '[1/3, 1/3, 1/3]', '[0.2, 0.3, 0.5]', 'two'];
let text = phpRow(['Name', 'Email address', 'Attempt', 'Question 0', 'Response 0', 'Question 1', 'Response 1']);
for (let i = 0; i < count; i += 1) {
  text += phpRow([`Learner ${i}`, `learner${i}@school.example`, '1', moodleS(interactionId('ch19.ex3', 'weights')),
    `[0.${String(i).padStart(5, '0')}, 0.5, 0.1]`, moodleS(interactionId('ch14.example1', 'weights')), pool[i % pool.length]]);
}
const site = await startServer(option('--site') ? ['--dir', option('--site')] : []);
const browser = await launchBrowser();
console.log(`${count.toLocaleString('en')} learners, ${(2 * count).toLocaleString('en')} answers, ${Math.round(text.length / 1024)} KB` +
  `${option('--site') ? `, site ${option('--site')}` : ''}`);
for (let run = 1; run <= runs; run += 1) {
  const { page, context } = await newCheckedPage(browser);
  await page.goto(`${site.url}report.html`);
  await waitReady(page);
  const { wall, tasks } = await timeReport(page, text, { settle: 1000 });
  console.log(`run ${run}: drawn in ${(wall / 1000).toFixed(2)} s; ${tasks.length} long tasks, the longest ${Math.round(Math.max(0, ...tasks))} ms`);
  await context.close();
}
await browser.close();
await site.stop();
