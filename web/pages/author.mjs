// author.html: a teacher's preview of their own exercise file (docs/authoring.md). The file
// is opened (input type=file) or pasted, read here and never sent anywhere; it is parsed as
// JSON (ui/teacher-exercise.mjs) and handed to the exercise core as the learner's pages
// would have it (loadCompanion({exercises: [doc], core: 'exercises'})). The page shows:
//   - the learner's view at a seed, drawn with the exercise page's own pieces (ui/part-view,
//     part-table, open-task, working-block, inputs-view, answer-help: the same texts, fields,
//     verdicts, hints and working), its answers tried here graded and not kept;
//   - a seed control (0: the file as written; Previous, Next, or a number);
//   - each part's expected value and each named mistake's value and explanation at that seed
//     (companion.mistakes);
//   - "Check over 1,000 seeds": the check's slices of seeds shared among module Workers, one
//     per core, each on the whole core (author/check-worker.mjs, author/check-slices.mjs), with
//     a progress bar, worded by author/check-report.mjs.
// Every text from the file goes into the page as text (KaTeX typesets its $…$), never as
// HTML; a file that is not JSON, or that the core refuses, is said in a sentence.

import { el, clear } from '../ui/dom.mjs';
import { setStatus, ensureHeading } from '../ui/boot.mjs';
import { deferKatexUntil, mathTypeset, renderMathText, renderParagraphs } from '../ui/render-math.mjs';
import { afterFirstVerdict } from '../ui/offline.mjs';
import { hasWorking, workingKind } from '../ui/working-view.mjs';
import { PRACTICE } from '../ui/feedback-policy.mjs';
import { workingBlock } from '../ui/working-block.mjs';
import { roleLetters, rolesSection } from '../ui/roles-view.mjs';
import { AnswerStore } from '../ui/storage.mjs';
import { layParts } from '../ui/part-view.mjs';
import * as partTables from '../ui/part-table.mjs';
import { openTaskView, explainView } from '../ui/open-task.mjs';
import { hasVariants } from '../ui/variant-control.mjs';
import { inputsBlock } from '../ui/inputs-view.mjs';
import { answerHelp } from '../ui/answer-help.mjs';
import { MAX_EXERCISE_CHARS, readExerciseText } from '../ui/teacher-exercise.mjs';
import { readSeed } from '../seed.mjs';
import { loadCompanion } from '../companion.mjs';
import { messageOf } from '../error-message.mjs';
import { checkWords } from '../author/check-report.mjs';
import { checkOverWorkers } from '../author/check-slices.mjs';

const CHECK_SEEDS = 1000;
const MAX_SEED = 2 ** 32 - 1;

// KaTeX comes after the first answer checked in the preview (or a while on the page): before
// it, the page weighs the core and itself (web/ui/render-math.mjs), and maths shows its TeX.
let firstVerdict;
// KaTeX, and the whole core that computes each part's working (companion.solutions), come after
// the preview's first verdict or a while on the page, so that neither stands before it.
const afterFirst = afterFirstVerdict(new Promise((resolve) => { firstVerdict = resolve; }));
deferKatexUntil(afterFirst);

// Answers tried in the preview are graded and kept only while the page is open.
class PreviewStore extends AnswerStore {
  persist() { return true; }
}

const $ = (id) => document.getElementById(id);

// A message under the file's field: null clears it.
function say(text, kind = 'error') {
  clear($('author-message'));
  if (text) $('author-message').append(el('p', { class: `status status-${kind}` }, text));
}

// A value as the core gives it, as text.
const valueText = (value) => (typeof value === 'string' ? value : JSON.stringify(value));

// The learner's view of `exercise` at `seed`, as the exercise page draws it (its title one
// level down, under the page's own heading). -> the drawn article's content.
async function learnerView(companion, exercise, seed) {
  const store = new PreviewStore(null);
  const content = el('div', { class: 'author-exercise' });
  content.append(el('h2', { class: 'author-title' }, exercise.title ?? exercise.id));
  if (seed) content.append(el('p', { class: 'variant-badge' }, `Variant ${seed}`));
  const intro = el('div', { class: 'intro' });
  content.append(intro);
  const introTypeset = renderParagraphs(intro, exercise.intro ?? '');
  const parts = Array.isArray(exercise.parts) ? exercise.parts : [];
  if (exercise.offers?.showsInputs === true && exercise.inputs && Object.keys(exercise.inputs).length > 0 && parts.length) {
    content.append(inputsBlock(exercise, seed));
  }
  const letters = roleLetters(exercise);
  const help = answerHelp(exercise, { letters });
  if (help) content.append(help.section);
  const roles = rolesSection(exercise);
  if (roles) content.append(roles);
  let working = null;
  const views = [];
  const settle = () => working?.update(views.every((view) => view.settled()));
  const options = { letters, decimalRuleId: help?.decimalRuleId ?? null, policy: PRACTICE,
    onGraded: () => { settle(); firstVerdict(); }, onSaveFailed: () => {} };
  await layParts(content, views, { companion, store, exercise, seed, options, tables: partTables });
  const explained = (Array.isArray(exercise.explain) ? exercise.explain : [])
    .map((item, index) => explainView(store, exercise, item, parts.length + index + 1, { valuesHidden: false, seed }));
  content.append(...explained.map((item) => item.section));
  await Promise.all(explained.map((item) => item.ready));
  const kind = workingKind(exercise);
  if (parts.length === 0 && (kind === 'none' || Array.isArray(exercise.checklist))) content.append(openTaskView(store, exercise));
  if (hasWorking(exercise.working, kind) || exercise.working?.error) {
    working = workingBlock(exercise, { holderId: 'working-holder', headingId: 'working-heading', policy: PRACTICE });
    content.append(working.section);
  }
  settle();
  return { content, typeset: introTypeset };
}

// Each part's expected value, its working (its worked solution's lines, which arrive from the
// whole core: companion.solutions) and its named mistakes at the seed (companion.mistakes).
function answersView(described, mistakes, solutions) {
  const holder = el('div');
  const byName = new Map((described.parts ?? []).map((part) => [part.name, part]));
  for (const part of mistakes.parts ?? []) {
    const shown = byName.get(part.name);
    const section = el('section', { class: 'author-part', 'data-part': part.name },
      el('h3', {}, `Part ${part.name}${shown?.heading ? `: ${shown.heading}` : ''}`),
      el('p', {}, 'Expected: ', el('code', { class: 'author-expected' }, valueText(part.expected))));
    // The working of the part: its steps from the given inputs, as its worked solution has them.
    const working = el('div', { class: 'author-working-holder' });
    section.append(working);
    solutions.then((byPart) => {
      const lines = byPart.get(String(part.name)) ?? [];
      if (lines.length === 0) return;
      working.append(el('p', {}, 'The working:'),
        el('ol', { class: 'author-working' }, lines.map((line) => {
          // The steps name the chapters' quantities in their notation ($\\alpha_i$), typeset.
          const item = el('li', {});
          renderMathText(item, String(line));
          return item;
        })));
    }, (error) => working.append(el('p', { class: 'status status-error' },
      `The working could not be computed: ${messageOf(error)}`)));
    const list = Array.isArray(part.mistakes) ? part.mistakes : [];
    if (list.length === 0) {
      section.append(el('p', {}, 'No mistake is named for this part at this seed.'));
    } else {
      const body = el('tbody');
      for (const mistake of list) {
        const explanation = el('td', { class: 'author-explanation' });
        renderParagraphs(explanation, String(mistake.explanation ?? ''));
        body.append(el('tr', { 'data-mistake': mistake.tag },
          el('th', { scope: 'row' }, el('code', {}, String(mistake.tag))),
          el('td', {}, el('code', { class: 'author-mistake-value' }, valueText(mistake.answer))), explanation));
      }
      section.append(el('div', { class: 'table-scroll', role: 'region', 'aria-label': `Mistakes of part ${part.name}`, tabindex: '0' },
        el('table', { class: 'author-mistakes' }, el('caption', {}, `The mistakes named in part ${part.name}`),
          el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Mistake'), el('th', { scope: 'col' }, 'Its value'),
            el('th', { scope: 'col' }, 'What the learner is told'))), body)));
    }
    holder.append(section);
  }
  return holder;
}

let current = null; // {companion, doc, seed}
let checking = null; // the check under way: {terminate()} ends its Workers

function stopCheck() {
  checking?.terminate();
  checking = null;
  $('check-run').removeAttribute('aria-disabled');
  $('check-progress').hidden = true;
}

async function show(seed) {
  const { companion, doc } = current;
  current.seed = seed;
  $('seed-number').value = String(seed);
  $('seed-previous').toggleAttribute('disabled', seed === 0);
  $('seed-next').toggleAttribute('disabled', seed === MAX_SEED);
  let described;
  let mistakes;
  try {
    described = companion.exercise(doc.id, { seed });
    mistakes = companion.mistakes(doc.id, { seed });
  } catch (error) {
    const shown = $('author-shown');
    if (seed === 0) {
      shown.hidden = true;
      say(`The core refuses this file: ${messageOf(error)}`);
    } else {
      clear($('exercise')).append(el('p', { class: 'status status-error' }, `Seed ${seed} cannot be drawn: ${messageOf(error)}`));
      clear($('author-answers'));
    }
    return;
  }
  let drawn;
  try {
    drawn = await learnerView(companion, described, seed);
  } catch (error) {
    clear($('exercise')).append(el('p', { class: 'status status-error' }, `The exercise could not be drawn at seed ${seed}: ${messageOf(error)}`));
    return;
  }
  const { content, typeset } = drawn;
  if (current?.doc !== doc || current.seed !== seed) return; // another file or seed meanwhile
  clear($('exercise')).append(content);
  const solutions = afterFirst.then(() => companion.solutions(doc.id, { seed }));
  clear($('author-answers')).append(answersView(described, mistakes, solutions));
  if (seed === 0 && !hasVariants(described)) {
    $('author-answers').prepend(el('p', { class: 'author-note' }, 'This exercise draws no variants: every seed shows the same numbers.'));
  }
  document.body.dataset.seed = String(seed);
  await typeset;
  await mathTypeset();
}

// A file's text (from the file field or the text area): parsed, loaded, shown at seed 0.
async function open(text, name) {
  stopCheck();
  clear($('check-result'));
  const read = readExerciseText(text, name);
  if (read.error) {
    say(read.error);
    $('author-shown').hidden = true;
    current = null;
    return;
  }
  say(null);
  let companion;
  try {
    companion = await loadCompanion({ core: 'exercises', exercises: [read.doc] });
  } catch (error) {
    say(`The attention core could not be loaded: ${messageOf(error)}`);
    return;
  }
  current = { companion, doc: read.doc, seed: 0 };
  $('author-shown').hidden = false;
  say(`${name} is open: “${read.doc.title ?? read.doc.id}” (id ${read.doc.id}).`, 'info');
  await show(0);
}

// The check's Workers: one per core the browser reports, at most 4 (each holds a whole core,
// some megabytes; more than 4 shorten 1,000 seeds little).
const CHECK_WORKERS = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2));

// A check Worker as checkOverWorkers drives it (author/check-slices.mjs).
function checkWorker() {
  const worker = new Worker(new URL('../author/check-worker.mjs', import.meta.url), { type: 'module', name: 'attention check' });
  return {
    post: (message) => worker.postMessage(message),
    listen: (onMessage, onError) => {
      worker.addEventListener('message', ({ data }) => onMessage(data));
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        onError(new Error(`${event.message || 'its worker failed to start'}.`));
      });
    },
    end: () => worker.terminate(),
  };
}

function runCheck() {
  if (!current || checking) return;
  const { doc } = current;
  const bar = $('check-progress-bar');
  const words = $('check-progress-text');
  const result = clear($('check-result'));
  const seedsChecked = (done, seeds) => {
    bar.value = done;
    words.textContent = `${done.toLocaleString('en')} of ${seeds.toLocaleString('en')} seeds checked`;
  };
  bar.max = CHECK_SEEDS;
  seedsChecked(0, CHECK_SEEDS);
  $('check-progress').hidden = false;
  $('check-run').setAttribute('aria-disabled', 'true');
  // (Its Workers are ended by checkOverWorkers when it is over; stopCheck ends them sooner.)
  const workers = [];
  const check = { terminate: () => workers.forEach((w) => w.end()) };
  checking = check;
  const finish = (node) => {
    if (checking !== check) return;
    checking = null;
    $('check-run').removeAttribute('aria-disabled');
    result.append(node);
    document.body.dataset.checked = 'true';
  };
  const spawn = () => {
    const worker = checkWorker();
    workers.push(worker);
    return worker;
  };
  checkOverWorkers({ doc, seeds: CHECK_SEEDS, slice: 25, workers: CHECK_WORKERS, spawn,
    onProgress: (done, seeds) => { if (checking === check) seedsChecked(done, seeds); } })
    .then((report) => {
      const { ok, lines } = checkWords(report);
      if (!report.refused && checking === check) seedsChecked(CHECK_SEEDS, CHECK_SEEDS);
      finish(el('div', { class: 'author-check-report', 'data-ok': String(ok) },
        el('p', { class: ok ? 'check-passes' : 'check-fails' }, ok ? 'The check passes.' : 'The check fails: learners should not see this file yet.'),
        el('ul', { class: 'author-check-lines' }, lines.map((line) => el('li', {}, line)))));
    }, (error) => finish(el('p', { class: 'status status-error' }, `The check could not run: ${messageOf(error)}`)));
}

function main() {
  const file = $('author-file');
  const pasted = $('author-text');
  const preview = $('author-preview');
  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    const name = `The file ${chosen.name}`;
    if (chosen.size > 4 * MAX_EXERCISE_CHARS) {
      say(`${name} is ${(chosen.size / 1048576).toFixed(1)} MB; an exercise file is far smaller (at most ${MAX_EXERCISE_CHARS.toLocaleString('en')} characters).`);
      return;
    }
    let text;
    try {
      text = await chosen.text();
    } catch (error) {
      say(`${name} could not be read: ${messageOf(error)}`);
      return;
    }
    pasted.value = text;
    await open(text, name);
  });
  preview.addEventListener('click', () => open(pasted.value, 'The pasted text'));
  const step = (by) => {
    if (!current) return;
    const next = Math.min(MAX_SEED, Math.max(0, current.seed + by));
    if (next !== current.seed) show(next);
  };
  $('seed-previous').addEventListener('click', () => step(-1));
  $('seed-next').addEventListener('click', () => step(1));
  $('seed-number').addEventListener('change', () => {
    if (!current) return;
    const read = readSeed($('seed-number').value, 'seed');
    if (!read.ok) {
      say(read.message);
      $('seed-number').value = String(current.seed);
      return;
    }
    show(read.seed);
  });
  $('check-run').addEventListener('click', () => {
    if ($('check-run').getAttribute('aria-disabled') !== 'true') runCheck();
  });
  file.disabled = false;
  preview.disabled = false;
  setStatus(null);
}

try {
  main();
} catch (error) {
  setStatus(`This page could not be set up: ${messageOf(error)}`, 'error');
} finally {
  ensureHeading('Preview your own exercise');
  document.body.dataset.ready = 'true';
}
