// A long list shown a page at a time (DOM): the class report's learners, each item's written
// work, the wrong answers no named mistake explains. Only the page shown is drawn, so a class
// of 10,000 costs the page what 50 cost; a filter (optional) keeps the items whose text
// holds what is typed. Buttons move a page back and forth, and a line says which items show.

import { el, clear, uniqueId } from '../ui/dom.mjs';

const count = (n) => n.toLocaleString('en');

// items: the list; draw(item) -> a node; options: pageSize, noun ([one, many]: "learner",
// "learners"), holder (the element the page's nodes go in: a <tbody>, <dl> or <div>), frame
// (what holds it, when it is not placed alone: its <table>), filter (item -> the text a search
// looks in; none: no search field), label (of the search field).
// -> the section's node (the frame after the controls).
export function pager(items, draw, { pageSize = 50, noun = ['item', 'items'], holder, frame = holder, filter = null,
  label = 'Find' }) {
  let shown = items;
  let start = 0;
  const status = el('p', { class: 'pager-status', 'aria-live': 'polite' });
  const previous = el('button', { type: 'button', class: 'pager-previous' }, `Previous ${pageSize}`);
  const next = el('button', { type: 'button', class: 'pager-next' }, `Next ${pageSize}`);
  const render = () => {
    clear(holder);
    const end = Math.min(shown.length, start + pageSize);
    for (let i = start; i < end; i += 1) holder.append(draw(shown[i]));
    const of = shown.length === items.length ? '' : ` (of ${count(items.length)})`;
    status.textContent = shown.length === 0 ? `No ${noun[1]} match.`
      : shown.length <= pageSize ? `${count(shown.length)} ${shown.length === 1 ? noun[0] : noun[1]}${of}.`
        : `${noun[1][0].toUpperCase()}${noun[1].slice(1)} ${count(start + 1)}–${count(end)} of ${count(shown.length)}${of}.`;
    previous.disabled = start === 0;
    next.disabled = end >= shown.length;
    previous.hidden = shown.length <= pageSize;
    next.hidden = shown.length <= pageSize;
  };
  previous.addEventListener('click', () => {
    start = Math.max(0, start - pageSize);
    render();
  });
  next.addEventListener('click', () => {
    start += pageSize;
    render();
  });
  let search = null;
  if (filter && items.length > pageSize) {
    const id = uniqueId('pager-find');
    const input = el('input', { id, type: 'text', inputmode: 'search', class: 'pager-find', autocomplete: 'off', spellcheck: 'false' });
    input.addEventListener('input', () => {
      const query = input.value.trim().toLowerCase();
      shown = query ? items.filter((item) => filter(item).toLowerCase().includes(query)) : items;
      start = 0;
      render();
    });
    search = el('p', { class: 'pager-search' }, el('label', { for: id }, `${label}: `), input);
  }
  render();
  return el('div', { class: 'pager' }, search, el('div', { class: 'pager-controls' }, status, previous, ' ', next), frame);
}
