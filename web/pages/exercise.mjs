// The exercise page (exercise-CHAPTER.html?id=ID[&seed=123], or exercise.html for any
// chapter: see coreForPage; or exercise.html?src=ADDRESS, a teacher's own file): intro with
// typeset math, the inputs the core reads (a variant's own numbers when a seed
// is given), the decimal rule (stated once; a verdict it decided points to it), one
// answer form per part (text, a text area for a matrix, choice or letter), the written
// "explain" parts and an open task's checklist (notes, a checklist, reference notes after
// an attempt), "Run this batch" where the core offers a batch, live figures where
// they help, the core's working (behind a warning that it holds the answers), and links
// to the previous and next exercise in chapter order (from the catalogue). What the page
// shows around the parts is what the core offers for the exercise (exercise.offers: how
// to lay out the working, whether to show the inputs and a New variant control, the
// batch); grading happens only in the core.

import { el, pacer } from '../ui/dom.mjs';
import { bootCompanion, safeCall, errorOf, showNotice, setStatus, ensureHeading, namedCore } from '../ui/boot.mjs';
import { adoptTypeset, deferKatexUntil, mathTypeset, renderParagraphs } from '../ui/render-math.mjs';
import { hasWorking, workingKind } from '../ui/working-view.mjs';
import { readPolicy, policySentence } from '../ui/feedback-policy.mjs';
import { workingBlock } from '../ui/working-block.mjs';
import { roleLetters, rolesSection } from '../ui/roles-view.mjs';
import { openStore } from '../ui/storage.mjs';
import { layParts } from '../ui/part-view.mjs';
import { variantControl, hasVariants, exerciseHref } from '../ui/variant-control.mjs';
import { inputsBlock } from '../ui/inputs-view.mjs';
import { answerHelp } from '../ui/answer-help.mjs';
import { inChapterOrder } from '../ui/chapters.mjs';
import { readSeed } from '../seed.mjs';
import { messageOf } from '../error-message.mjs';
import { openTeacherExercise } from '../ui/teacher-address.mjs';
import { catalogueInPage } from '../companion.mjs';
import { afterFirstVerdict, keepForOffline } from '../ui/offline.mjs';

// "Previous" and "Next" in chapter order, from the catalogue; crossing into another
// chapter says so. Null when the exercise is not in the catalogue.
function pager(catalogue, id) {
  const ordered = inChapterOrder(catalogue);
  const at = ordered.findIndex((entry) => entry.id === id);
  if (at < 0) return null;
  const here = ordered[at];
  const link = (entry, rel, word) => {
    const where = entry.chapter !== here.chapter ? `Chapter ${entry.chapter}: ` : '';
    return el('a', { href: exerciseHref(entry, 0), rel, class: `pager-${rel}` },
      el('span', { class: 'pager-word' }, word), ' ', el('span', { class: 'pager-title' }, `${where}${entry.title ?? entry.id}`));
  };
  const chapter = ordered.filter((entry) => entry.chapter === here.chapter);
  return el('nav', { class: 'exercise-pager', 'aria-label': 'Previous and next exercise' },
    at > 0 ? link(ordered[at - 1], 'prev', '← Previous:') : el('a', { href: 'index.html', class: 'pager-prev' },
      el('span', { class: 'pager-word' }, '← All exercises')),
    el('span', { class: 'pager-where' },
      `Chapter ${here.chapter}, ${chapter.indexOf(here) + 1} of ${chapter.length}`),
    at < ordered.length - 1 ? link(ordered[at + 1], 'next', 'Next:') : el('a', { href: 'index.html', class: 'pager-next' },
      el('span', { class: 'pager-word' }, 'All exercises →')));
}

function seedFromUrl(params) {
  const raw = params.get('seed');
  if (raw === null) return { seed: 0 };
  const read = readSeed(raw, 'seed in the address');
  if (!read.ok) return { seed: 0, problem: `${read.message} The chapter’s numbers are shown instead.` };
  return { seed: read.seed };
}

// The core this page starts. A chapter's page (exercise-14.html: the site build names its
// core, ui/boot.mjs namedCore, and preloads it) starts its chapter's core, which holds that
// chapter's exercises only; exercise.html, or a chapter's page asked for another chapter's
// exercise, starts the exercise core, which holds them all.
function coreForPage(id) {
  const core = namedCore();
  const entry = (catalogueInPage() ?? []).find((item) => item.id === id);
  return core && entry && core === `ch${entry.chapter}` ? core : 'exercises';
}

// The page drawn from the core replaces the one the site build drew into the HTML, keeping
// what the learner typed or chose there meanwhile (unless a variant replaces the chapter's
// numbers it was typed against), and where the focus and the caret were. -> the live article.
function takeOver(prerendered, drawn, { keepTyped }) {
  const fieldOf = (holder, name) => holder.querySelector(`.part[data-part="${CSS.escape(name)}"]`)
    ?.querySelector('input.answer, textarea.answer, select, input[type="radio"]:checked');
  const typed = [...prerendered.querySelectorAll('.part[data-part]')].map((part) => {
    const field = fieldOf(prerendered, part.dataset.part);
    return { name: part.dataset.part, field, value: field?.type === 'radio' ? field.value : field?.value ?? '' };
  }).filter(({ value }) => keepTyped && value !== '');
  const focused = document.activeElement;
  const focusedPart = prerendered.contains(focused) ? focused.closest('.part[data-part]')?.dataset.part : null;
  const caret = focusedPart && typeof focused.selectionStart === 'number' ? [focused.selectionStart, focused.selectionEnd] : null;
  prerendered.replaceWith(drawn);
  for (const { name, value, field } of typed) {
    const part = drawn.querySelector(`.part[data-part="${CSS.escape(name)}"]`);
    if (field?.type === 'radio') {
      const radio = [...(part?.querySelectorAll('input[type="radio"]') ?? [])].find((r) => r.value === value);
      if (radio) radio.checked = true;
      radio?.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    const live = part?.querySelector('input.answer, textarea.answer, select');
    if (!live) continue;
    live.value = value;
    live.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (focusedPart) {
    const live = drawn.querySelector(`.part[data-part="${CSS.escape(focusedPart)}"]`)
      ?.querySelector('input.answer, textarea.answer, select, input[type="radio"]');
    live?.focus({ preventScroll: true });
    if (caret && typeof live?.setSelectionRange === 'function') live.setSelectionRange(...caret);
  }
  return drawn;
}

// Once the page has taken over, the grade path is warmed while the learner reads (the first
// Check would otherwise compile the core's grading code): each part's example answer (its
// placeholder, which is never its answer) graded once, in idle time, and not shown or kept.
function warmGrading(companion, exercise, seed) {
  const idle = globalThis.requestIdleCallback ?? ((fn) => setTimeout(fn, 200));
  const parts = (exercise.parts ?? []).filter((part) => typeof part.placeholder === 'string' && !Array.isArray(part.options));
  const kinds = new Set();
  const warm = parts.filter((part) => {
    const kind = part.step ?? part.name;
    if (kinds.has(kind)) return false;
    kinds.add(kind);
    return true;
  }).slice(0, 4);
  const next = () => {
    const part = warm.shift();
    if (!part) return;
    const text = part.placeholder.replace(/^\s*e\.g\.\s*/, '');
    safeCall(() => companion.grade(exercise.id, part.name, text, { seed })).then(() => idle(next));
  };
  idle(next);
}

// When the answer fields are drawn (or the page has given up drawing them).
let fieldsDrawn;
const fieldsReady = new Promise((resolve) => { fieldsDrawn = resolve; });
// The site is kept for offline use once the learner has had a first verdict (ui/offline.mjs).
let firstVerdict;
const verdictShown = new Promise((resolve) => { firstVerdict = resolve; });
// KaTeX, where some maths needs it, comes once the fields are drawn and the learner has had a
// first verdict (or has read for a while): a page weighs its core and itself before that.
deferKatexUntil(Promise.all([fieldsReady, afterFirstVerdict(verdictShown)]));

// The pieces that only some exercises show (the written work and open tasks, the fill-in
// tables, the live figures' panel, "Run this batch") are chunks of their own, fetched only for
// an exercise that shows them, and asked for as soon as the page knows it does (from the
// catalogue it carries, while the core is still on its way; else from the core's description),
// so that they are there when the page is drawn. Resolves to the module, or null when unneeded.
const pieceIf = (needed, load) => (needed ? load() : Promise.resolve(null));

async function main() {
  const params = new URLSearchParams(window.location.search);
  // An exercise's own page (ID.html) names it in its body, and carries it drawn at seed 0
  // (tools/prerender.mjs): the page is then drawn again from the core and takes over.
  // A teacher's own exercise (?src=ADDRESS of its file, ui/teacher-exercise.mjs) runs on the
  // exercise core, which holds every operation; it has no place in the chapters' order.
  const src = params.get('src');
  let teacherDoc = null;
  if (src !== null) {
    teacherDoc = await openTeacherExercise(src);
    if (!teacherDoc) return;
  }
  // (Opened once a teacher's file is read: one with a shipped id, refused above, never reaches it.)
  const { store, notice } = openStore();
  if (notice) showNotice(notice, 'warning');
  const id = teacherDoc?.id ?? params.get('id') ?? document.body.dataset.exercise ?? null;
  const shown = document.getElementById('exercise');
  const prerendered = shown.hasChildNodes() ? shown : null;
  let content = prerendered ? el('article', { id: 'exercise' }) : shown;
  if (!id) {
    setStatus('No exercise was chosen. Pick one from the list of exercises.', 'error');
    return;
  }
  const { seed: urlSeed, problem: seedProblem } = seedFromUrl(params);
  if (seedProblem) showNotice(seedProblem, 'warning');
  const { policy, problems: policyProblems } = readPolicy((name) => params.get(name));
  for (const text of policyProblems) showNotice(`In the address, ${text}`, 'warning');
  const core = teacherDoc ? 'exercises' : coreForPage(id);
  // (What the catalogue says of the exercise; a teacher's file is not in it, and gets them all.)
  const entry = teacherDoc ? null : (catalogueInPage() ?? []).find((item) => item.id === id);
  const writtenPieces = pieceIf(!entry || entry.explain.length > 0 || entry.parts.length === 0,
    () => import('../ui/open-task.mjs'));
  const figurePieces = pieceIf(policy.values !== 'hidden' && (!entry || entry.figures.length > 0), // they draw the values
    () => import('../figures/exercise-figures.mjs'));
  // The prerendered exercise holds its maths typeset: drawn again at the chapter's numbers it
  // needs no KaTeX, nor at a variant's where a formula differs in its numbers only; KaTeX is
  // fetched only for maths the page cannot make so (feedback, a formula of another shape).
  if (prerendered) adoptTypeset(prerendered);
  // (The site build reads `bootCompanion({ only` here: the page then carries the catalogue.)
  const companion = teacherDoc ? await bootCompanion({ exercises: [teacherDoc], core })
    : await bootCompanion({ only: [id], core });
  if (!companion) return;
  // The page is drawn a few pieces at a time, each batch in its own task (it stays responsive
  // while a long exercise is drawn); the pieces are appended in order.
  const pause = pacer();
  const base = await safeCall(() => companion.exercise(id));
  const problem = errorOf(base);
  if (problem) {
    setStatus(`The exercise “${id}” could not be opened: ${problem}`, 'error');
    return;
  }
  const variants = hasVariants(base);
  if (urlSeed && !variants) showNotice('This exercise has no numeric variants, so the chapter’s version is shown.', 'info');
  const seed = variants ? urlSeed : 0;
  const exercise = seed ? await safeCall(() => companion.exercise(id, { seed })) : base;
  if (errorOf(exercise)) {
    setStatus(`The variant ${seed} of “${id}” could not be made: ${errorOf(exercise)}`, 'error');
    return;
  }
  const tables = Array.isArray(exercise.tables) ? exercise.tables : [];
  const tablePieces = pieceIf(tables.length > 0, () => import('../ui/part-table.mjs'));
  const batchPieces = pieceIf(exercise.offers?.batch !== null && exercise.offers?.batch !== undefined,
    () => import('../batch/exercise-batch-section.mjs'));
  await pause();
  document.body.dataset.seed = String(seed);
  const title = exercise.title ?? id;
  document.title = `${seed ? `${title} (variant ${seed})` : title} · Attention companion`;
  const intro = el('div', { class: 'intro' });
  content.append(el('h1', {}, title));
  // The one place that names the variant (its numbers are explained with its inputs).
  if (seed) content.append(el('p', { class: 'variant-badge' }, `Variant ${seed}`));
  const rules = policySentence(policy);
  if (rules) content.append(el('p', { class: 'policy-note' }, rules));
  content.append(intro);
  // The answer fields are built while the intro's maths is typeset, so a learner can type
  // before KaTeX has arrived.
  const introTypeset = renderParagraphs(intro, exercise.intro ?? '');

  const parts = Array.isArray(exercise.parts) ? exercise.parts : [];
  if (exercise.offers?.showsInputs === true && exercise.inputs && Object.keys(exercise.inputs).length > 0
      && parts.length > 0) {
    content.append(inputsBlock(exercise, seed));
  }
  const letters = roleLetters(exercise);
  const help = answerHelp(exercise, { letters });
  if (help) content.append(help.section);
  if (variants) content.append(variantControl(store, exercise, seed));
  const roles = rolesSection(exercise);
  if (roles) content.append(roles);
  // Parts in order; parts that a table lays out appear in it, where its first part would be.
  // The working (if any) opens under the policy once every part is settled.
  let working = null;
  const settle = () => working?.update(views.every((view) => view.settled()));
  const options = { letters, decimalRuleId: help?.decimalRuleId ?? null, policy,
    onGraded: () => { settle(); firstVerdict(); } };
  const tableView = await tablePieces;
  if (tables.length) document.body.classList.add('wide'); // room for a table's columns
  const views = [];
  await layParts(content, views, { companion, store, exercise, seed, options, tables: tableView, pause });
  // The written halves, numbered after the computed parts; not graded.
  const written = await writtenPieces;
  const batchSection = await batchPieces;
  const figureSection = await figurePieces;
  const explained = (Array.isArray(exercise.explain) ? exercise.explain : [])
    .map((item, index) => written.explainView(store, exercise, item, parts.length + index + 1,
      { valuesHidden: policy.values === 'hidden', seed }));
  content.append(...explained.map((item) => item.section));
  if (prerendered) {
    // The drawn page has typeset maths; this one waits for KaTeX before it replaces it.
    fieldsDrawn();
    await mathTypeset();
    content = takeOver(prerendered, content, { keepTyped: seed === 0 });
  }
  fieldsDrawn();
  await Promise.all(explained.map((item) => item.ready));
  const kind = workingKind(exercise);
  if (parts.length === 0 && (kind === 'none' || Array.isArray(exercise.checklist))) {
    content.append(written.openTaskView(store, exercise));
  }
  const batchPanel = batchSection?.batchPanelFor(companion, exercise);
  if (batchPanel) content.append(batchPanel);
  const figures = figureSection?.figuresFor(companion, exercise);
  if (figures) content.append(figures);
  // The lettered arrays ("roles") are shown before the parts; "policies" and "none" have no
  // step-by-step working. An error from the core is shown whatever the kind.
  if (hasWorking(exercise.working, kind) || exercise.working?.error) {
    working = workingBlock(exercise, { holderId: 'working-holder', headingId: 'working-heading', policy });
    content.append(working.section);
  }
  document.body.classList.remove('drawing');
  const catalogue = await safeCall(() => companion.exercises());
  const nav = errorOf(catalogue) || teacherDoc ? null : pager(catalogue, id);
  if (nav) content.append(nav);
  for (const view of views) {
    if (view.restore) await view.restore();
  }
  settle();
  warmGrading(companion, exercise, seed);
  await introTypeset;
  await mathTypeset(); // every prompt and hint drawn before KaTeX arrived is typeset now
}

// (An older link, exercise.html?id=…, has gone to the exercise's own page before this runs:
// web/older-link.js.)
main().catch((error) => {
  setStatus(`This page could not be set up: ${messageOf(error)}`, 'error');
}).finally(() => {
  fieldsDrawn();
  document.body.classList.remove('drawing');
  ensureHeading('An exercise of the attention companion');
  document.body.dataset.ready = 'true';
  keepForOffline({ after: afterFirstVerdict(verdictShown) });
});
