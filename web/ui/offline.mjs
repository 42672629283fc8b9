// Keeps the companion for use offline: once a page has been used online, a service worker
// (service-worker.js, which the site build writes from web/service-worker.js) keeps every page,
// core and exercise file in this browser, and answers from there when the network does not.
// It is registered once the page's own work is done (an exercise page: after the first
// verdict, or after a while on the page), so that its downloads never stand between a
// learner and a verdict. Where something could not be had offline, offlineNote says why.

const WHILE_READING_MS = 10_000;

// Registers the service worker after `after` settles (default: the page loaded and a few
// seconds on it). Best effort: a browser without service workers, a page opened from a file,
// or a refusal leaves the site working online as before.
export function keepForOffline({ after = null } = {}) {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(window.location.protocol)) return;
  const loaded = new Promise((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', resolve, { once: true });
  });
  const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
  Promise.resolve(after ?? loaded.then(() => pause(2_000)))
    .then(() => navigator.serviceWorker.register('service-worker.js'))
    .catch(() => {});
}

// An exercise page registers after the first verdict, or after a while without one.
export const afterFirstVerdict = (verdict) => Promise.race([verdict, new Promise((resolve) => {
  setTimeout(resolve, WHILE_READING_MS);
})]);

// The sentence that goes after a failure to load something, when the browser is offline.
export function offlineNote() {
  return navigator.onLine === false
    ? ' This browser is offline, and this was not kept for use offline: it will be once a page of the companion is opened with a connection.'
    : '';
}
