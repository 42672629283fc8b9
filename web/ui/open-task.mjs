// An open design task (Chapter 19's exercises 20 and 22): a checklist the
// learner ticks as their own plan covers each point, a notes field, and the
// reference notes, revealed only after an attempt (at least one tick or some
// notes). Nothing here is graded right or wrong; the state is saved.

import { el, uniqueId } from './dom.mjs';
import { renderParagraphs } from './render-math.mjs';

export function openTaskView(store, exercise) {
  const saved = store.openTask(exercise.id) ?? { ticked: [], notes: '', revealed: false };
  const checklist = Array.isArray(exercise.checklist) ? exercise.checklist.map(String) : [];
  const boxes = checklist.map((item, index) => {
    const id = uniqueId('check');
    const box = el('input', { type: 'checkbox', id, value: String(index), class: 'checklist-box' });
    box.checked = saved.ticked.includes(index);
    return { box, row: el('li', {}, box, el('label', { for: id }, item)) };
  });
  const notesId = uniqueId('notes');
  const notes = el('textarea', { id: notesId, class: 'open-notes', rows: '6', maxlength: '4000', spellcheck: 'true' });
  notes.value = saved.notes;
  const progress = el('p', { class: 'checklist-progress', 'aria-live': 'polite' });
  const reveal = el('button', { type: 'button', class: 'reveal-notes' }, 'Show the reference notes');
  const revealHelp = el('p', { class: 'reveal-help' });
  const reference = el('div', { class: 'reference-notes', id: uniqueId('reference'), hidden: true, tabindex: '-1' });
  reveal.setAttribute('aria-controls', reference.id);
  let revealed = saved.revealed;

  const ticked = () => boxes.filter(({ box }) => box.checked).map(({ box }) => Number(box.value));
  const attempted = () => ticked().length > 0 || notes.value.trim() !== '';
  const save = () => store.saveOpenTask(exercise.id, { ticked: ticked(), notes: notes.value, revealed });

  function update() {
    progress.textContent = `${ticked().length} of ${checklist.length} points covered by your plan`;
    const can = attempted() || revealed;
    reveal.disabled = !can;
    reveal.hidden = revealed;
    revealHelp.textContent = revealed ? ''
      : can ? 'Compare your plan with the reference notes when you are ready. They are one good answer, not the only one.'
        : 'Write your plan or tick at least one point first; the reference notes open after an attempt.';
    reference.hidden = !revealed;
  }

  async function showReference() {
    if (!reference.hasChildNodes()) {
      const body = el('div', {});
      reference.append(el('h3', {}, 'Reference notes'), body);
      await renderParagraphs(body, exercise.reference_notes ?? '');
    }
  }

  for (const { box } of boxes) box.addEventListener('change', () => { save(); update(); });
  notes.addEventListener('input', () => { save(); update(); });
  reveal.addEventListener('click', async () => {
    if (!attempted()) return;
    revealed = true;
    save();
    await showReference();
    update();
    reference.focus();
  });
  if (revealed) showReference();
  update();

  return el('section', { class: 'open-task', 'aria-labelledby': 'open-task-heading' },
    el('h2', { id: 'open-task-heading' }, 'Your plan'),
    el('p', {}, 'This is an open design task: there is no single right text, so it is not graded. ' +
      'Write your plan, then tick each point it covers.'),
    el('label', { for: notesId, class: 'prompt' }, 'Your notes (kept in this browser only)'), notes,
    el('h3', {}, 'Checklist'),
    el('ul', { class: 'checklist' }, boxes.map(({ row }) => row)), progress,
    reveal, revealHelp, reference);
}
