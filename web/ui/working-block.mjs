// The "Show the working" section of an exercise: the core's working (behind a warning
// that it holds the answers), and the working of parts that change an input. Under a
// feedback policy with working=hidden (feedback-policy.mjs) its button stays refused,
// with a sentence saying when it opens, until `update(true)`: every part correct or out
// of attempts. Under values=hidden the working, which is made of values, is not offered
// at all, and a sentence says so. The exercise page and the embed widget both use it.

import { el, uniqueId } from './dom.mjs';
import { renderWorking, workingKind } from './working-view.mjs';
import { PRACTICE } from './feedback-policy.mjs';

function describe(kind) {
  if (kind === 'exact-read') {
    return 'Every step of the computation, as the core does it: scores, exponentials, weights, ' +
      'then the denominator, context and readout, each exact and as a decimal.';
  }
  if (kind === 'counts') return 'Every count, as the core works it out: the formula and its value.';
  return 'Every step of the computation, as the core does it; a decimal with more than four significant figures is ' +
    'rounded to four.';
}

// -> {section, update(settled)}. titleId: the exercise title's id where several exercises
// share a page (a chapter's embed), so that each working region has its own name.
export function workingBlock(exercise, { headingLevel = 2, holderId = uniqueId('working-holder'),
  headingId = uniqueId('working-heading'), titleId = null, policy = PRACTICE } = {}) {
  const headingFor = () => (titleId ? `${titleId} ${headingId}` : headingId);
  if (policy.values === 'hidden') {
    const section = el('section', { class: 'working-section', 'aria-labelledby': headingFor() },
      el(`h${headingLevel}`, { id: headingId }, 'The working'),
      el('p', { class: 'working-gate' }, 'Your teacher set this activity not to show the expected values, so the ' +
        'working, which is made of them, is not shown here.'));
    return { section, update: () => {} };
  }
  const kind = workingKind(exercise);
  const holder = el('div', { id: holderId, class: 'working-holder', hidden: true });
  const button = el('button', { type: 'button', class: 'show-working', 'aria-expanded': 'false',
    'aria-controls': holderId }, 'Show the working');
  const gated = policy.working === 'hidden';
  const gateNote = gated ? el('p', { class: 'working-gate' }, policy.attempts === null
    ? 'Your teacher set the working to open once every part is correct.'
    : 'Your teacher set the working to open once every part is correct or out of attempts.') : null;
  let open = !gated;
  const title = exercise.title ?? exercise.id;
  button.addEventListener('click', () => {
    if (!open) return;
    const opening = holder.hidden;
    if (opening && !holder.hasChildNodes()) {
      holder.append(renderWorking(exercise.working, kind, `Working for ${title}`));
      // Parts that change an input (a mask, a temperature, another query) have their own working.
      const seen = new Set([JSON.stringify(exercise.working)]);
      for (const part of exercise.parts ?? []) {
        const key = JSON.stringify(part.working ?? null);
        if (!part.working || seen.has(key)) continue;
        seen.add(key);
        // Named by their headings in words where the file gives them ("Masked weights"), else by name.
        const names = exercise.parts.filter((p) => JSON.stringify(p.working ?? null) === key)
          .map((p) => (typeof p.heading === 'string' && p.heading.trim() ? `“${p.heading.trim()}”` : p.name));
        holder.append(el(`h${headingLevel + 1}`, {}, `For ${names.length === 1 ? 'part' : 'parts'} ${names.join(', ')}`),
          renderWorking(part.working, kind, `Working for ${names.join(', ')}`));
      }
    }
    holder.hidden = !opening;
    button.setAttribute('aria-expanded', String(opening));
    button.textContent = opening ? 'Hide the working' : 'Show the working';
  });
  const update = (settled) => {
    if (!gated) return;
    open = settled;
    if (open) button.removeAttribute('aria-disabled');
    else button.setAttribute('aria-disabled', 'true');
    gateNote.hidden = open;
  };
  update(false);
  const section = el('section', { class: 'working-section', 'aria-labelledby': headingFor() },
    el(`h${headingLevel}`, { id: headingId }, 'The working'), el('p', {}, describe(kind)),
    el('p', { class: 'working-warning' }, 'Open it after you have tried the parts: it contains the answers.'),
    gateNote, button, holder);
  return { section, update };
}
