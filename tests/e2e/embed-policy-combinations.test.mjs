// Every combination of the feedback policy's settings (issue 42): attempts (none, 1, 3) ×
// values (shown, hidden) × working (shown, hidden) × follow-through (counts, noted), 24 in all,
// each an <attention-exercise> of Exercise 19.3 on one course page. For each, the same checks
// (two-figure decimals that agree with the value and that do not, a near miss, wrong weights,
// then a sum that follows from them), and:
//   - where values are hidden, no expected value anywhere a learner or a tool could read it:
//     the element's text (the feedback among it), the accessibility tree's names, the events
//     the page receives, and (the 12 hidden combinations, each launched as a SCORM 2004 package
//     in scorm-again) what the LMS stores; and the agreeing and the disagreeing decimals are
//     told alike and cost nothing;
//   - the rule sentence says what each setting does and nothing else, and the page does it:
//     the attempt limit closes a part (which then says only that it is closed), hidden values
//     keep the working shut, hidden working opens only when the parts are settled, noted
//     follow-through marks the following sum not correct.
// Where values are shown, the same detector finds the values (the working opened): the check
// can fail. Every sentence is printed (t.diagnostic).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { startServer, launchBrowser, newCheckedPage } from './harness.mjs';
import { hostPage, startHost } from './embed-helpers.mjs';
import { installPackage } from './scorm-lms.mjs';
import { loadCompanion } from '../../web/companion.mjs';
import { policyQuery, readPolicy } from '../../web/ui/feedback-policy.mjs';
import { main as scormPackage } from '../../tools/scorm-package.mjs';

const companion = await loadCompanion();
const EXERCISE = 'ch19.ex3';
let site;
let course;
let lms;
let browser;
let out;

before(async () => {
  site = await startServer();
  course = await startHost();
  lms = await startHost();
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'policy-combinations-'));
  const [zip] = scormPackage(['--exercises', EXERCISE, '--title', 'Policies', '--version', '2004', '--out', out]);
  installPackage(lms, 'p2004', zip, '2004');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), course?.stop(), lms?.stop()]);
  fs.rmSync(out, { recursive: true, force: true });
});

// The 24 policies, as query strings.
const COMBINATIONS = [];
for (const attempts of [null, 1, 3]) {
  for (const values of ['shown', 'hidden']) {
    for (const working of ['shown', 'hidden']) {
      for (const followThrough of ['counts', 'noted']) {
        COMBINATIONS.push(policyQuery({ attempts, values, working, followThrough }));
      }
    }
  }
}
const policyOf = (query) => readPolicy((name) => new URLSearchParams(query).get(name)).policy;

// The weights' value, as the core computes it, and every way a page could write it (2, 3 and 4
// significant figures, and the core's own decimals).
const VALUE = String(companion.grade(EXERCISE, 'weights', '[0, 0, 0]').expected).match(/-?\d+\.\d+/g).map(Number);
const VALUE_TOKENS = new Set(VALUE.flatMap((v) => [v.toPrecision(2), v.toPrecision(3), v.toPrecision(4), String(v)]));
assert.equal(VALUE.length, 3);
const list = (xs) => `[${xs.join(', ')}]`;
// What the learner types (chosen from the value, checked against the core's rules below).
const AGREE = list(VALUE.map((v) => v.toPrecision(2)));
const DISAGREE = list(VALUE.map((v) => v.toPrecision(2).replace(/\d$/, (d) => String((Number(d) + 3) % 10))));
const NEAR = list(VALUE.map((v, i) => (i === 0 ? (Number(v.toPrecision(3)) + 0.001).toFixed(3) : v.toPrecision(3))));
// Wrong, but weights that could be a softmax's (they add up to 1 at the places typed, within
// half a unit an entry), so that a sum follows from them: 0.232 + 0.629 + 0.140 = 1.001, not
// the value (1).
const WRONG = '[0.232, 0.629, 0.140]';
const SUM = '1.001';
const TYPED = [AGREE, DISAGREE, NEAR, WRONG, SUM];
assert.equal(companion.grade(EXERCISE, 'weights', AGREE).verdict, 'invalid', 'with values shown, too few digits that agree');
assert.equal(companion.grade(EXERCISE, 'weights', DISAGREE).verdict, 'incorrect', 'and that do not: plainly wrong');
assert.ok(companion.grade(EXERCISE, 'weights', NEAR).nearMiss, 'a near miss');
assert.equal(companion.grade(EXERCISE, 'weight_sum', SUM, { earlier: { weights: WRONG } }).followThrough?.from?.[0], 'weights');

// The decimals in a text, less those of what the learner typed.
const valueTokensIn = (text) => {
  let rest = String(text);
  for (const typed of TYPED) rest = rest.replaceAll(typed, ' ');
  return (rest.match(/\d+\.\d+/g) ?? []).filter((token) => VALUE_TOKENS.has(token));
};

// One check in an element (a Locator of <attention-exercise>): -> {refused} when the part is
// closed, else what the part shows after the graded event.
async function check(element, part, text) {
  return element.evaluate((node, [name, typed]) => new Promise((resolve) => {
    const section = node.shadowRoot.querySelector(`section.part[data-part="${name}"]`);
    const field = section.querySelector('.answer');
    if (field.readOnly) {
      resolve({ refused: true });
      return;
    }
    field.value = typed;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    node.addEventListener('attention-graded', (event) => {
      const feedback = section.querySelector('.feedback');
      resolve({ verdict: event.detail.verdict, attempts: event.detail.attempts, followThrough: feedback.dataset.followThrough ?? null,
        feedback: [...feedback.querySelectorAll('p:not(.read-as)')].map((p) => p.textContent).join(' '),
        closed: field.readOnly, attemptsLine: section.querySelector('.attempts').textContent });
    }, { once: true });
    section.querySelector('button.check').click();
  }), [part, text]);
}

// The checks every combination gets, with what its policy says must happen; -> the results.
async function runChecks(element, query) {
  const policy = policyOf(query);
  const hidden = policy.values === 'hidden';
  const limit = policy.attempts ?? Infinity;
  let used = 0;
  const results = {};
  for (const [key, text] of [['agree', AGREE], ['disagree', DISAGREE], ['near', NEAR], ['wrong', WRONG]]) {
    const result = await check(element, 'weights', text);
    results[key] = result;
    if (used >= limit) {
      assert.deepEqual(result, { refused: true }, `${query}: ${key} on a closed part`);
      continue;
    }
    const free = result.verdict === 'invalid';
    if (!free) used += 1;
    assert.equal(result.attempts, used, `${query}: ${key}`);
    if (used >= limit) {
      // Closed by its limit: it says only that, and what is left (never "yet", never "check again").
      assert.ok(result.closed, `${query}: closed after ${limit}`);
      if (result.verdict !== 'correct') {
        assert.match(result.feedback, /^Not correct No attempts left: this part is closed/, query);
        assert.doesNotMatch(result.feedback, /yet|Check each step|try again/i, query);
      }
    }
  }
  // Hidden values: the agreeing and the disagreeing two-figure decimals are told alike and cost nothing.
  if (hidden) {
    assert.equal(results.agree.verdict, 'invalid', query);
    assert.deepEqual({ ...results.disagree, attemptsLine: null }, { ...results.agree, attemptsLine: null }, `${query}: told alike`);
    if (!results.near.refused) assert.doesNotMatch(results.near.feedback, /too (high|low)|near miss|one unit/, query);
  } else {
    assert.notEqual(results.agree.verdict, results.disagree.verdict, `${query}: with values shown they differ`);
    if (!results.near.refused) assert.match(results.near.feedback, /too high/, `${query}: the direction is told`);
  }
  // The sum that follows from the learner's own weights, where the weights last checked were those.
  results.sum = await check(element, 'weight_sum', SUM);
  if (!results.wrong.refused) {
    assert.equal(results.sum.followThrough, 'weights', query);
    assert.equal(results.sum.verdict, policy.followThrough === 'noted' ? 'incorrect' : 'correct', `${query}: follow-through`);
  }
  return results;
}

// The rule sentence: each setting said as the page applies it, and nothing that does not hold.
function checkSentence(query, sentence) {
  const policy = policyOf(query);
  if (query === '') {
    assert.equal(sentence, null, 'practice has no sentence');
    return;
  }
  assert.match(sentence, /^Your teacher set this activity so that .+\.$/);
  const says = (pattern, holds) => assert.equal(pattern.test(sentence), holds, `${query}: ${pattern} in "${sentence}"`);
  says(/at most (one graded check|3 graded checks).*closed once it is correct or out of checks/, policy.attempts !== null);
  says(/gives no value you did not type/, policy.values === 'hidden');
  says(/fewer than 3 significant figures is not checked/, policy.values === 'hidden');
  says(/the working.*are not shown/, policy.values === 'hidden');
  says(/the working opens once every part is correct/, policy.values === 'shown' && policy.working === 'hidden');
  says(/marked against the exact values/, policy.followThrough === 'noted');
}

test('every combination of the policy\'s settings: no value shown where values are hidden, and one rule sentence that holds', async (t) => {
  const elements = COMBINATIONS.map((query, index) => `<attention-exercise id="p${index}" exercise="${EXERCISE}"` +
    `${[...new URLSearchParams(query)].map(([name, value]) => ` ${name}="${value}"`).join('')}></attention-exercise>`);
  course.write('policies.html', hostPage(`${elements.join('\n')}\n<script src="${site.url}attention-exercise.js"></script>`));
  const { page, context, problems } = await newCheckedPage(browser);
  await context.addInitScript(() => {
    window.events = [];
    for (const type of ['ready', 'graded', 'written', 'progress']) {
      document.addEventListener(`attention-${type}`, (event) => window.events.push({ id: event.target.id, type, detail: event.detail }));
    }
  });
  await page.goto(`${course.url}policies.html`);
  for (const [index, query] of COMBINATIONS.entries()) {
    const policy = policyOf(query);
    const element = page.locator(`#p${index}`);
    await element.scrollIntoViewIfNeeded();
    await element.locator('section.part[data-part="weights"]').waitFor();
    const sentence = await element.evaluate((node) => node.shadowRoot.querySelector('.policy-note')?.textContent ?? null);
    t.diagnostic(`${query || '(practice)'}: ${sentence ?? '(no sentence)'}`);
    checkSentence(query, sentence);
    // The working as the sentence says: never under hidden values; closed until settled under hidden working.
    const working = element.locator('.working-section');
    if (policy.values === 'hidden') {
      assert.equal(await working.locator('button.show-working').count(), 0, query);
      assert.match(await working.locator('.working-gate').textContent(), /not to show the expected values/);
    } else {
      assert.equal(await working.locator('button.show-working').getAttribute('aria-disabled'), policy.working === 'hidden' ? 'true' : null, query);
    }
    await runChecks(element, query);
    if (policy.values === 'shown' && policy.working === 'shown') {
      await working.locator('button.show-working').click();
      await working.locator('table').first().waitFor();
    }
    // What the learner, a screen reader and the course page could read.
    const text = await element.evaluate((node) => {
      // (Each text node apart, and every attribute's value: cells run together in textContent.)
      const out = [];
      const walker = document.createTreeWalker(node.shadowRoot, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) out.push(walker.currentNode.nodeValue);
      for (const each of node.shadowRoot.querySelectorAll('*')) for (const attribute of each.attributes) out.push(attribute.value);
      return out.join('\n');
    });
    const names = await element.ariaSnapshot(); // (the accessibility tree of the element: roles, names, values)
    const events = JSON.stringify((await page.evaluate((id) => window.events.filter((e) => e.id === id).map((e) => e.detail), `p${index}`)),
      (key, value) => (key === 'text' ? undefined : value));
    const found = { text: valueTokensIn(text), events: valueTokensIn(events) };
    if (policy.values === 'hidden') {
      assert.deepEqual(found, { text: [], events: [] }, `${query}: no value`);
      assert.deepEqual(valueTokensIn(names), [], `${query}: no value in the accessibility tree`);
    } else if (policy.working === 'shown') {
      assert.ok(found.text.length > 0, `${query}: the detector finds the values in the working it opened`);
    }
  }
  assert.deepEqual(problems(), []);
  await context.close();
});

test('each combination with values hidden, as a SCORM 2004 package: the LMS stores no value either', async () => {
  for (const [index, query] of COMBINATIONS.entries()) {
    if (policyOf(query).values !== 'hidden') continue;
    // (Each launch is another learner's, in a browser of their own: the LMS page keeps its record there.)
    const { page, context, problems } = await newCheckedPage(browser);
    await page.goto(`${lms.url}p2004/lms.html?learner=l${index}&parameters=${encodeURIComponent(query)}`);
    await page.waitForFunction(() => document.getElementById('sco').contentDocument
      ?.querySelector('attention-exercise')?.dataset.ready === 'true');
    const element = page.frameLocator('#sco').locator('attention-exercise');
    await runChecks(element, query);
    await page.waitForFunction(() => window.record().suspend.includes('weight_sum'));
    const stored = JSON.stringify({ interactions: await page.evaluate(() => window.interactions()),
      objectives: await page.evaluate(() => window.objectives()), record: await page.evaluate(() => window.record()) });
    assert.deepEqual(valueTokensIn(stored), [], `${query}: no value in what the LMS stores`);
    assert.match(stored, /weights/, 'the LMS holds the checks');
    assert.deepEqual(problems(), []);
    await context.close();
  }
});
