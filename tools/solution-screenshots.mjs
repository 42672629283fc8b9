#!/usr/bin/env node
/* global document */
// Screenshots of worked solutions as a learner on a phone opens them (not a test): each
// exercise's part at 375 CSS px, at a variant, after three checks that are not correct (the
// placeholder's example with other numbers), with its worked solution opened, in Debian's
// headless Chromium. docs/images/issue-46/ holds the three looked at for issue 46 (a softmax, a
// frozen removal, a count), made with
//   node tools/solution-screenshots.mjs --out docs/images/issue-46
// Each is named ID-PART.png; its lines are printed too.
import path from 'node:path';
import { launchBrowser, startServer, waitReady, repoRoot } from '../tests/e2e/harness.mjs';

const at = process.argv.indexOf('--out');
const out = path.resolve(at >= 0 ? process.argv[at + 1] : path.join(repoRoot, 'test-results', 'solutions'));
const SEED = 4242;
const CASES = [['ch19.running', 'weights'], ['ch14.ex3', 'frozen_context'], ['ch19.ex16', 'weight_bytes']];

const site = await startServer();
const browser = await launchBrowser();
try {
  for (const [id, name] of CASES) {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${site.url}${id}.html?seed=${SEED}`);
    await waitReady(page);
    const part = page.locator(`.part[data-part="${name}"]`);
    const input = part.locator('input.answer').first();
    const example = ((await input.getAttribute('placeholder')) ?? '1').replace(/^e\.g\.\s*/, '');
    for (let k = 1; k <= 5 && !(await part.locator('.solution').isVisible()); k += 1) {
      const before = await part.locator('.attempts').textContent();
      await input.fill(example.replace(/\d+(\.\d+)?/g, () => (0.0137 * k + 0.011).toFixed(4)));
      await input.press('Enter');
      await page.waitForFunction(([node, text]) => node.textContent !== text,
        [await part.locator('.attempts').elementHandle(), before]);
    }
    await part.locator('.show-solution').click();
    await part.locator('.solution-steps li:not(.solution-loading)').last().waitFor();
    await page.evaluate(() => document.fonts.ready);
    await part.screenshot({ path: path.join(out, `${id}-${name}.png`) });
    console.log(`${id} ${name}:\n${await part.locator('.solution-steps').innerText()}\n`);
    await context.close();
  }
} finally {
  await browser.close();
  await site.stop();
}
