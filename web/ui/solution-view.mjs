// A part's worked solution: the core's chain of steps from the inputs to the part, with the
// variant's numbers (part.solution), offered by the part form (part-view.mjs) under the
// teacher's policy and opened only by the learner.
import { el, uniqueId } from './dom.mjs';
import { renderMathText } from './render-math.mjs';

// A part's worked solution (the core's chain of steps from the inputs to the part, with this
// variant's numbers: part.solution), hidden until offered; the learner chooses to open it.
// -> {section, offer(seen)} or null where the part has none; offer(seen) -> whether the offer
// appears now (it was not on the page before). onOpen: called when it is opened.
export function solutionBlock(part, onOpen) {
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
    const appears = section.hidden;
    section.hidden = false;
    if (seen) {
      section.dataset.seen = 'true';
      showSeen();
    } else if (!section.dataset.seen) {
      note.textContent = 'A worked solution of this part is here if you want it: each step from the given inputs, ' +
        'with this variant’s numbers, ending in the answer.';
    }
    return appears;
  };
  return { section, offer };
}
