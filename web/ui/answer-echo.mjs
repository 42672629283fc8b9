// A one-line answer field shows only as much of a long list as its width allows: on a phone,
// "[0.123, 0.361, 0.2, 0.101, 0.215]" scrolls its start out of sight while it is typed. Under
// such a field, the whole text as typed, wrapped, while it is wider than the field (and
// nothing otherwise). It is the field's own value shown again, so it is hidden from screen
// readers, which read the value itself; the learner's text goes in as text.

import { el } from './dom.mjs';

export function typedInFull(input) {
  const text = el('code', {});
  const echo = el('p', { class: 'answer-echo', 'aria-hidden': 'true', hidden: true }, 'You typed: ', text);
  const update = () => {
    const overflows = input.value !== '' && input.scrollWidth > input.clientWidth + 1;
    echo.hidden = !overflows;
    if (overflows) text.textContent = input.value;
  };
  input.addEventListener('input', update);
  if (typeof ResizeObserver === 'function') new ResizeObserver(update).observe(input);
  return { echo, update };
}
