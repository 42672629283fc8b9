// One exercise part: the prompt, an answer control (a text field; a radio
// group for choice parts, graded by option id; a letter picker for the roles
// exercise), the core's verdict in a live region, the attempt count, a hint,
// and the saved answer for this (exercise, seed), restored with the verdict it was given:
// checked again on load only to show its feedback, it keeps that verdict (an answer given
// against another version of the exercise is not checked again at all); where the verdict
// would change, the part says why and offers the learner a check against the exercise as it
// is now (docs/architecture.md, each page in detail). Grading happens only in the core: the
// typed text (or option id) is passed through.
// The one part form of the companion: the exercise page and the embed widget (the
// embed page, <attention-exercise>, dist/ and the SCORM packages) both use it.
import { el, clear, uniqueId, setBusy, isBusy } from './dom.mjs';
import { safeCall, errorOf, showNotice } from './boot.mjs';
import { renderMathText } from './render-math.mjs';
import { messageOf } from '../error-message.mjs';
import { PRACTICE, isSettled, solutionAfter, solutionWaitsForSettled } from './feedback-policy.mjs';
import { attemptsText, showResult, showClosed, showKeptVerdict, announcementOf } from './verdict-view.mjs';
import { answerControl } from './answer-control.mjs';
import { solutionBlock } from './solution-view.mjs';
import { practiceView } from './practice-view.mjs';

// The learner's checked answers to the exercise's other parts, for follow-through.
function earlierAnswers(store, exercise, name, seed) {
  const out = {};
  for (const other of exercise.parts ?? []) {
    if (other.name === name) continue;
    const saved = store.part(exercise.id, other.name, seed);
    if (saved && typeof saved.text === 'string' && saved.text.trim() !== '') out[other.name] = saved.text;
  }
  return out;
}

// A part's heading: "Part 2: Add up the weights" from the exercise file's words (the part's
// "heading"), else its number and its name.
export function partHeading(part, index) {
  const words = typeof part.heading === 'string' ? part.heading.trim() : '';
  return words ? [`Part ${index + 1}: ${words}`] : [`Part ${index + 1}`, el('span', { class: 'part-name' }, String(part.name))];
}

let saveWarningShown = false;

// Said after the check that brings a part's worked solution (part-view's announcer): a part's
// button is below its feedback, a table cell's below the table.
const offerSentence = (where) => 'A worked solution of this part is now offered: its button, Show a worked solution, ' +
  `is below the ${where}.`;

// The page's answer to a save that failed: one notice for the whole page.
function warnOnce() {
  if (saveWarningShown) return;
  saveWarningShown = true;
  showNotice('Your answers could not be saved in this browser; they will be lost when you leave.', 'warning');
}

// -> {name, section, record, settled, restore}. record() is the part's last graded answer
// ({text, verdict, attempts}, as saved); restore shows the saved answer's verdict (or is null).
// options:
//   letters        the letters of a letter picker (the roles exercise), or null
//   headingLevel   the level of the part's heading (2 on the exercise page)
//   onGraded       called with {part, text, verdict, attempts, kind, mistake, feedback,
//                  latencyMs} after each check the learner makes that the core graded
//                  (correct, incorrect or invalid): kind 'text', 'choice' or 'letter'; the
//                  named mistake's tag or null; the core's feedback sentence; the time from
//                  the learner's first change to the field since the last check to this one
//   onSaveFailed   called when the store could not keep the answer (default: a page notice)
//   decimalRuleId  the id of the paragraph that states the decimal rule on the page (a
//                  verdict the rule decided points there), or null (it shows the rule itself)
//   titleId        the id of the exercise's title, when several exercises share a page (a
//                  chapter's embed): the part's region is named by the title and its heading
//   cellName       for a cell of a fill-in table (part-table.mjs): the field's name from
//                  its row and column; the part is then laid out compactly (no heading,
//                  prompt or hint: the table's headers say what is asked)
//   cellSolutions  for such a cell, the element below the table where the cell's worked
//                  solution is offered, named by the cell (none: the cell offers none)
//   solutionSeen   () -> whether the learner has seen a worked solution of this part by other
//                  means (the part's own, opened here, is kept in the store); kept with each
//                  try, as the exercise's `version`, where the core gives one, is
//   policy         the teacher's feedback policy (feedback-policy.mjs): with an attempt
//                  limit, a part is closed (its field read-only, its Check refused) once it
//                  is correct or out of attempts; with values hidden, the core words the
//                  feedback without values
//   onPractised    called with {part, tag, words, seeds} once the learner has practised the
//                  part's named mistake on new variants (practice-view.mjs: the offer,
//                  "Practise this step", follows the feedback of a settled part whose tries
//                  at this seed named a mistake; not in a table's cell)
export function partView(companion, store, exercise, part, index, seed,
  { letters = null, headingLevel = 2, onGraded = () => {}, onSaveFailed = warnOnce, decimalRuleId = null,
    cellName = null, cellSolutions = null, titleId = null, policy = PRACTICE, solutionSeen = () => false,
    onPractised = () => {} } = {}) {
  const name = String(part.name);
  const inputId = uniqueId('answer');
  const feedbackId = uniqueId('feedback');
  const hintId = uniqueId('hint');
  // The saved answer, and the exercise's version it was given against (where known).
  const saved = store.part(exercise.id, name, seed);
  const givenVersion = saved ? store.givenVersion(exercise.id, name, seed) : null;
  let record = saved ?? { text: '', verdict: null, attempts: 0 };
  const { kind, view } = answerControl(part, name, inputId, feedbackId, { letters, cellName });
  if (saved) view.set(saved.text);

  const checkButton = el('button', { type: 'submit', class: 'check' }, 'Check');
  const attemptsId = uniqueId('attempts');
  const attemptsLine = el('p', { class: 'attempts', id: attemptsId }, attemptsText(record.attempts, policy.attempts));
  // The details of a verdict (not a live region: reading the answer back at every check
  // would say it twice) and, apart, the one short sentence announced for a check the
  // learner made; a saved answer checked again on load is shown, never announced.
  const feedback = el('div', { id: feedbackId, class: 'feedback' });
  const announcer = el('p', { class: 'visually-hidden part-announcer', 'aria-live': 'polite' });
  const form = el('form', { class: `answer-form answer-${kind}`, novalidate: true }, view.head,
    kind === 'choice' ? el('div', { class: 'answer-row' }, checkButton)
      : el('div', { class: `answer-row${view.multiline ? ' answer-row-matrix' : ''}` }, view.control, checkButton),
    view.note ?? null);
  if (view.multiline) {
    view.control.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.isComposing) return;
      event.preventDefault();
      form.requestSubmit(checkButton);
    });
  }
  // The field is described by its verdict and by its attempt line (which says when a part is closed).
  for (const control of form.querySelectorAll(`[aria-describedby~="${feedbackId}"]`)) {
    control.setAttribute('aria-describedby', `${control.getAttribute('aria-describedby')} ${attemptsId}`);
  }
  // When the learner began this answer: the first change since the last check.
  let begunAt = null;
  form.addEventListener('input', () => { begunAt ??= performance.now(); });
  form.addEventListener('change', () => { begunAt ??= performance.now(); });

  const section = cellName ? el('div', { class: 'part part-cell', 'data-part': name, 'data-kind': kind },
    form, attemptsLine, feedback, announcer) : el('section', { class: 'part', 'data-part': name, 'data-kind': kind,
    'aria-labelledby': titleId ? `${titleId} ${inputId}-heading` : `${inputId}-heading` },
  el(`h${headingLevel}`, { id: `${inputId}-heading`, class: 'part-heading' }, ...partHeading(part, index)),
  part.exact ? el('p', { class: 'exact-note' },
    'Give the exact form (fractions, and multiples of a where they appear).') : null,
  form, attemptsLine, feedback, announcer);

  if (part.hint && !cellName) {
    const hint = el('div', { id: hintId, class: 'hint', hidden: true });
    renderMathText(hint, part.hint);
    const toggle = el('button', { type: 'button', class: 'hint-toggle', 'aria-expanded': 'false',
      'aria-controls': hintId }, 'Show a hint');
    toggle.addEventListener('click', () => {
      const open = hint.hidden;
      hint.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      toggle.textContent = open ? 'Hide the hint' : 'Show a hint';
    });
    section.append(toggle, hint);
  }
  let seen = saved?.solutionSeen === true;
  const solution = cellName && !cellSolutions ? null : solutionBlock(() => {
    seen = true;
    if (!store.markSolutionSeen(exercise.id, name, seed)) onSaveFailed();
  }, async () => (await companion.solutions(exercise.id, { seed })).get(name) ?? [], { name: cellName, part: name });
  if (solution) (cellName ? cellSolutions : section).append(solution.section);
  const practice = cellName || typeof companion.mistakes !== 'function' ? null
    : practiceView(companion, store, exercise, part, seed, { policy, headingLevel, onSaveFailed, onPractised,
      lettered: kind === 'letter' });
  if (practice) section.insertBefore(practice.section, announcer);

  const exactLabel = exercise.chapter === 14 ? 'Exact answer' : 'The core’s value';
  // Emptied first, so that the same sentence twice in a row is announced twice.
  function announce(sentence) {
    announcer.textContent = '';
    setTimeout(() => { announcer.textContent = sentence; }, 30);
  }
  // A check of the field (the learner's), of the saved answer on load (restoring: nothing
  // counted, nothing saved, and the saved verdict kept), or of the saved answer against the
  // exercise as it is now (again: the learner asked; it uses no attempt, and its verdict counts).
  async function check({ restoring = false, again = false } = {}) {
    const text = again ? record.text : view.get();
    if (!restoring && !again && text.trim() === '') {
      clear(feedback);
      feedback.dataset.verdict = 'empty';
      const ask = kind === 'text' ? 'Type an answer first.' : 'Choose an answer first.';
      feedback.append(el('p', { class: 'verdict verdict-invalid' }, ask));
      announce(ask);
      return;
    }
    if (!restoring && !again && closed) return;
    setBusy(checkButton, true);
    const result = await safeCall(() => companion.grade(exercise.id, name, text,
      { seed, revealValues: policy.values !== 'hidden', earlier: earlierAnswers(store, exercise, name, seed),
        followThrough: policy.followThrough ?? 'counts' }));
    setBusy(checkButton, false);
    const verdict = errorOf(result) ? null : result.verdict;
    const graded = verdict === 'correct' || verdict === 'incorrect' || verdict === 'invalid';
    // A saved answer keeps the verdict it was given: where it would get another now, the part
    // says so and offers the check (and its feedback, of the other verdict, is not shown).
    if (restoring && graded && record.verdict in KEPT && verdict !== record.verdict) {
      keep('checking');
      return;
    }
    let { attempts } = record;
    if (!restoring && !again && (verdict === 'correct' || verdict === 'incorrect')) attempts += 1;
    showAttempts(attempts);
    showResult(feedback, result, { restored: restoring, exactLabel, decimalRule: exercise.decimalRule ?? null,
      decimalRuleId });
    section.dataset.verdict = verdict ?? 'error';
    if (!graded) {
      if (!restoring) announce(announcementOf(result, exercise.decimalRule ?? null));
      return;
    }
    if (restoring) {
      closeIfSettled();
      if (closed && verdict !== 'correct') showClosed(feedback, Boolean(part.hint && !cellName));
      updateSolution();
      practice?.update(record);
      return;
    }
    record = { text, verdict, attempts };
    if (again) openIfUnsettled();
    const closedNow = closeIfSettled();
    // A part closed without a correct answer says only that, and what is left to do; a
    // verdict that closes the part says so, as the attempt line does.
    const outOfAttempts = closed && verdict !== 'correct';
    if (outOfAttempts) showClosed(feedback, Boolean(part.hint && !cellName));
    // A check the learner made is kept as a try (the optional fields where the page knows them).
    const check = { at: new Date().toISOString(), text, verdict, mistake: result.misconception ?? null,
      followThrough: result.followThrough ?? null, solutionSeen: seen || solutionSeen() === true || undefined,
      version: typeof exercise.version === 'string' ? exercise.version : undefined };
    if (!store.savePart(exercise.id, name, record, seed, check)) onSaveFailed();
    practice?.update(record);
    // The check that brings the offer of a worked solution says so: the offer is heard when it
    // appears, and that check is not announced as the ones before it were.
    const offered = updateSolution() ? ` ${offerSentence(cellName ? 'table' : 'feedback')}` : '';
    announce(outOfAttempts ? `Not correct. ${closedSentence()}${offered}`
      : `${announcementOf(result, exercise.decimalRule ?? null)}${closedNow ? ` ${closedSentence()}` : ''}${offered}`);
    const latencyMs = again || begunAt === null ? 0 : Math.round(performance.now() - begunAt);
    if (!again) begunAt = null;
    onGraded({ part: name, ...record, kind, mistake: result.misconception ?? null,
      feedback: typeof result.feedback === 'string' ? result.feedback : '', latencyMs,
      ...(check.solutionSeen ? { solutionSeen: true } : {}), ...(check.version ? { version: check.version } : {}) });
  }

  // The saved verdict, shown as it was given (why: verdict-view.mjs's showKeptVerdict), with
  // the offer to check the answer against the exercise as it is now.
  const KEPT = { correct: true, incorrect: true, invalid: true };
  function keep(why) {
    section.dataset.verdict = record.verdict;
    closeIfSettled();
    const button = showKeptVerdict(feedback, record.verdict, why, () => {
      if (isBusy(checkButton)) return;
      view.set(record.text);
      button.disabled = true;
      check({ again: true }).catch((error) => showResult(feedback, { error: messageOf(error) }));
    });
    updateSolution();
  }

  // Under an attempt limit, a settled part is closed: its answer stays as checked.
  let closed = false;
  const closedSentence = () => (record.verdict === 'correct' ? 'This part is now closed.'
    : 'No attempts left: this part is now closed.');
  function setClosed(now) {
    closed = now;
    for (const control of form.querySelectorAll('input, textarea, select')) {
      if (control.type === 'radio' || control.tagName === 'SELECT') control.disabled = now;
      else control.readOnly = now;
    }
    if (now) checkButton.setAttribute('aria-disabled', 'true');
    else checkButton.removeAttribute('aria-disabled');
    checkButton.classList.toggle('check-closed', now);
    showAttempts(record.attempts);
  }
  // -> whether it closed the part now.
  function closeIfSettled() {
    if (closed || policy.attempts === null || !isSettled(record, policy)) return false;
    setClosed(true);
    return true;
  }
  // A part closed under the verdict it was given, which a check against the exercise as it is
  // now has changed: open again where it is no longer settled.
  function openIfUnsettled() {
    if (closed && !isSettled(record, policy)) setClosed(false);
  }
  // The attempt count, and why a closed part is closed.
  function showAttempts(count) {
    attemptsLine.textContent = attemptsText(count, policy.attempts);
    if (!closed) return;
    attemptsLine.append(' ', el('span', { class: 'closed-note' }, record.verdict === 'correct'
      ? '(this part is closed: it is correct).' : '(no attempts left: this part is closed).'));
  }
  closeIfSettled();

  // The worked solution is offered after the policy's number of checks that were not correct
  // (counted from the part's tries), or, where the policy keeps values back, once the part is
  // settled; once offered it stays, and once opened the part says so.
  // -> whether the offer appeared now.
  const after = solutionAfter(policy);
  function updateSolution() {
    if (!solution) return false;
    if (seen) return solution.offer(true);
    if (after === null) return false;
    // Where the policy keeps values back, a settled part offers it (whatever its count).
    if (solutionWaitsForSettled(policy)) return isSettled(record, policy) && solution.offer(false);
    const wrong = store.tries(exercise.id, name, seed).filter((entry) => entry.verdict === 'incorrect').length;
    return wrong >= after && solution.offer(false);
  }
  updateSolution();

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (closed) {
      announce('This part is closed.');
      return;
    }
    if (isBusy(checkButton)) return; // the previous check is still with the core
    check().catch((error) => showResult(feedback, { error: messageOf(error) }));
  });

  // A saved answer given against another version of the exercise is not checked again: its
  // verdict is shown as it was given.
  const current = typeof exercise.version === 'string' ? exercise.version : null;
  const changed = typeof givenVersion === 'string' && current !== null && givenVersion !== current && record.verdict in KEPT;
  const restore = saved && saved.text.trim() !== '' ? () => (changed ? keep('version') : check({ restoring: true })) : null;
  return { name, section, record: () => ({ ...record }), settled: () => isSettled(record, policy), restore };
}

// The exercise's parts in order, appended to `content`, each part's view pushed onto `views`
// (the caller's array, which its onGraded may read while the parts are still being laid out):
// a part that a table lays out appears in that table, placed where the table's first part
// would be. The exercise page and the preview page (author.html) both lay parts out so.
// `tables` is ui/part-table.mjs, passed in rather than imported, so that the exercise page
// fetches it only for an exercise with tables (null: none); `pause`, where given, is awaited
// before each part, so that the page answers the learner while a long exercise is drawn.
export async function layParts(content, views, { companion, store, exercise, seed, options, tables = null,
  pause = null }) {
  const parts = Array.isArray(exercise.parts) ? exercise.parts : [];
  const laidOut = Array.isArray(exercise.tables) ? exercise.tables : [];
  const tabled = tables?.tabledParts(exercise) ?? new Set();
  const numberOf = (name) => parts.findIndex((part) => part.name === name);
  for (const [index, part] of parts.entries()) {
    await pause?.();
    if (!tabled.has(part.name)) {
      const view = partView(companion, store, exercise, part, index, seed, options);
      views.push(view);
      content.append(view.section);
      continue;
    }
    for (const table of laidOut.filter((t) => [...tables.tabledParts({ tables: [t] })][0] === part.name)) {
      const laid = tables.partTable(companion, store, exercise, table, seed, numberOf, options);
      views.push(...laid.views);
      content.append(laid.section);
    }
  }
}
