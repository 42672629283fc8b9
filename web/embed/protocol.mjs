// The embed's postMessage protocol, version 1 (documented in README.md, "For teachers").
// Every message is a plain object {protocol: "attention-companion", version: 1, type, ...}.
// Events, embed -> parent: ready, graded, progress, resize, state (the answer to getState),
// error. Commands, parent -> embed: reset, setSeed, getState.
// With an allow-list of parent origins, events are posted to those origins only (never to
// "*") and commands are obeyed only from them (and only from the parent window). With no
// allow-list, events go to "*" (they hold no more than verdicts and scores) and every
// command is ignored.

export const PROTOCOL = 'attention-companion';
export const PROTOCOL_VERSION = 1;
export const COMMANDS = ['reset', 'setSeed', 'getState'];

// "https://a.example, https://b.example:8443" -> normalised origins; anything that is
// not an http(s) origin (a path, "*", "null") is dropped.
export function parseOrigins(text) {
  const origins = [];
  for (const item of String(text ?? '').split(/[\s,]+/)) {
    if (!item) continue;
    try {
      const url = new URL(item);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === item.replace(/\/$/, '')) {
        if (!origins.includes(url.origin)) origins.push(url.origin);
      }
    } catch {
      // not an origin: ignored
    }
  }
  return origins;
}

export function message(type, payload = {}) {
  return { protocol: PROTOCOL, version: PROTOCOL_VERSION, type, ...payload };
}

// Talks to the window that embeds this one. onCommand(command) may return a value or a
// promise; its result is not posted back (commands post their own events).
export function connectToParent({ allowedOrigins = [], onCommand, target = window.parent }) {
  const framed = target && target !== window;
  function post(type, payload) {
    if (!framed) return;
    const data = message(type, payload);
    if (allowedOrigins.length === 0) {
      target.postMessage(data, '*');
      return;
    }
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
      .catch((error) => post('error', { message: String(error?.message ?? error), requestId: data.requestId }));
  });
  return { post, framed };
}
