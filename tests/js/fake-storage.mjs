// A browser's localStorage for the store's Node tests: globalThis.window with a localStorage
// over a Map (returned, so that a test can read what was written); delete globalThis.window after.
export function withStorage(entries = {}) {
  const map = new Map(Object.entries(entries));
  globalThis.window = { localStorage: {
    getItem: (key) => (map.has(key) ? map.get(key) : null),
    setItem: (key, value) => { map.set(key, String(value)); },
    removeItem: (key) => { map.delete(key); },
  } };
  return map;
}
