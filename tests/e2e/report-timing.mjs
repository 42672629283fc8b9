// A class report timed as a teacher meets it (for tests/e2e/class-report-learners.test.mjs
// and tests/bench/report-bench.mjs): the file is made in the page first, so that only the
// page's own work is timed; then it is chosen, as the file input gives it, and the page's
// long tasks (over 50 ms) are recorded until the report is drawn.
// -> {wall (ms from choosing the file to the drawn report), tasks: [durations in ms]}.
export async function timeReport(page, text, { name = 'class.txt', settle = 500, timeout = 600_000 } = {}) {
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
