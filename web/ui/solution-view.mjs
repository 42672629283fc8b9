// A part's worked solution: the core's chain of steps from the inputs to the part, with the
// variant's numbers, offered by the part form (part-view.mjs) under the teacher's policy and
// opened only by the learner.
import { el, uniqueId } from './dom.mjs';
import { renderMathText } from './render-math.mjs';

// A part's worked solution (the core's chain of steps from the inputs to the part, with this
// variant's numbers), hidden until offered; the learner chooses to open it. load() -> a promise
// of its lines: the call is in the whole core, which a page loads only when a solution is
// offered (companion.solutions), so that the core it waits for carries none of the working.
// -> {section, offer(seen)}; offer(seen) -> whether the offer appears now (it was not on the
// page before). onOpen: called when it is opened. name: where the block stands apart from its
// part (below a fill-in table, for one of its cells: part-table.mjs), the part's name in
// words, which labels the block; part: its name, kept on the block as data-part.
export function solutionBlock(onOpen, load, { name = null, part = null } = {}) {
  const stepsId = uniqueId('solution');
  // The lines are written into the page only when the learner opens them: until then no value
  // of the solution is on the page (a policy that hides values offers it only once the part is
  // settled, and the page's text must not hold it before).
  const steps = el('ol', { id: stepsId, class: 'solution-steps', hidden: true, 'aria-busy': 'false' });
  let lines = null;
  const linesOnce = () => {
    lines ??= Promise.resolve().then(load).catch((error) => {
      lines = null; // tried again at the next opening
      throw error;
    });
    return lines;
  };
  const fill = async () => {
    if (steps.dataset.filled) return;
    steps.dataset.filled = 'true';
    steps.setAttribute('aria-busy', 'true');
    steps.replaceChildren(el('li', { class: 'solution-loading' }, 'Working it out…'));
    let shown;
    try {
      shown = (await linesOnce()).filter((line) => typeof line === 'string');
    } catch {
      delete steps.dataset.filled;
      shown = null;
    }
    steps.setAttribute('aria-busy', 'false');
    if (!shown || shown.length === 0) {
      steps.replaceChildren(el('li', { class: 'solution-loading' }, shown
        ? 'This part has no worked solution.'
        : 'The worked solution could not be loaded. Close it and open it again to try once more.'));
      return;
    }
    steps.replaceChildren(...shown.map((line) => {
      // Each line names the chapters' quantity in its notation ($\alpha_i$), typeset as the prompts are.
      const item = el('li', {});
      renderMathText(item, line);
      return item;
    }));
  };
  const note = el('p', { class: 'solution-note' });
  const button = el('button', { type: 'button', class: 'show-solution', 'aria-expanded': 'false',
    'aria-controls': stepsId }, 'Show a worked solution');
  const labelId = `${stepsId}-label`;
  const section = el('div', { class: 'solution', hidden: true, ...(name ? { role: 'group', 'aria-labelledby': labelId,
    'data-part': part } : {}) }, name ? el('p', { id: labelId, class: 'solution-for' }, `Worked solution: ${name}`) : null,
  note, button, steps);
  const showSeen = () => {
    note.textContent = 'You saw the worked solution: each step from the given inputs, with this variant’s numbers.';
  };
  // The whole core starts loading as the learner reaches for the button, not with the offer
  // (a restored page offers it at once, before any check).
  const warm = () => linesOnce().catch(() => {});
  button.addEventListener('pointerenter', warm, { once: true });
  button.addEventListener('focus', warm, { once: true });
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
