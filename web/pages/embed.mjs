// embed.html: one exercise (?exercise=ID), a teacher's own exercise file (?src=ADDRESS, same
// origin or one that allows it: ui/teacher-exercise.mjs) or a whole chapter (?chapter=14), with an
// optional seed (&seed=42) or a learner key for each learner's own variants
// (&learner=ID[&salt=TEXT], learner-seed.mjs), the feedback policy (&attempts=… …), and a
// parent-origin allow-list (&origin=https://course.example), in minimal chrome. Reports
// its height and the learner's results (checks and written work) to the embedding page
// through the postMessage protocol (protocol.mjs), only to the origins on the list: with
// none (or only malformed ones, which a notice names) it posts nothing.

import { el } from '../ui/dom.mjs';
import { bootCompanion, setStatus, showNotice, ensureHeading } from '../ui/boot.mjs';
import { openStore, storeContext } from '../ui/storage.mjs';
import { connectToParent, originNotice, parentNotice, parseOrigins, PROTOCOL_VERSION } from '../embed/protocol.mjs';
import { exerciseIds, mountSet } from '../embed/exercise-set.mjs';
import { readSeed } from '../seed.mjs';
import { learnerSeed, MAX_LEARNER_CHARS } from '../embed/learner-seed.mjs';
import { readPolicy, policySentence } from '../ui/feedback-policy.mjs';
import { messageOf } from '../error-message.mjs';
import { openTeacherExercise } from '../ui/teacher-address.mjs';
import { catalogueInPage, loadCatalogue } from '../companion.mjs';
import { deferKatexUntil } from '../ui/render-math.mjs';
import { afterFirstVerdict } from '../ui/offline.mjs';
import { mountChapter, nearAtFirst } from '../ui/chapter-set.mjs';

// Reports the page's height (resize) once `released` is called (after ready, or when the
// embed ends in an error state), then at every change.
function watchHeight(post) {
  let last = -1;
  let released = false;
  const report = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    document.body.dataset.height = String(height);
    if (!released || height === last) return;
    last = height;
    post('resize', { height });
  };
  new ResizeObserver(report).observe(document.documentElement);
  report();
  return () => {
    released = true;
    report();
  };
}

// The origin of the page this embed is framed in, as the browser tells it (the ancestor
// origins, else the referrer), or null when it is not framed or the browser does not say.
function parentOrigin() {
  if (window.parent === window) return null;
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

async function main() {
  const params = new URLSearchParams(window.location.search);
  const exercise = params.get('exercise');
  const chapter = params.get('chapter');
  const seedRead = readSeed(params.get('seed') ?? '0', 'seed in the address');
  const { policy, problems: policyProblems } = readPolicy((name) => params.get(name));
  for (const text of policyProblems) showNotice(`In the address, ${text}`, 'warning');
  const parsedOrigins = parseOrigins(params.get('origin'));
  const allowedOrigins = parsedOrigins.origins;
  if (parsedOrigins.rejected.length) {
    showNotice(originNotice(parsedOrigins), 'error');
    document.body.dataset.originProblem = 'true';
  } else {
    const mismatch = parentNotice({ parent: parentOrigin(), origins: allowedOrigins });
    if (mismatch) {
      showNotice(mismatch, 'warning');
      document.body.dataset.originProblem = 'true';
    }
  }
  let set = null;
  const channel = connectToParent({
    allowedOrigins,
    onCommand: async (command) => {
      if (!set) throw new Error('The exercise is not loaded yet.');
      if (command.type === 'reset') await set.reset(command.exercise);
      if (command.type === 'setSeed') await set.setSeed(command.seed, command.exercise);
      if (command.type === 'getState') channel.post('state', { requestId: command.requestId, ...set.state() });
    },
  });
  // Events go out in one order: ready first, then the height, then a graded and a progress
  // event per check (docs/teachers.md, "The postMessage protocol, version 1").
  releaseHeight = watchHeight(channel.post);

  const src = params.get('src');
  if (!exercise && !chapter && src === null) {
    setStatus('This embed needs ?exercise=ID, ?chapter=N or ?src=ADDRESS (a teacher’s exercise file) in its address.', 'error');
    return;
  }
  if (!seedRead.ok) {
    setStatus(seedRead.message, 'error');
    return;
  }
  // Each learner's own variant of each exercise, from the course's key for the learner.
  const learner = params.get('learner');
  const salt = params.get('salt') ?? '';
  if (learner !== null) {
    const problem = params.has('seed') ? 'Give this embed a &seed= or a &learner=, not both.'
      : learner.trim() === '' || learner.length > MAX_LEARNER_CHARS
        ? `The address’s &learner= needs a learner’s key of 1 to ${MAX_LEARNER_CHARS} characters.`
        : salt.length > MAX_LEARNER_CHARS ? `The address’s &salt= is longer than ${MAX_LEARNER_CHARS} characters.` : null;
    if (problem) {
      setStatus(problem, 'error');
      return;
    }
  } else if (params.has('salt')) {
    showNotice('In the address, &salt= means something only with &learner=, so it is ignored.', 'warning');
  }
  const seed = learner === null ? seedRead.seed : (id) => learnerSeed(learner.trim(), id, salt);
  // A teacher's own exercise file (&src=ADDRESS) runs alone, on the exercise core (every
  // operation; a chapter's core holds its chapter's only).
  let teacherDoc = null;
  if (src !== null) {
    teacherDoc = await openTeacherExercise(src);
    if (!teacherDoc) return;
    if (exercise || chapter) showNotice('In the address, &src= names the exercise, so &exercise= and &chapter= are ignored.', 'warning');
  }
  // Under a teacher's policy the embed keeps its own answers and attempt counts.
  const { store, notice } = openStore({ context: storeContext(policy) });
  if (notice) showNotice(notice, 'warning');
  // The exercises shown, from the catalogue the page carries: only their files are loaded, on
  // their chapter's core where they are of one chapter (the smaller module), else the exercise core.
  let ids;
  let catalogue;
  let core = 'exercises';
  try {
    catalogue = teacherDoc ? null : catalogueInPage() ?? await loadCatalogue();
    ids = teacherDoc ? [teacherDoc.id] : exerciseIds({ exercises: () => catalogue }, { exercise, chapter });
    const chapters = new Set((catalogue ?? []).filter((entry) => ids.includes(entry.id)).map((entry) => entry.chapter));
    if (!teacherDoc && chapters.size === 1) core = `ch${[...chapters][0]}`;
  } catch (error) {
    setStatus(error.message, 'error');
    return;
  }
  // A whole chapter draws the exercises near the screen at once and the others as they come
  // near (ui/chapter-set.mjs), so it loads only the first ones' files with its core; with a
  // seed or a learner's key, every file (an exercise's state then needs the core's description).
  const holder = document.getElementById('exercises');
  const wholeChapter = Boolean(chapter && !exercise && !teacherDoc);
  const near = wholeChapter ? nearAtFirst(holder, new Map(catalogue.map((entry) => [entry.id, entry])), ids) : ids;
  const loaded = wholeChapter && seed === 0 ? near : ids;
  const companion = teacherDoc ? await bootCompanion({ exercises: [teacherDoc], core })
    : await bootCompanion({ only: loaded, core });
  if (!companion) return;
  if (wholeChapter) holder.before(el('h1', { class: 'aw-chapter' }, `Chapter ${chapter}`));
  const rules = policySentence(policy);
  if (rules) holder.before(el('p', { class: 'policy-note' }, rules));
  const options = {
    companion, ids, seed, store, policy, titleLevel: exercise || teacherDoc ? 1 : 2, // the page's one exercise is its h1
    where: allowedOrigins.length ? 'kept in this browser, and sent to your course page' : 'kept in this browser only',
    onEvent: (event) => {
      const { type, ...payload } = event;
      if (type === 'graded') firstVerdict();
      channel.post(type, payload);
    },
  };
  set = wholeChapter ? mountChapter(holder, { ...options, near, idle: firstVerdictOrAWhile }) : mountSet(holder, options);
  await set.ready;
  channel.post('ready', { protocolVersion: PROTOCOL_VERSION, seed: learner === null ? seed : null, ...set.state() });
  releaseHeight();
}

let releaseHeight = () => {};
// KaTeX, where some maths needs it, comes after the learner's first verdict (or a while on
// the page): before it, the page weighs its core and itself (web/ui/render-math.mjs).
let firstVerdict;
const firstVerdictOrAWhile = afterFirstVerdict(new Promise((resolve) => { firstVerdict = resolve; }));
deferKatexUntil(firstVerdictOrAWhile);
main().catch((error) => {
  setStatus(`This embed could not be set up: ${messageOf(error)}`, 'error');
}).finally(() => {
  releaseHeight(); // an error state has no ready, but its message needs the room
  ensureHeading('An exercise of the attention companion');
  document.body.dataset.ready = 'true';
});
