// The embed's postMessage protocol, version 1 (documented in docs/teachers.md).
// Every message is a plain object {protocol: "attention-companion", version: 1, type, ...}.
// Events, embed -> parent: ready, graded, written, practised, progress, resize, state (the answer to
// getState), error. Commands, parent -> embed: reset, setSeed, getState.
// With an allow-list of parent origins, events are posted to those origins only (never to
// "*") and commands are obeyed only from them (and only from the parent window). It fails
// closed: with no valid origin in the list (none given, or only malformed ones), nothing
// is posted at all (the events hold the learner's typed answers) and every command is
// ignored.

import { messageOf } from '../error-message.mjs';

export const PROTOCOL = 'attention-companion';
export const PROTOCOL_VERSION = 1;
export const COMMANDS = ['reset', 'setSeed', 'getState'];

export const ORIGIN_EXAMPLE = 'https://course.example (or https://course.example:8443)';

// One item of &origin: the origin when it is written exactly as one (http or https,
// scheme://host[:port], lower case, no path, no default port), else null.
export function exactOrigin(item) {
  try {
    const url = new URL(item);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === item ? url.origin : null;
  } catch {
    return null;
  }
}

// "https://a.example, https://b.example:8443" -> {origins, rejected}: the exact origins,
// and every item that is not one (a path, "*", "null", a trailing slash...), as written
// (an &origin= that is there but empty is rejected as a whole; null: no &origin at all).
export function parseOrigins(text) {
  const origins = [];
  const rejected = [];
  for (const item of String(text ?? '').split(/[\s,]+/)) {
    if (!item) continue;
    const origin = exactOrigin(item);
    if (origin === null) rejected.push(item);
    else if (!origins.includes(origin)) origins.push(origin);
  }
  if (text !== null && text !== undefined && origins.length === 0 && rejected.length === 0) rejected.push(String(text));
  return { origins, rejected };
}

// The sentence shown in the embed when &origin held items that are not origins.
export function originNotice({ origins, rejected }) {
  const bad = rejected.map((item) => {
    const shown = `“${item.length > 80 ? `${item.slice(0, 80)}…` : item}”`;
    let near = null;
    try {
      const url = new URL(item);
      if (url.protocol === 'https:' || url.protocol === 'http:') near = url.origin;
    } catch {
      // nothing close to suggest
    }
    return near ? `${shown} (its origin would be ${near})` : shown;
  }).join(', ');
  const what = rejected.length === 1 ? `${bad} is not an origin` : `${bad} are not origins`;
  const effect = origins.length
    ? `Results are sent only to ${origins.join(', ')}.`
    : 'So this embed sends nothing to the page around it (no scores, no answers).';
  return `The address’s &origin= is not right: ${what}. ${effect} ` +
    `An origin is written scheme://host[:port] with nothing after it, e.g. ${ORIGIN_EXAMPLE}.`;
}

// The sentence shown in a framed embed whose page (at `parent`, the origin it saw) is not
// on the allow-list, so that a teacher sees at once why no result arrives; null when the
// page is on it, or when there is no page around the embed.
export function parentNotice({ parent, origins }) {
  if (!parent || origins.includes(parent)) return null;
  const fix = /^https?:\/\//.test(parent) ? ` To receive them there, add &origin=${parent} to this embed’s address.` : '';
  const allowed = origins.length ? `its address allows only ${origins.join(', ')}` : 'its address names no &origin=';
  return `This embed sends no results to the page around it, at ${parent}: ${allowed}.${fix}`;
}

export function message(type, payload = {}) {
  return { protocol: PROTOCOL, version: PROTOCOL_VERSION, type, ...payload };
}

// Talks to the window that embeds this one. onCommand(command) may return a value or a
// promise; its result is not posted back (commands post their own events).
export function connectToParent({ allowedOrigins = [], onCommand, target = window.parent }) {
  const framed = target && target !== window;
  function post(type, payload) {
    if (!framed || allowedOrigins.length === 0) return; // fail closed: never to "*"
    const data = message(type, payload);
    for (const origin of allowedOrigins) target.postMessage(data, origin);
  }
  window.addEventListener('message', (event) => {
    if (!framed || event.source !== target) return;
    if (!allowedOrigins.includes(event.origin)) return;
    const data = event.data;
    if (!data || typeof data !== 'object' || data.protocol !== PROTOCOL) return;
    if (data.version !== PROTOCOL_VERSION) {
      post('error', { message: `This embed speaks version ${PROTOCOL_VERSION} of the protocol, not ${String(data.version)}.`,
        requestId: data.requestId });
      return;
    }
    if (!COMMANDS.includes(data.type)) {
      post('error', { message: `Unknown command '${String(data.type)}'.`, requestId: data.requestId });
      return;
    }
    Promise.resolve()
      .then(() => onCommand(data))
      .catch((error) => post('error', { message: messageOf(error), requestId: data.requestId }));
  });
  return { post, framed };
}
