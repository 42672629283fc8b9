// A teacher's own mistake is said on the page as the teacher wrote it (issue 47): the docs'
// worked example and each file of docs/examples/, opened by exercise.html?src= as a teacher
// serves them, each have the answer their own mistake gives (the core's `mistakes`, computed
// here, never typed in) checked in a part it reaches; the page's feedback holds the teacher's
// sentence as written, never spliced into the companion's "your … comes from …".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { answerPart, newCheckedPage, part, repoRoot, useSite, waitReady } from './harness.mjs';
import { loadCompanion } from '../../web/companion.mjs';

let server;
let browser;
useSite((s, b) => { server = s; browser = b; });

const doc = fs.readFileSync(path.join(repoRoot, 'docs', 'authoring.md'), 'utf8');
const worked = JSON.parse(/<!-- worked-example -->\n```json\n([\s\S]*?)\n```/.exec(doc)[1]);
const examplesDir = path.join(repoRoot, 'docs', 'examples');
const files = [worked, ...fs.readdirSync(examplesDir).filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(fs.readFileSync(path.join(examplesDir, f), 'utf8')))];

test('each docs example\'s own mistake reads on its page as the teacher wrote it', async () => {
  const companion = await loadCompanion({ exercises: files });
  const { page, context, problems } = await newCheckedPage(browser);
  await page.route(`${server.url}teacher/*.json`, (route) => {
    const id = decodeURIComponent(path.basename(new URL(route.request().url()).pathname, '.json'));
    return route.fulfill({ contentType: 'application/json', body: JSON.stringify(files.find((f) => f.id === id)) });
  });
  for (const file of files) {
    // The first seed and part the file's own mistake reaches with an answer a learner can type
    // (a mistake is named only where it changes the value: at seed 0 it may change none).
    const reached = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((seed) => companion.mistakes(file.id, { seed }).parts
      .flatMap((p) => p.mistakes.filter((m) => m.operation === '' && typeof m.answer === 'string')
        .map((m) => ({ seed, part: p.name, mistake: m }))));
    assert.ok(reached.length >= 1, `${file.id}: its own mistake reaches a part`);
    const { seed, part: name, mistake } = reached[0];
    const written = file.mistakes.find((m) => m.tag === mistake.tag).because;
    await page.goto(`${server.url}exercise.html?src=teacher/${encodeURIComponent(file.id)}.json&seed=${seed}`);
    await waitReady(page);
    assert.equal(await answerPart(page, name, mistake.answer), 'incorrect', `${file.id} ${name}`);
    const feedback = (await part(page, name).feedback.innerText()).replace(/\s+/g, ' ');
    // The sentence's words up to its first placeholder or maths, as the teacher wrote them.
    const lead = written.split(/\{\{|\$/)[0].trim();
    assert.ok(lead.length >= 12, `${file.id}: a sentence to look for`);
    assert.ok(feedback.includes(lead), `${file.id} ${name}: ${feedback}`);
    assert.doesNotMatch(feedback, /comes? from Your|from [A-Z][a-z]+ [a-z]+ is the/, `${file.id}: ${feedback}`);
  }
  assert.deepEqual(problems(), []);
  await context.close();
});
