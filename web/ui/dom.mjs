// Small DOM helpers for the pages. Everything that is not authored markup goes
// in as text (textContent / text nodes), never as HTML.

// el('p', {class: 'x', 'data-part': 'weights'}, 'text', childNode, ...)
// Attributes are set with setAttribute; `text` children become text nodes.
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  setAttributes(node, attributes);
  append(node, ...children);
  return node;
}

export function svgEl(tag, attributes = {}, ...children) {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  setAttributes(node, attributes);
  append(node, ...children);
  return node;
}

function setAttributes(node, attributes) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
}

export function append(node, ...children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node) {
  node.replaceChildren();
  return node;
}

let nextId = 0;
// A page-unique id for label/aria wiring (part names may hold dots).
export function uniqueId(prefix) {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

// A button that is working on its click: marked busy (aria-disabled, so it keeps the
// keyboard focus, where `disabled` would drop it to <body>) or free again. A busy button's
// handler should do nothing (see isBusy).
export function setBusy(button, busy) {
  if (busy) button.setAttribute('aria-disabled', 'true');
  else button.removeAttribute('aria-disabled');
}

export const isBusy = (button) => button.getAttribute('aria-disabled') === 'true';

// Lets the browser paint and answer input between pieces of a long drawing (a page's parts),
// so that no one task blocks the page for long; returns at once when the last pause was less
// than `budgetMs` ago. Usage: const pause = pacer(); … await pause();
export function pacer(budgetMs = 8) {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await (globalThis.scheduler?.yield?.() ?? new Promise((resolve) => { setTimeout(resolve, 0); }));
    since = performance.now();
  };
}
