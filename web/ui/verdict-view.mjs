// A part's verdict, as the learner reads and hears it: the core's result laid out in the
// part's feedback region (the verdict said once, the feedback's maths typeset, the decimal
// rule pointed at where the page states it), the one sentence announced after a check, and
// the attempt line. Used by the part form (part-view.mjs).
import { el, clear } from './dom.mjs';
import { errorOf } from './boot.mjs';
import { langNodes } from './lang-text.mjs';
import { renderFeedback } from './feedback-math.mjs';

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
export function showClosed(region, hasHint) {
  clear(region);
  delete region.dataset.kept;
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
  delete region.dataset.kept;
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

// Why a saved answer shows the verdict it was given and is not checked again on load: the
// exercise's version it was given against is not the exercise's now ('version'), or, checked
// again, it would get another verdict (the exercise or the checking changed, and the saved
// answer does not say which: 'checking').
const KEPT_WHY = {
  version: 'This exercise has been changed since you checked this answer',
  checking: 'This answer was checked against an earlier form of this exercise, or of the way answers are checked',
};

// Fills the region with a saved answer's verdict as it was given (nothing graded again), why
// it is kept, and a button that checks the answer against the exercise as it is now (onCheck).
// -> the button.
export function showKeptVerdict(region, verdict, why, onCheck) {
  clear(region);
  region.dataset.verdict = verdict;
  region.dataset.kept = why;
  delete region.dataset.misconception;
  delete region.dataset.followThrough;
  const button = el('button', { type: 'button', class: 'check-again' }, 'Check it against the exercise as it is now');
  button.addEventListener('click', onCheck);
  region.append(el('p', { class: `verdict verdict-${verdict}` },
    el('span', { class: 'verdict-title' }, VERDICT_TITLES[verdict]),
    el('span', { class: 'restored' }, ' (your saved answer, as it was checked then)')),
  el('p', { class: 'feedback-text kept-note' }, `${KEPT_WHY[why]}, so this is the verdict it was given then, and it ` +
    'still counts. You can check it against the exercise as it is now: that check uses no attempt, and its verdict ' +
    'then counts instead.'), el('p', { class: 'kept-action' }, button));
  return button;
}
