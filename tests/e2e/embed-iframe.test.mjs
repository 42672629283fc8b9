// The iframe embed on a page of another origin (the teachers' snippets, run as written):
// minimal chrome, height reports, the postMessage events, the commands (the learner's
// answers shown on the page), written work, and the origin allow-list (a page at an origin
// not on the list gets no message and cannot command).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newCheckedPage, screenshot } from './harness.mjs';
import { snippet, localise, hostPage, startHost, partIn, answerChoice, answerLetter, letterOf } from './embed-helpers.mjs';
import { loadCompanion } from '../../web/companion.mjs';
import { learnerSeed } from '../../web/embed/learner-seed.mjs';

const companion = await loadCompanion();

let site;
let course;
let stranger;
let browser;

before(async () => {
  site = await startServer();
  course = await startHost();
  stranger = await startHost();
  browser = await launchBrowser();
  for (const host of [course, stranger]) {
    // Both pages are the guide's snippet, both naming `course` as the allowed origin.
    host.write('course.html', hostPage(localise(snippet('iframe'), { companion: site.url, course: course.url })));
  }
});

after(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), course?.stop(), stranger?.stop()]);
});

// Records every message that reaches the top page, with its origin.
async function recordingPage() {
  const checked = await newCheckedPage(browser);
  await checked.context.addInitScript(() => {
    if (window.top !== window) return;
    window.received = [];
    window.addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
  });
  return checked;
}
const received = (page, type) => page.evaluate((t) => window.received.filter((m) => !t || m.data?.type === t), type);
const send = (page, data, origin) => page.evaluate(([d, o]) => {
  document.getElementById('attention').contentWindow.postMessage(d, o);
}, [data, origin]);
const waitFor = async (page, type, count = 1) => {
  await page.waitForFunction(([t, n]) => window.received.filter((m) => m.data?.type === t).length >= n, [type, count]);
  return received(page, type);
};

test('an iframe embed on another origin reports ready, resize, graded and progress to that origin', async () => {
  const { page, context, problems } = await recordingPage();
  const logs = [];
  page.on('console', (message) => logs.push(message.text()));
  await page.goto(`${course.url}course.html`);
  const [ready] = await waitFor(page, 'ready');
  await waitFor(page, 'resize');
  assert.deepEqual((await received(page)).slice(0, 2).map((m) => m.data.type), ['ready', 'resize'], 'ready comes first');
  const siteOrigin = site.url.replace(/\/$/, '');
  assert.equal(ready.origin, siteOrigin);
  assert.equal(ready.data.protocol, 'attention-companion');
  assert.equal(ready.data.version, 1);
  assert.deepEqual(ready.data.exercises.map((item) => item.exercise), ['ch14.ex1']);
  assert.equal(ready.data.seed, 42);

  const frame = page.frameLocator('#attention');
  assert.equal(await frame.locator('.site-header, nav').count(), 0, 'no site chrome in the embed');
  assert.equal(await frame.locator('#notice .notice').count(), 0, 'its page is on the allow-list: nothing to say');
  const resize = (await waitFor(page, 'resize')).at(-1);
  assert.ok(resize.data.height > 200, `height ${resize.data.height}`);
  await page.waitForFunction(() => parseInt(document.getElementById('attention').style.height, 10) > 200);
  const frameBox = await page.locator('#attention').boundingBox();
  const inner = await frame.locator('body').evaluate((body) => body.scrollHeight);
  assert.ok(Math.abs(frameBox.height - inner) <= 2, `the frame fits its content (${frameBox.height} vs ${inner})`);

  const parts = await frame.locator('section.part').evaluateAll((sections) => sections.map((s) => s.dataset.part));
  const input = frame.locator(`section.part[data-part="${parts[0]}"] input.answer`);
  await input.fill('[0, 0, 0]');
  await input.press('Enter');
  const [graded] = await waitFor(page, 'graded');
  assert.equal(graded.origin, siteOrigin);
  assert.equal(graded.data.exercise, 'ch14.ex1');
  assert.equal(graded.data.part, parts[0]);
  assert.equal(graded.data.verdict, 'incorrect');
  assert.equal(graded.data.score, 0);
  assert.equal(graded.data.attempts, 1);
  const progress = (await waitFor(page, 'progress')).at(-1);
  assert.equal(progress.data.total, parts.length);
  assert.equal(progress.data.exercises[0].parts[parts[0]].text, '[0, 0, 0]');
  assert.ok(logs.some((line) => line.startsWith(`ch14.ex1 ${parts[0]}: incorrect, score 0, 1 attempts`)),
    'the snippet\'s own listener saw the graded event');
  const before = (await received(page, 'resize')).length;
  await page.waitForFunction((n) => window.received.filter((m) => m.data?.type === 'resize').length > n, before - 1);

  // Commands from the allowed origin: getState (the snippet's own button, which shows the
  // answers on the page), setSeed, reset.
  await page.locator('#ask').click();
  const [state] = await waitFor(page, 'state');
  assert.equal(state.data.requestId, 1);
  assert.equal(state.data.exercises[0].parts[parts[0]].verdict, 'incorrect');
  await page.locator('#answers', { hasText: `ch14.ex1 ${parts[0]}: [0, 0, 0] incorrect` }).waitFor();
  assert.match(await page.locator('#answers').textContent(), new RegExp(`ch14\\.ex1 ${parts[1]}: \\(nothing yet\\)`));
  await send(page, { protocol: 'attention-companion', version: 1, type: 'setSeed', seed: 5 }, siteOrigin);
  await frame.locator('.aw-seed').waitFor();
  await send(page, { protocol: 'attention-companion', version: 1, type: 'setSeed', seed: 42 }, siteOrigin);
  await page.waitForFunction(() => window.received.filter((m) => m.data?.type === 'progress' && m.data.exercises[0].seed === 42).length > 1);
  assert.equal(await input.inputValue(), '[0, 0, 0]', 'the answer at seed 42 is still there');
  await send(page, { protocol: 'attention-companion', version: 1, type: 'reset' }, siteOrigin);
  await page.waitForFunction(() => window.received.some((m) => m.data?.type === 'progress'
    && Object.values(m.data.exercises[0].parts).every((p) => p.text === '' && p.attempts === 0)));
  assert.equal(await frame.locator(`section.part[data-part="${parts[0]}"] input.answer`).inputValue(), '');
  await send(page, { protocol: 'attention-companion', version: 9, type: 'getState' }, siteOrigin);
  const [error] = await waitFor(page, 'error');
  assert.match(error.data.message, /version 1/);
  assert.ok((await received(page)).every((m) => m.origin === siteOrigin));
  await screenshot(page, 'embed-iframe');
  assert.deepEqual(problems(), []);
  await context.close();
});

// The embed shows the same part form as the exercise page: a choice part is a radio group
// graded by option id, the roles exercise shows its lettered arrays and a letter picker.
test('choice and letter parts in iframe embeds are a radio group and a letter picker, graded and reported', async () => {
  const { page, context, problems } = await recordingPage();
  const embed = (exercise) => `${site.url}embed.html?exercise=${exercise}&origin=${encodeURIComponent(course.origin)}`;
  course.write('parts.html', hostPage(
    `<iframe id="choice" title="Choice" style="width: 100%; height: 700px" src="${embed('ch19.ex11')}"></iframe>\n` +
    `<iframe id="roles" title="Roles" style="width: 100%; height: 900px" src="${embed('ch19.ex1')}"></iframe>`));
  await page.goto(`${course.url}parts.html`);
  await waitFor(page, 'ready', 2);
  const choice = page.frameLocator('#choice');
  const batched = partIn(choice, 'ch19.ex11', 'all_masked_policy_batched');
  assert.equal(await batched.locator('input[type="radio"]').count(), 4);
  assert.equal(await choice.locator('input.answer').count(), 0, 'no text box in a choice exercise');
  assert.equal(await answerChoice(choice, 'ch19.ex11', 'all_masked_policy_batched', 'zeros_flagged'), 'correct');
  assert.match(await batched.locator('.feedback .verdict-title').textContent(), /^Correct/);
  assert.equal(await answerChoice(choice, 'ch19.ex11', 'all_masked_policy_single', 'nan'), 'incorrect');

  const roles = page.frameLocator('#roles');
  assert.equal(await roles.locator('.roles-array').count(), 6, 'the six arrays are shown under their letters');
  const query = await letterOf(roles, 'ch19.ex1', '[0.800, -0.300, 0.500]');
  const weights = await letterOf(roles, 'ch19.ex1', '[0.123, 0.361, 0.200, 0.101, 0.215]');
  assert.equal(await answerLetter(roles, 'ch19.ex1', 'query', query), 'correct');
  assert.equal(await answerLetter(roles, 'ch19.ex1', 'weights', query), 'incorrect');

  const graded = (await waitFor(page, 'graded', 4)).map(({ data }) => [data.exercise, data.part, data.verdict, data.attempts]);
  assert.deepEqual(graded, [
    ['ch19.ex11', 'all_masked_policy_batched', 'correct', 1], ['ch19.ex11', 'all_masked_policy_single', 'incorrect', 1],
    ['ch19.ex1', 'query', 'correct', 1], ['ch19.ex1', 'weights', 'incorrect', 1]]);
  await page.waitForFunction(() => window.received.some((m) => m.data?.type === 'progress'
    && m.data.exercises[0].exercise === 'ch19.ex1' && m.data.exercises[0].parts.weights?.text !== ''));
  const progress = (await received(page, 'progress')).filter((m) => m.data.exercises[0].exercise === 'ch19.ex1').at(-1);
  assert.equal(progress.data.exercises[0].parts.query.text, query);
  assert.equal(progress.data.correct, 1);
  const ex11 = (await received(page, 'progress')).filter((m) => m.data.exercises[0].exercise === 'ch19.ex11').at(-1);
  assert.deepEqual(ex11.data.exercises[0].parts.all_masked_policy_batched, { text: 'zeros_flagged', verdict: 'correct', attempts: 1 });

  // A second letter for the weights: the right one this time.
  await partIn(roles, 'ch19.ex1', 'weights').locator('select.answer-letter').selectOption(weights);
  await partIn(roles, 'ch19.ex1', 'weights').locator('button.check').click();
  await partIn(roles, 'ch19.ex1', 'weights').locator('.feedback[data-verdict="correct"]').waitFor();
  assert.equal(await partIn(roles, 'ch19.ex1', 'weights').locator('.attempts').textContent(), '2 attempts');
  await screenshot(page, 'embed-iframe-choice-letters');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('a page at an origin not on the allow-list gets no message and its commands are ignored', async () => {
  const { page, context, problems } = await recordingPage();
  await page.goto(`${stranger.url}course.html`);
  const frame = page.frameLocator('#attention');
  await frame.locator('body[data-ready="true"]').waitFor();
  const parts = await frame.locator('section.part').evaluateAll((sections) => sections.map((s) => s.dataset.part));
  const input = frame.locator(`section.part[data-part="${parts[0]}"] input.answer`);
  await input.fill('[1, 2, 3]');
  await input.press('Enter');
  await frame.locator(`section.part[data-part="${parts[0]}"] .feedback .verdict`).waitFor();
  for (const type of ['getState', 'reset', 'setSeed']) {
    await send(page, { protocol: 'attention-companion', version: 1, type, seed: 3, requestId: 7 }, '*');
  }
  await page.waitForTimeout(800);
  assert.deepEqual(await received(page), [], 'nothing was posted to this origin');
  // The frame says why, naming the origin it saw and the one allowed, where the frame's
  // first 150 px show it.
  const notice = frame.locator('#notice .notice');
  const strangerOrigin = stranger.url.replace(/\/$/, '');
  assert.equal(await notice.textContent(), `This embed sends no results to the page around it, at ${strangerOrigin}: ` +
    `its address allows only ${course.url.replace(/\/$/, '')}. To receive them there, add &origin=${strangerOrigin} to this embed’s address.`);
  assert.ok((await notice.boundingBox()).y < 150, 'the notice is at the top of the frame');
  assert.equal(await input.inputValue(), '[1, 2, 3]', 'reset from a foreign origin was ignored');
  assert.match(await frame.locator('.aw-seed').textContent(), /Variant 42:/, 'setSeed from a foreign origin was ignored');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('embed.html without an allow-list posts nothing and ignores commands; a chapter embed lists its exercises', async () => {
  const { page, context, problems } = await recordingPage();
  course.write('open.html', hostPage(`<iframe id="attention" title="Chapter" style="width: 100%; height: 600px" src="${site.url}embed.html?chapter=14"></iframe>`));
  await page.goto(`${course.url}open.html`);
  const frame = page.frameLocator('#attention');
  await frame.locator('body[data-ready="true"]').waitFor();
  const articles = await frame.locator('article.aw-exercise').evaluateAll((nodes) => nodes.map((n) => n.dataset.exercise));
  assert.ok(articles.length > 3 && articles.every((id) => id.startsWith('ch14.')));
  const courseOrigin = course.url.replace(/\/$/, '');
  assert.equal(await frame.locator('#notice .notice').textContent(), `This embed sends no results to the page around it, at ${courseOrigin}: ` +
    `its address names no &origin=. To receive them there, add &origin=${courseOrigin} to this embed’s address.`);
  const input = frame.locator('section.part input.answer').first();
  await input.fill('[0, 0, 0]');
  await input.press('Enter');
  await frame.locator('section.part .feedback .verdict').first().waitFor();
  await send(page, { protocol: 'attention-companion', version: 1, type: 'getState' }, '*');
  await page.waitForTimeout(800);
  assert.deepEqual(await received(page), [], 'nothing is posted without an allow-list: no "*"');
  await screenshot(page, 'embed-chapter');
  assert.deepEqual(problems(), []);
  await context.close();
});

// Issue 9: an &origin that is not exactly scheme://host[:port] fails closed: the embed
// names it on screen and posts nothing, not even its height, and obeys no command.
test('a malformed &origin is named on screen and nothing is posted, to any origin', async () => {
  const { page, context, problems } = await recordingPage();
  const bad = ['*', 'null', `${course.origin}/course.html`, `${course.origin}/`, 'course.example', 'javascript:alert(1)'];
  for (const [index, origin] of bad.entries()) {
    course.write(`bad-${index}.html`, hostPage(`<iframe id="attention" title="Exercise" style="width: 100%; height: 600px" ` +
      `src="${site.url}embed.html?exercise=ch14.ex1&origin=${encodeURIComponent(origin)}"></iframe>`));
    await page.goto(`${course.url}bad-${index}.html`);
    const frame = page.frameLocator('#attention');
    await frame.locator('body[data-ready="true"]').waitFor();
    const notice = frame.locator('#notice .notice-error');
    await notice.waitFor();
    const text = await notice.textContent();
    assert.ok(text.includes(`“${origin}”`), `the notice names ${origin}: ${text}`);
    assert.match(text, /sends nothing/);
    assert.match(text, /scheme:\/\/host\[:port\].*https:\/\/course\.example/);
    const input = frame.locator('section.part input.answer').first();
    await input.fill('[1, 2, 3]');
    await input.press('Enter');
    await frame.locator('section.part .feedback .verdict').first().waitFor();
    await send(page, { protocol: 'attention-companion', version: 1, type: 'reset' }, '*');
    await page.waitForTimeout(500);
    assert.deepEqual(await received(page), [], `${origin}: nothing was posted`);
    assert.equal(await input.inputValue(), '[1, 2, 3]', `${origin}: no command was obeyed`);
    if (index === 0) await screenshot(page, 'embed-bad-origin');
  }
  // A list with one good origin and one bad one: the good one gets the events, the bad one is named.
  course.write('mixed.html', hostPage(`<iframe id="attention" title="Exercise" style="width: 100%; height: 600px" ` +
    `src="${site.url}embed.html?exercise=ch14.ex1&origin=${encodeURIComponent(`*,${course.origin}`)}"></iframe>`));
  await page.goto(`${course.url}mixed.html`);
  await waitFor(page, 'ready');
  const notice = page.frameLocator('#attention').locator('#notice .notice-error');
  assert.match(await notice.textContent(), new RegExp(`“\\*” is not an origin. Results are sent only to ${course.origin.replace(/[.:/]/g, '\\$&')}`));
  assert.ok((await received(page)).every((m) => m.origin === site.url.replace(/\/$/, '')));
  assert.deepEqual(problems(), []);
  await context.close();
});

// Issue 9: setSeed reads its seed with the one seed parser: '', null, '0x10', ' 7 ', '1e3'
// and true are refused with an error event naming them, and the variant does not change.
test('setSeed refuses seeds that are not decimal digits, naming them, and leaves the variant as it was', async () => {
  const { page, context, problems } = await recordingPage();
  await page.goto(`${course.url}course.html`);
  await waitFor(page, 'ready');
  const siteOrigin = site.url.replace(/\/$/, '');
  const frame = page.frameLocator('#attention');
  const hostile = ['', null, '0x10', ' 7 ', '1e3', true, [], -1, 4294967296];
  for (const [index, seed] of hostile.entries()) {
    await send(page, { protocol: 'attention-companion', version: 1, type: 'setSeed', seed, requestId: 100 + index }, siteOrigin);
  }
  await page.waitForFunction((n) => window.received.filter((m) => m.data?.type === 'error').length >= n, hostile.length);
  const errors = await received(page, 'error');
  for (const [index, seed] of hostile.entries()) {
    const error = errors.find((m) => m.data.requestId === 100 + index);
    assert.ok(error, `an error for seed ${JSON.stringify(seed)}`);
    assert.match(error.data.message, /is not a whole number from 0 to 4294967295/);
    if (typeof seed === 'string') assert.ok(error.data.message.includes(JSON.stringify(seed)), error.data.message);
  }
  assert.match(await frame.locator('.aw-seed').textContent(), /Variant 42:/, 'the variant is unchanged');
  await send(page, { protocol: 'attention-companion', version: 1, type: 'setSeed', seed: '7' }, siteOrigin);
  await page.waitForFunction(() => window.received.some((m) => m.data?.type === 'progress' && m.data.exercises[0].seed === 7));
  assert.deepEqual(problems(), []);
  await context.close();
});

test('the README\'s quick iframe shows the exercise and reports to the course page', async () => {
  const { page, context, problems } = await recordingPage();
  course.write('quick.html', hostPage(localise(snippet('quick-iframe'), { companion: site.url, course: course.url })));
  await page.goto(`${course.url}quick.html`);
  const [ready] = await waitFor(page, 'ready');
  assert.deepEqual(ready.data.exercises.map((item) => item.exercise), ['ch14.ex1']);
  const frame = page.frameLocator('iframe');
  assert.equal(await frame.locator('h1').textContent(), companion.exercise('ch14.ex1').title);
  assert.ok(await frame.locator('section.part').count() >= 3);
  assert.equal(await frame.locator('#notice .notice').count(), 0, 'its page is the allowed origin');
  assert.deepEqual(problems(), []);
  await context.close();
});

// Written work: an explanation and a design task's plan, read back from the page's events.
test('an explanation and a design task written in iframes reach the course page as written events and in the state', async () => {
  const { page, context, problems } = await recordingPage();
  const logs = [];
  page.on('console', (message) => logs.push(message.text()));
  const full = localise(snippet('iframe'), { companion: site.url, course: course.url });
  course.write('written.html', hostPage(full.replace('exercise=ch14.ex1', 'exercise=ch14.ex2') +
    `\n<iframe id="plan" title="Design task" style="width: 100%; height: 900px" src="${site.url}embed.html?exercise=ch19.ex20&origin=${encodeURIComponent(course.origin)}"></iframe>`));
  await page.goto(`${course.url}written.html`);
  await waitFor(page, 'ready', 2);
  const explanation = 'The weights are a distribution:\nthey are positive and add up to one.';
  const explain = page.frameLocator('#attention').locator('section.explain-part[data-explain="why_not_a_distribution"]');
  await explain.locator('textarea.open-notes').fill(explanation);
  await explain.locator('input.checklist-box').first().check();
  const plan = page.frameLocator('#plan').locator('section.open-task');
  await plan.locator('textarea.open-notes').fill('Test the mask on a padded batch first.');
  await page.waitForFunction(() => ['why_not_a_distribution', 'plan'].every((item) => window.received
    .some((m) => m.data?.type === 'written' && m.data.item === item && m.data.text.length > 20)));
  const written = (await received(page, 'written')).map((m) => m.data);
  const last = (item) => written.filter((w) => w.item === item).at(-1);
  assert.deepEqual([last('why_not_a_distribution').exercise, last('why_not_a_distribution').text, last('why_not_a_distribution').ticked],
    ['ch14.ex2', explanation, [0]]);
  assert.ok(last('why_not_a_distribution').points > 0);
  assert.deepEqual([last('plan').exercise, last('plan').text], ['ch19.ex20', 'Test the mask on a padded batch first.']);
  assert.ok(logs.some((line) => line === `ch14.ex2 why_not_a_distribution: wrote ${explanation.length} characters`),
    'the snippet\'s own listener saw the written event');
  // In the state too, ungraded: no verdict, no share of the score.
  await page.locator('#ask').click();
  const [state] = await waitFor(page, 'state');
  assert.equal(state.data.exercises[0].written.why_not_a_distribution.text, explanation);
  assert.equal(state.data.total, companion.exercise('ch14.ex2').parts.length);
  // The reference notes open once something is written, as on the site.
  await explain.locator('button.reveal-notes').click();
  await explain.locator('.reference-notes h4, .reference-notes h3').first().waitFor();
  await screenshot(page, 'embed-iframe-written');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('an iframe with a learner key gives each learner their own variant of each exercise, as the component and SCORM do', async () => {
  const { page, context, problems } = await recordingPage();
  const courseOrigin = course.url.replace(/\/$/, '');
  const frame = (query) => `<iframe id="attention" title="Exercise" style="width: 100%; height: 600px" ` +
    `src="${site.url}embed.html?exercise=ch19.ex3&origin=${courseOrigin}${query}"></iframe>`;
  const seedOf = async (query) => {
    course.write('learner.html', hostPage(frame(query)));
    await page.evaluate(() => { window.received = []; });
    await page.goto(`${course.url}learner.html`);
    const [ready] = await waitFor(page, 'ready');
    return ready.data;
  };
  const ana = await seedOf('&learner=ana%40school.example&salt=week3');
  assert.equal(ana.seed, null, 'each exercise\'s seed is in its own state');
  assert.equal(ana.exercises[0].seed, learnerSeed('ana@school.example', 'ch19.ex3', 'week3'));
  assert.match(await page.frameLocator('#attention').locator('.aw-seed').textContent(), new RegExp(`Variant ${ana.exercises[0].seed}`));
  const ben = await seedOf('&learner=ben&salt=week3');
  assert.equal(ben.exercises[0].seed, learnerSeed('ben', 'ch19.ex3', 'week3'));
  assert.notEqual(ben.exercises[0].seed, ana.exercises[0].seed);
  // A seed and a learner key together are refused, by name.
  course.write('learner.html', hostPage(frame('&learner=ana&seed=4')));
  await page.goto(`${course.url}learner.html`);
  const status = page.frameLocator('#attention').locator('#status');
  await status.filter({ hasText: 'not both' }).waitFor();
  assert.match(await status.textContent(), /Give this embed a &seed= or a &learner=, not both\./);
  assert.deepEqual(problems(), []);
  await context.close();
});
