// One exercise part: the prompt, an answer control (a text field; a radio
// group for choice parts, graded by option id; a letter picker for the roles
// exercise), the core's verdict in a live region, the attempt count, a hint,
// and the saved answer for this (exercise, seed), restored and re-graded.
// Grading happens only in the core: the typed text (or option id) is passed through.
// The one part form of the companion: the exercise page and the embed widget (the
// embed page, <attention-exercise>, dist/ and the SCORM packages) both use it.
import { el, clear, uniqueId, setBusy, isBusy } from './dom.mjs';
import { safeCall, errorOf, showNotice } from './boot.mjs';
import { renderMathText } from './render-math.mjs';
import { hasMath, spokenText } from './math-speech.mjs';
import { langNodes } from './lang-text.mjs';
import { typedInFull } from './answer-echo.mjs';
import { renderFeedback } from './feedback-math.mjs';
import { messageOf } from '../error-message.mjs';
import { PRACTICE, isSettled, solutionAfter, solutionWaitsForSettled } from './feedback-policy.mjs';

const VERDICT_TITLES = {
  correct: 'Correct',
  incorrect: 'Not correct yet',
  invalid: 'Not graded yet (no attempt used)',
};

export function attemptsText(count, limit = null) {
  if (limit !== null) return `${count} of ${limit} ${limit === 1 ? 'attempt' : 'attempts'} used`;
  return count === 1 ? '1 attempt' : `${count} attempts`;
}


const NO_ATTEMPT = 'This check did not count as an attempt.';

const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// The core's feedback, arranged so that the verdict is said once. The verdict line
// already says "Correct" or "Not correct yet", so the feedback's own opening word is not
// repeated ("Correct." and "Not correct." go; "Correct at the 3 decimal places you wrote:
// the value is …" becomes the detail "at the 3 decimal places you wrote" on the verdict
// line and "The value is …" below it), and an invalid answer's closing "This check did not
// count as an attempt." goes, since the verdict line says so. The decimal rule, quoted in
// full by the core wherever it decided, is taken out and returned on its own, so that the
// page can point at the one place that states it. Nothing else is dropped.
// -> {detail, text, rule} (detail and rule may be null, text may be '').
export function arrangeFeedback(feedback, verdict, decimalRule = null) {
  let text = String(feedback ?? '').trim();
  let rule = null;
  if (typeof decimalRule === 'string' && decimalRule !== '' && text.includes(decimalRule)) {
    rule = decimalRule;
    text = text.replace(decimalRule, ' ').replace(/\s+/g, ' ').trim();
  }
  let detail = null;
  if (verdict === 'correct') {
    const at = text.match(/^Correct ((?:at|to) [^:.]+):\s*/);
    if (at) {
      detail = at[1];
      text = capitalized(text.slice(at[0].length));
    } else {
      const opening = text.match(/^Correct(?:[.:!]\s*|$)/);
      if (opening) text = capitalized(text.slice(opening[0].length));
    }
  } else if (verdict === 'incorrect') {
    const opening = text.match(/^Not correct(?: yet)?(?:[.:!]\s*|$)/);
    if (opening) text = capitalized(text.slice(opening[0].length));
  } else if (verdict === 'invalid' && text.endsWith(NO_ATTEMPT)) {
    text = text.slice(0, -NO_ATTEMPT.length).trim();
  }
  return { detail, text: text.trim(), rule };
}

// Where the decimal rule decided a verdict: a pointer to the rule where the page shows it
// (decimalRuleId: the id of that paragraph), or else the rule itself in a closed <details>.
function ruleNote(rule, decimalRuleId) {
  if (decimalRuleId) {
    return el('p', { class: 'rule-note' }, 'The decimal rule decided this (see ',
      el('a', { href: `#${decimalRuleId}` }, 'How decimals are checked'), ').');
  }
  return el('details', { class: 'rule-note' }, el('summary', {}, 'The decimal rule decided this'),
    el('p', {}, rule));
}

// A part closed because it is out of attempts: the verdict, that it is closed, and what the
// learner can still do (never an invitation to check again).
function showClosed(region, hasHint) {
  clear(region);
  region.dataset.verdict = 'incorrect';
  region.append(el('p', { class: 'verdict verdict-incorrect' }, el('span', { class: 'verdict-title' }, 'Not correct')),
    el('p', { class: 'feedback-text closed-text' }, 'No attempts left: this part is closed, and your answer stays as ' +
      `you checked it.${hasHint ? ' You can still read its hint.' : ''}`));
}

// Fills the live region with a grading result (or an error).
// options:
//   restored       the answer is a saved one, checked again on load
//   exactLabel     what the expected value is called ("Exact answer", "The core’s value")
//   decimalRule    the exercise's decimal rule, as the core words it (exercise.decimalRule)
//   decimalRuleId  the id of the paragraph that states it on the page, or null
export function showResult(region, result, { restored = false, exactLabel = 'Exact answer', decimalRule = null,
  decimalRuleId = null } = {}) {
  clear(region);
  const problem = errorOf(result);
  const verdict = result?.verdict;
  if (problem || !(verdict in VERDICT_TITLES)) {
    region.dataset.verdict = 'error';
    region.append(el('p', { class: 'verdict verdict-error' },
      `This answer could not be checked: ${problem ?? 'the core gave no verdict.'}`));
    return;
  }
  region.dataset.verdict = verdict;
  const { detail, text, rule } = arrangeFeedback(result.feedback, verdict, decimalRule);
  region.append(el('p', { class: `verdict verdict-${verdict}` },
    el('span', { class: 'verdict-title' }, VERDICT_TITLES[verdict]),
    detail ? el('span', { class: 'verdict-detail' }, ` ${detail}`) : null,
    restored ? el('span', { class: 'restored' }, ' (your saved answer, checked again)') : null));
  if (result.readAs) {
    region.append(el('p', { class: 'read-as' }, 'Read as: ', el('code', {}, langNodes(String(result.readAs)))));
  }
  if (text) {
    const words = el('p', { class: 'feedback-text' });
    renderFeedback(words, text); // its maths typeset; the learner's own text as text
    region.append(words);
  }
  if (rule) region.append(ruleNote(rule, decimalRuleId));
  // A named mistake is shown by its explanation (in the feedback); the tag stays in the
  // data attribute for tools and tests.
  if (result.misconception) region.dataset.misconception = String(result.misconception);
  else delete region.dataset.misconception;
  // Follow-through (judged against the learner's own earlier answer) is said in the feedback;
  // the parts it followed from stay in a data attribute for tools and tests.
  if (result.followThrough) region.dataset.followThrough = result.followThrough.from.join(' ');
  else delete region.dataset.followThrough;
  // The value, unless the feedback has just given it.
  if (verdict === 'correct' && result.expected && !text.includes(String(result.expected))) {
    region.append(el('p', { class: 'expected' }, `${exactLabel}: `, el('code', {}, String(result.expected))));
  }
}

// The one sentence a screen reader hears after a check: "Correct." or "Not correct: …"
// with the core's explanation (never the answer read back; the details stay in the
// feedback region, which the field points to).
export function announcementOf(result, decimalRule = null) {
  const verdict = errorOf(result) ? null : result?.verdict;
  if (!(verdict in VERDICT_TITLES)) return 'This answer could not be checked.';
  const { text, rule } = arrangeFeedback(result.feedback, verdict, decimalRule);
  if (verdict === 'correct') return 'Correct.';
  const why = text.replace(/^Not quite:\s*/, '') || (rule ? 'the decimal rule decided this.' : '');
  const lead = verdict === 'incorrect' ? 'Not correct' : 'Not graded yet, no attempt used';
  return why ? `${lead}: ${why}` : `${lead}.`;
}

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

let saveWarningShown = false;


// Whether a part's answer is a matrix (a list of rows): its example answer (the
// placeholder, "e.g. [[a, 0], [a, -a]]") opens with two brackets.
export function isMatrixPart(part) {
  return typeof part?.placeholder === 'string' && /^\s*(?:e\.g\.\s*)?\[\s*\[/.test(part.placeholder);
}

// The rows of a matrix placeholder, laid out one row a line: "e.g. [[a, 0],\n [a, -a]]".
function matrixPlaceholder(placeholder) {
  return placeholder.replace(/\]\s*,\s*\[/g, '],\n [');
}

const MATRIX_MIN_ROWS = 3;
const MATRIX_MAX_ROWS = 12;

// The accessible name of a field whose prompt holds maths: the prompt with each formula
// as words (math-speech.mjs), since the label's MathML is left out of the name.
function spokenName(prompt) {
  return hasMath(prompt) ? { 'aria-label': spokenText(prompt) } : {};
}

// A part's heading: "Part 2: Add up the weights" from the exercise file's words (the part's
// "heading"), else its number and its name.
export function partHeading(part, index) {
  const words = typeof part.heading === 'string' ? part.heading.trim() : '';
  return words ? [`Part ${index + 1}: ${words}`] : [`Part ${index + 1}`, el('span', { class: 'part-name' }, String(part.name))];
}

// cellName: a table cell's field is named by its row and column (then no prompt is shown).
function textControl(part, name, inputId, feedbackId, cellName = null) {
  const label = cellName ? null : el('label', { for: inputId, class: 'prompt' });
  if (label) renderMathText(label, part.prompt ?? name);
  const named = cellName ? { 'aria-label': cellName } : spokenName(part.prompt ?? name);
  if (!isMatrixPart(part)) {
    const input = el('input', {
      id: inputId, name, type: 'text', class: 'answer', autocomplete: 'off', autocapitalize: 'off',
      spellcheck: 'false', placeholder: part.placeholder ?? undefined, 'aria-describedby': feedbackId, ...named,
    });
    const typed = typedInFull(input);
    return { head: label, control: input, note: typed.echo, get: () => input.value,
      set: (text) => { input.value = text; typed.update(); } };
  }
  // A matrix goes into a text area that shows every row: Enter starts a new line, and
  // Ctrl+Enter (Cmd+Enter on a Mac) checks, as the Check button does.
  const placeholder = matrixPlaceholder(part.placeholder);
  const base = Math.min(MATRIX_MAX_ROWS, Math.max(MATRIX_MIN_ROWS, placeholder.split('\n').length));
  const keysId = `${inputId}-keys`;
  const area = el('textarea', {
    id: inputId, name, class: 'answer answer-matrix', rows: String(base), autocomplete: 'off', autocapitalize: 'off',
    spellcheck: 'false', placeholder, 'aria-describedby': cellName ? feedbackId : `${keysId} ${feedbackId}`, ...named,
  });
  const fit = () => {
    area.rows = Math.min(MATRIX_MAX_ROWS, Math.max(base, area.value.split('\n').length));
  };
  area.addEventListener('input', fit);
  // (In a table's cell the page states this once, above the table.)
  // (The keyboard shortcut is not shown, nor said, on a touch screen: style.css, .keys-shortcut.)
  const keys = cellName ? null : el('p', { id: keysId, class: 'answer-keys' },
    'One row a line if you like: Enter starts a new line',
    el('span', { class: 'keys-shortcut' }, ', and Ctrl+Enter (⌘+Enter on a Mac) checks the answer'), '.');
  return {
    head: label, control: area, multiline: true, note: keys, get: () => area.value,
    set: (text) => { area.value = text; fit(); },
  };
}

function choiceControl(part, name, inputId, feedbackId) {
  const legend = el('legend', { class: 'prompt' });
  renderMathText(legend, part.prompt ?? name);
  const radios = [];
  const list = el('div', { class: 'choice-options' });
  for (const [index, option] of part.options.entries()) {
    const id = `${inputId}-${index}`;
    const radio = el('input', { type: 'radio', id, name: inputId, value: String(option.id), class: 'choice-radio',
      'aria-describedby': feedbackId, ...spokenName(option.text ?? option.id) });
    const text = el('span', {});
    renderMathText(text, String(option.text ?? option.id));
    radios.push(radio);
    list.append(el('div', { class: 'choice-option' }, radio, el('label', { for: id }, text)));
  }
  const fieldset = el('fieldset', { class: 'choice-group', ...spokenName(part.prompt ?? name) }, legend, list);
  return {
    head: fieldset, control: null,
    get: () => radios.find((radio) => radio.checked)?.value ?? '',
    set: (text) => { for (const radio of radios) radio.checked = radio.value === text; },
  };
}

function letterControl(part, name, inputId, feedbackId, letters) {
  const select = el('select', { id: inputId, name, class: 'answer-letter', 'aria-describedby': feedbackId,
    ...spokenName(part.prompt ?? name) },
    el('option', { value: '' }, 'Choose a letter'),
    letters.map((letter) => el('option', { value: letter }, letter)));
  const label = el('label', { for: inputId, class: 'prompt' });
  renderMathText(label, part.prompt ?? name);
  return {
    head: label, control: select, get: () => select.value,
    set: (text) => { select.value = letters.includes(text.trim().toUpperCase()) ? text.trim().toUpperCase() : ''; },
  };
}

// The page's answer to a save that failed: one notice for the whole page.
function warnOnce() {
  if (saveWarningShown) return;
  saveWarningShown = true;
  showNotice('Your answers could not be saved in this browser; they will be lost when you leave.', 'warning');
}

// A part's worked solution (the core's chain of steps from the inputs to the part, with this
// variant's numbers: part.solution), hidden until offered; the learner chooses to open it.
// -> {section, offer(seen)} or null where the part has none. onOpen: called when it is opened.
function solutionBlock(part, onOpen) {
  const lines = Array.isArray(part.solution) ? part.solution.filter((line) => typeof line === 'string') : [];
  if (lines.length === 0) return null;
  const stepsId = uniqueId('solution');
  // The lines are written into the page only when the learner opens them: until then no value
  // of the solution is on the page (a policy that hides values offers it only once the part is
  // settled, and the page's text must not hold it before).
  const steps = el('ol', { id: stepsId, class: 'solution-steps', hidden: true });
  const fill = () => {
    if (steps.childElementCount > 0) return;
    steps.append(...lines.map((line) => {
      // Each line names the chapters' quantity in its notation ($\alpha_i$), typeset as the prompts are.
      const item = el('li', {});
      renderMathText(item, line);
      return item;
    }));
  };
  const note = el('p', { class: 'solution-note' });
  const button = el('button', { type: 'button', class: 'show-solution', 'aria-expanded': 'false',
    'aria-controls': stepsId }, 'Show a worked solution');
  const section = el('div', { class: 'solution', hidden: true }, note, button, steps);
  const showSeen = () => {
    note.textContent = 'You saw the worked solution: each step from the given inputs, with this variant’s numbers.';
  };
  button.addEventListener('click', () => {
    const opening = steps.hidden;
    if (opening) fill();
    steps.hidden = !opening;
    button.setAttribute('aria-expanded', String(opening));
    button.textContent = opening ? 'Hide the worked solution' : 'Show a worked solution';
    if (opening && !section.dataset.seen) {
      section.dataset.seen = 'true';
      showSeen();
      onOpen();
    }
  });
  const offer = (seen) => {
    section.hidden = false;
    if (seen) {
      section.dataset.seen = 'true';
      showSeen();
    } else if (!section.dataset.seen) {
      note.textContent = 'A worked solution of this part is here if you want it: each step from the given inputs, ' +
        'with this variant’s numbers, ending in the answer.';
    }
  };
  return { section, offer };
}

// -> {name, section, record, restore}. record() is the part's last graded answer
// ({text, verdict, attempts}, as saved); restore re-grades the saved answer (or is null).
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
//   solutionSeen   () -> whether the learner has seen a worked solution of this part by other
//                  means (the part's own, opened here, is kept in the store); kept with each
//                  try, as the exercise's `version`, where the core gives one, is
//   policy         the teacher's feedback policy (feedback-policy.mjs): with an attempt
//                  limit, a part is closed (its field read-only, its Check refused) once it
//                  is correct or out of attempts; with values hidden, the core words the
//                  feedback without values
export function partView(companion, store, exercise, part, index, seed,
  { letters = null, headingLevel = 2, onGraded = () => {}, onSaveFailed = warnOnce, decimalRuleId = null,
    cellName = null, titleId = null, policy = PRACTICE, solutionSeen = () => false } = {}) {
  const name = String(part.name);
  const inputId = uniqueId('answer');
  const feedbackId = uniqueId('feedback');
  const hintId = uniqueId('hint');
  const saved = store.part(exercise.id, name, seed);
  let record = saved ?? { text: '', verdict: null, attempts: 0 };
  const kind = Array.isArray(part.options) ? 'choice' : letters ? 'letter' : 'text';
  const view = kind === 'choice' ? choiceControl(part, name, inputId, feedbackId)
    : kind === 'letter' ? letterControl(part, name, inputId, feedbackId, letters)
      : textControl(part, name, inputId, feedbackId, cellName);
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
  const solution = cellName ? null : solutionBlock(part, () => {
    seen = true;
    if (!store.markSolutionSeen(exercise.id, name, seed)) onSaveFailed();
  });
  if (solution) section.append(solution.section);

  const exactLabel = exercise.chapter === 14 ? 'Exact answer' : 'The core’s value';
  // Emptied first, so that the same sentence twice in a row is announced twice.
  function announce(sentence) {
    announcer.textContent = '';
    setTimeout(() => { announcer.textContent = sentence; }, 30);
  }
  async function check({ restoring = false } = {}) {
    const text = view.get();
    if (!restoring && text.trim() === '') {
      clear(feedback);
      feedback.dataset.verdict = 'empty';
      const ask = kind === 'text' ? 'Type an answer first.' : 'Choose an answer first.';
      feedback.append(el('p', { class: 'verdict verdict-invalid' }, ask));
      announce(ask);
      return;
    }
    if (!restoring && closed) return;
    setBusy(checkButton, true);
    const result = await safeCall(() => companion.grade(exercise.id, name, text,
      { seed, revealValues: policy.values !== 'hidden', earlier: earlierAnswers(store, exercise, name, seed),
        followThrough: policy.followThrough ?? 'counts' }));
    setBusy(checkButton, false);
    const verdict = errorOf(result) ? null : result.verdict;
    let { attempts } = record;
    if (!restoring && (verdict === 'correct' || verdict === 'incorrect')) attempts += 1;
    showAttempts(attempts);
    showResult(feedback, result, { restored: restoring, exactLabel, decimalRule: exercise.decimalRule ?? null,
      decimalRuleId });
    section.dataset.verdict = verdict ?? 'error';
    if (verdict !== 'correct' && verdict !== 'incorrect' && verdict !== 'invalid') {
      if (!restoring) announce(announcementOf(result, exercise.decimalRule ?? null));
      return;
    }
    const unchanged = restoring && verdict === record.verdict; // a restore that changed nothing writes nothing
    record = { text, verdict, attempts };
    const closedNow = closeIfSettled();
    // A part closed without a correct answer says only that, and what is left to do; a
    // verdict that closes the part says so, as the attempt line does.
    const outOfAttempts = closed && verdict !== 'correct';
    if (outOfAttempts) showClosed(feedback, Boolean(part.hint && !cellName));
    if (!restoring) {
      announce(outOfAttempts ? `Not correct. ${closedSentence()}`
        : `${announcementOf(result, exercise.decimalRule ?? null)}${closedNow ? ` ${closedSentence()}` : ''}`);
    }
    // A check the learner made is kept as a try (the optional fields where the page knows them).
    const check = restoring ? null : { at: new Date().toISOString(), text, verdict, mistake: result.misconception ?? null,
      followThrough: result.followThrough ?? null, solutionSeen: seen || solutionSeen() === true || undefined,
      version: typeof exercise.version === 'string' ? exercise.version : undefined };
    if (!unchanged && !store.savePart(exercise.id, name, record, seed, check)) onSaveFailed();
    updateSolution();
    if (!restoring) {
      const latencyMs = begunAt === null ? 0 : Math.round(performance.now() - begunAt);
      begunAt = null;
      onGraded({ part: name, ...record, kind, mistake: result.misconception ?? null,
        feedback: typeof result.feedback === 'string' ? result.feedback : '', latencyMs,
        ...(check.solutionSeen ? { solutionSeen: true } : {}), ...(check.version ? { version: check.version } : {}) });
    }
  }

  // Under an attempt limit, a settled part is closed: its answer stays as checked.
  let closed = false;
  const closedSentence = () => (record.verdict === 'correct' ? 'This part is now closed.'
    : 'No attempts left: this part is now closed.');
  // -> whether it closed the part now.
  function closeIfSettled() {
    if (closed || policy.attempts === null || !isSettled(record, policy)) return false;
    closed = true;
    for (const control of form.querySelectorAll('input, textarea, select')) {
      if (control.type === 'radio' || control.tagName === 'SELECT') control.disabled = true;
      else control.readOnly = true;
    }
    checkButton.setAttribute('aria-disabled', 'true');
    checkButton.classList.add('check-closed');
    showAttempts(record.attempts);
    return true;
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
  const after = solutionAfter(policy);
  function updateSolution() {
    if (!solution) return;
    if (seen) {
      solution.offer(true);
      return;
    }
    if (after === null) return;
    // Where the policy keeps values back, a settled part offers it (whatever its count).
    if (solutionWaitsForSettled(policy)) {
      if (isSettled(record, policy)) solution.offer(false);
      return;
    }
    const wrong = store.tries(exercise.id, name, seed).filter((entry) => entry.verdict === 'incorrect').length;
    if (wrong >= after) solution.offer(false);
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

  const restore = saved && saved.text.trim() !== '' ? () => check({ restoring: true }) : null;
  return { name, section, record: () => ({ ...record }), settled: () => isSettled(record, policy), restore };
}
