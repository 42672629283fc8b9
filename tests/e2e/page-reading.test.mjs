// A page a person reads (issue 41): part headings in words where the exercise file gives them;
// each rule about writing answers stated once, and only where it applies (the decimal rule only
// where a part takes a decimal); a variant named once; the working's figures as many as it
// says; the core's feedback with its maths typeset and the learner's own text left as text;
// the heatmap's caption true in either colour scheme; the class report's checklist typeset.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerPart, newCheckedPage, part, useSite, waitReady } from './harness.mjs';
import { classOfThree, classReport } from '../js/class-report-fixture.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

test('how to write answers: once a page, and the decimal rule only where a part takes a decimal', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  for (const [id, decimal] of [['ch19.ex3', true], ['ch14.example1', true], ['ch19.ex7', true],
    ['ch19.ex16', false], ['ch14.cost', false], ['ch19.ex9', false], ['ch19.ex1', false]]) {
    await page.goto(`${server.url}${id}.html`);
    await waitReady(page);
    const main = await page.locator('main').innerText();
    const count = (pattern) => (main.match(pattern) ?? []).length;
    assert.equal(count(/How to write answers/g), id === 'ch19.ex1' ? 0 : 1, `${id}: the help once (none for letters)`);
    assert.equal(count(/How decimals are checked/g), decimal ? 1 : 0, `${id}: the decimal rule ${decimal ? 'once' : 'not at all'}`);
    assert.equal(count(/does not count as an attempt/g), id === 'ch19.ex1' ? 0 : 1, `${id}: the unreadable-answer rule once`);
  }
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a part\'s heading in words, where the exercise file gives one; its name otherwise', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  // The page as served, with a heading given to the first part of the exercise it carries.
  await page.route(/\/ch19\.ex3\.html$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/(<script type="application\/json" id="exercise-docs">)(.*?)(<\/script>)/s,
      (_, open, json, close) => {
        const docs = JSON.parse(json);
        docs[0].parts[0].heading = 'The softmax weights';
        delete docs[0].parts[1].heading;
        return `${open}${JSON.stringify(docs).replaceAll('<', '\\u003c')}${close}`;
      });
    await route.fulfill({ response, body });
  });
  await page.goto(`${server.url}ch19.ex3.html`);
  await waitReady(page);
  const headings = await page.locator('.part .part-heading').allInnerTexts();
  assert.equal(headings[0], 'Part 1: The softmax weights');
  assert.match(headings[1], /^Part 2\s+weight_sum$/);
  assert.equal(await part(page, 'weights').section.locator('.part-inputs').count(), 0, 'a heading is not an input of the part');
  // As shipped, every part is headed in words.
  await page.unrouteAll();
  await page.goto(`${server.url}ch19.ex3.html`);
  await waitReady(page);
  assert.deepEqual(await page.locator('.part .part-heading').allInnerTexts(), ['Part 1: Weights', 'Part 2: Sum of the weights']);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('S is the padded source length only where source lengths are padded to it', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  for (const [id, words] of [['ch19.ex16', 'source length S'], ['ch19.shapes', 'source length S'],
    ['ch19.ex9', 'padded source length S']]) {
    await page.goto(`${server.url}${id}.html`);
    await waitReady(page);
    // The name in words, its symbol typeset (read back as the TeX it was typeset from); the
    // inputs table sits in a closed <details>, so the maths is there but not visible.
    const th = page.locator('tr[data-input="S"] th');
    await th.locator('.katex').first().waitFor({ state: 'attached' });
    assert.equal(await th.evaluate((cell) => {
      const copy = cell.cloneNode(true);
      for (const math of copy.querySelectorAll('.katex')) math.replaceWith(math.querySelector('annotation')?.textContent ?? '');
      return copy.textContent.trim();
    }), words, id);
  }
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a variant is named once; the working says how many figures it shows, and shows that many', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}ch19.ex3.html?seed=31`);
  await waitReady(page);
  const main = await page.locator('main').innerText();
  assert.equal((main.match(/\b31\b/g) ?? []).length, 1, 'the seed once');
  assert.equal((main.match(/Back to the chapter’s numbers/g) ?? []).length, 1);
  await page.locator('button.show-working').click();
  const said = await page.locator('.working-section').innerText();
  assert.match(said, /more than four significant figures is rounded to four/);
  const decimals = await page.locator('#working-holder').evaluate((holder) => holder.innerText.match(/-?\d+\.\d+/g));
  assert.ok(decimals.length > 5);
  for (const decimal of decimals) {
    const figures = decimal.replace(/^-?0\.0*/, '').replace(/[-.]/g, '').replace(/^0+/, '').length;
    assert.ok(figures <= 4, `${decimal} has ${figures} significant figures`);
  }
  assert.deepEqual(problems(), []);
  await context.close();
});

test('feedback: the core\'s maths is typeset, and the learner\'s own text stays text', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}ch14.example1.html`);
  await waitReady(page);
  assert.equal(await answerPart(page, 'exponentials', '[a, 0, 0]'), 'incorrect');
  const words = part(page, 'exponentials').feedback.locator('.feedback-text');
  await words.locator('math').first().waitFor(); // (KaTeX comes once the verdict is shown)
  assert.ok(await words.locator('math').count() >= 2, 'e^a = 2 and e^0 = 1 are typeset');
  assert.match(await words.innerText(), /your exponentials are the scores themselves/);
  // A name the answer cannot use is quoted back as the learner typed it, never as maths
  // (D_k in the core's own words would be typeset).
  assert.equal(await answerPart(page, 'denominator', 'D_k'), 'invalid');
  const quoted = part(page, 'denominator').feedback.locator('.feedback-text');
  assert.match(await quoted.textContent(), /'D_k' is not a name/);
  assert.equal(await quoted.locator('math').count(), 0);
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the heatmap\'s caption says which cells carry more weight, light and dark', async () => {
  for (const [scheme, looks] of [['light', 'darker'], ['dark', 'lighter']]) {
    const { page, context, problems } = await newCheckedPage(browser);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${server.url}figures.html`);
    await waitReady(page);
    const caption = page.locator('figure[data-figure="heatmap"] figcaption');
    assert.match(await caption.innerText(), new RegExp(`a ${looks} cell carries more weight`));
    // The scheme turns while the page is open: the caption follows.
    const other = scheme === 'light' ? ['dark', 'lighter'] : ['light', 'darker'];
    await page.emulateMedia({ colorScheme: other[0] });
    await page.waitForFunction((word) => document.querySelector('figure[data-figure="heatmap"] figcaption').textContent
      .includes(`a ${word} cell`), other[1]);
    assert.deepEqual(problems(), []);
    await context.close();
  }
});

test('the class report typesets the maths of a written item\'s checklist', async () => {
  const { page, context, problems } = await newCheckedPage(browser);
  await page.goto(`${server.url}report.html`);
  await waitReady(page);
  await page.locator('#report-files').setInputFiles({ name: 'interactions.txt', mimeType: 'text/plain',
    buffer: Buffer.from(classReport(classOfThree())) });
  await page.locator('#report[data-state="ready"]').waitFor();
  const checklist = page.locator('section.report-written[data-exercise="ch14.ex2"] .report-checklist');
  await checklist.locator('li math').first().waitFor({ state: 'attached' }); // (in a closed <details>)
  assert.ok(!(await checklist.locator('li').allTextContents()).some((text) => text.includes('$')), 'no TeX left as text');
  assert.deepEqual(problems(), []);
  await context.close();
});
