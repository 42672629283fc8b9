// Written, ungraded answers with a checklist: an open design task (Chapter 19's
// exercises 20 and 22: the whole exercise) and the explain items of other exercises
// (the written half that follows the computed parts: "explain which state changes").
// Each has a notes field, a checklist the learner ticks as their text covers each point,
// and reference notes revealed only after an attempt (some notes, or for a design task
// at least one tick).
// Nothing here is graded right or wrong; the state is saved per exercise (and, for an explain
// item, per item and seed: its reference notes hold the variant's answers, so notes revealed
// at one variant open closed at another, and the reveal is kept as the record that they were
// opened there).

import { el, uniqueId } from './dom.mjs';
import { renderMathText, renderParagraphs } from './render-math.mjs';
import { partHeading } from './part-view.mjs';
import { MAX_TEXT, keptText } from './text-limits.mjs';

// The field's limit, stated under it: always the number, and as the text nears or passes it,
// how much is used and, past it, that only the first MAX_TEXT characters are kept.
const count = (n) => n.toLocaleString('en');
const NEAR = MAX_TEXT - 400;
function limitWords(length) {
  if (length > MAX_TEXT) {
    return `Your text is ${count(length)} characters long, over the ${count(MAX_TEXT)} this field keeps: only its first ` +
      `${count(MAX_TEXT)} characters are saved. Shorten it by ${count(length - MAX_TEXT)} characters.`;
  }
  if (length >= NEAR) return `${count(length)} of at most ${count(MAX_TEXT)} characters.`;
  return `At most ${count(MAX_TEXT)} characters.`;
}

// The notes, checklist and reference notes. `words`: {notesLabel, covered(n, of),
// before, after} for the texts that differ between a plan and an explanation.
// needsNotes: the reference notes open only once something is written (an explanation's
// notes hold the parts' answers, so ticking a box is not enough).
// onChange({notes, ticked, of, revealed}): after each change the learner makes, and once the
// reference notes are opened (so that what reports the work records it). withheld: a sentence
// said in place of the reference notes (a policy that hides values), or null.
// ownerHeadingId: the id (or ids) of what names the section it sits in, which names its
// reference notes together with their own heading ("Part 4 … Reference notes": a page may
// hold several).
// seed: the variant shown (an explain item's state is kept per seed; a design task has none).
function checklistTask(store, exerciseId, item, { checklist, referenceNotes, words, headingLevel, ownerHeadingId,
  needsNotes = false, onChange = () => {}, withheld = null, seed = 0 }) {
  const saved = store.openTask(exerciseId, item, seed) ?? { ticked: [], notes: '', revealed: false };
  const points = Array.isArray(checklist) ? checklist.map(String) : [];
  const boxes = points.map((point, index) => {
    const id = uniqueId('check');
    const box = el('input', { type: 'checkbox', id, value: String(index), class: 'checklist-box' });
    box.checked = saved.ticked.includes(index);
    const label = el('label', { for: id });
    renderMathText(label, point);
    return { box, row: el('li', {}, box, label) };
  });
  const notesId = uniqueId('notes');
  const limit = el('p', { id: `${notesId}-limit`, class: 'notes-limit' });
  // (Said once when the text passes the limit, not at every keystroke.)
  const over = el('p', { class: 'visually-hidden notes-over', 'aria-live': 'assertive' });
  const notes = el('textarea', { id: notesId, class: 'open-notes', rows: '6', spellcheck: 'true',
    'aria-describedby': limit.id });
  notes.value = saved.notes;
  let wasOver = false;
  const showLimit = () => {
    const length = notes.value.length;
    limit.textContent = limitWords(length);
    limit.classList.toggle('notes-limit-over', length > MAX_TEXT);
    if (length > MAX_TEXT) notes.setAttribute('aria-invalid', 'true');
    else notes.removeAttribute('aria-invalid');
    if (length > MAX_TEXT && !wasOver) over.textContent = limit.textContent;
    if (length <= MAX_TEXT) over.textContent = '';
    wasOver = length > MAX_TEXT;
  };
  showLimit();
  const progress = el('p', { class: 'checklist-progress', 'aria-live': 'polite' });
  const reveal = el('button', { type: 'button', class: 'reveal-notes' }, 'Show the reference notes');
  const revealHelp = el('p', { class: 'reveal-help' });
  // (Its maths may be wider than a phone: the block scrolls sideways, a region the keyboard reaches.)
  const referenceHeadingId = uniqueId('reference-heading');
  const referenceBody = el('div', {});
  const reference = el('div', { class: 'reference-notes', id: uniqueId('reference'), hidden: true, tabindex: '0', role: 'region',
    'aria-labelledby': `${ownerHeadingId} ${referenceHeadingId}` },
  el(`h${headingLevel + 1}`, { id: referenceHeadingId }, 'Reference notes'), referenceBody);
  reveal.setAttribute('aria-controls', reference.id);
  let revealed = saved.revealed;

  const ticked = () => boxes.filter(({ box }) => box.checked).map(({ box }) => Number(box.value));
  const attempted = () => notes.value.trim() !== '' || (!needsNotes && ticked().length > 0);
  const save = () => store.saveOpenTask(exerciseId, { ticked: ticked(), notes: keptText(notes.value), revealed }, item, seed);
  const told = () => onChange({ notes: keptText(notes.value), ticked: ticked(), of: points.length, revealed });

  function update() {
    progress.textContent = words.covered(ticked().length, points.length);
    const can = attempted() || revealed;
    reveal.disabled = !can;
    reveal.hidden = revealed;
    revealHelp.textContent = revealed ? '' : can ? words.after : words.before;
    reference.hidden = !revealed;
  }

  async function showReference() {
    if (!referenceBody.hasChildNodes()) await renderParagraphs(referenceBody, referenceNotes ?? '');
  }

  const changed = () => {
    save();
    update();
    showLimit();
    told();
  };
  for (const { box } of boxes) box.addEventListener('change', changed);
  notes.addEventListener('input', changed);
  reveal.addEventListener('click', async () => {
    if (!attempted()) return;
    revealed = true;
    save();
    told();
    await showReference();
    update();
    reference.focus();
  });
  const head = [el('label', { for: notesId, class: 'prompt' }, words.notesLabel), notes, limit, over,
    el(`h${headingLevel + 1}`, {}, 'Checklist'), el('ul', { class: 'checklist' }, boxes.map(({ row }) => row))];
  update();
  if (withheld) return [...head, progress, el('p', { class: 'reveal-help' }, withheld)];
  if (revealed) showReference();
  return [...head, progress, reveal, revealHelp, reference];
}

const KEPT_HERE = 'kept in this browser only';

// options: headingLevel (of the section's heading; 2 on the exercise page), onChange (as
// checklistTask's), titleId (the exercise title's id, where several exercises share a page).
// where: where the text goes, said in the field's label (default: this browser only).
export function openTaskView(store, exercise, { headingLevel = 2, onChange, titleId = null, where = KEPT_HERE } = {}) {
  const headingId = uniqueId('open-task-heading');
  const body = checklistTask(store, exercise.id, null, {
    checklist: exercise.checklist,
    referenceNotes: exercise.reference_notes,
    headingLevel,
    ownerHeadingId: titleId ? `${titleId} ${headingId}` : headingId,
    onChange,
    words: {
      notesLabel: `Your notes (${where})`,
      covered: (n, of) => `${n} of ${of} points covered by your plan`,
      before: 'Write your plan or tick at least one point first; the reference notes open after an attempt.',
      after: 'Compare your plan with the reference notes when you are ready. They are one good answer, not the only one.',
    },
  });
  return el('section', { class: 'open-task', 'aria-labelledby': titleId ? `${titleId} ${headingId}` : headingId },
    el(`h${headingLevel}`, { id: headingId }, 'Your plan'),
    el('p', {}, 'This is an open design task: there is no single right text, so it is not graded. ' +
      'Write your plan, then tick each point it covers.'),
    ...body);
}

// The reference notes of an explain item hold the parts' answers: under a policy that
// hides values they are not offered, and the learner is told why.
const NOTES_WITHHELD = 'Your teacher set this activity not to show the expected values, so the reference notes, ' +
  'which hold them, are not shown here.';

// One explain item ({name, heading?, prompt, checklist, reference_notes}), numbered after the
// exercise's computed parts. options: as openTaskView's, valuesHidden (the policy's
// values=hidden) and seed (the variant shown: the item's notes and reveal are kept per seed).
export function explainView(store, exercise, item, number, { headingLevel = 2, onChange, titleId = null,
  valuesHidden = false, where = KEPT_HERE, seed = 0 } = {}) {
  const headingId = uniqueId('explain-heading');
  const prompt = el('div', { class: 'explain-prompt' });
  const body = checklistTask(store, exercise.id, String(item.name), {
    checklist: item.checklist,
    referenceNotes: item.reference_notes,
    headingLevel,
    ownerHeadingId: titleId ? `${titleId} ${headingId}` : headingId,
    needsNotes: true,
    seed,
    onChange,
    withheld: valuesHidden ? NOTES_WITHHELD : null,
    words: {
      notesLabel: `Your explanation (${where})`,
      covered: (n, of) => `${n} of ${of} points covered by your explanation`,
      before: 'Write your explanation first; the reference notes open after an attempt.',
      after: 'Compare with the reference notes when you are ready. They are one good explanation, not the only one.',
    },
  });
  const section = el('section', { class: 'explain-part', 'data-explain': String(item.name),
    'aria-labelledby': titleId ? `${titleId} ${headingId}` : headingId },
  el(`h${headingLevel}`, { id: headingId, class: 'part-heading' }, ...partHeading({ name: 'explain',
    heading: typeof item.heading === 'string' && item.heading.trim() !== '' ? item.heading : 'In your own words' },
  number - 1)),
  prompt,
  el('p', { class: 'explain-rule' }, 'Written in your own words and not graded: tick each checklist point ' +
    (valuesHidden ? 'your explanation covers.' : 'your explanation covers, then compare it with the reference notes.')),
  ...body);
  return { section, ready: renderParagraphs(prompt, item.prompt ?? '') };
}
