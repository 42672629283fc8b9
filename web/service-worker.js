// The service worker that keeps the companion for use offline (registered by ui/offline.mjs
// once a page has been used online). The site build writes it to the site's root as
// service-worker.js, after two lines of its own: CACHE, the name of this build's cache (it
// changes with any file's content), and FILES, every page, core, script, stylesheet and
// exercise file a learner's pages use (tools/build-site.mjs, offlineFiles).
//
// On install it fetches FILES into CACHE; once active it deletes the caches of earlier
// builds. Every request of the site's own goes to the network first, so that a learner
// online always has the site as it is now (and a copy of what came is kept); only when the
// network does not answer does the copy answer. An exercise's page with a seed (a variant,
// ID.html?seed=N) or an id (exercise.html?id=ID) is the same file as without it: its script
// draws the variant, from the core and the exercise file it keeps. A page that was not kept is
// answered by offline.html, which says so.
/* global CACHE, FILES */

const PREFIX = 'attention-companion-';
const OFFLINE_PAGE = 'offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

// The address a file is kept under: the site's files do not depend on the query.
const keptAs = (url) => {
  const kept = new URL(url);
  kept.search = '';
  kept.hash = '';
  return kept.href;
};

async function fromNetworkElseKept(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') cache.put(keptAs(request.url), response.clone()).catch(() => {});
    return response;
  } catch (error) {
    const kept = await cache.match(keptAs(request.url));
    if (kept) return kept;
    if (request.mode === 'navigate') {
      const page = await cache.match(new URL(OFFLINE_PAGE, self.registration.scope).href);
      if (page) return page;
    }
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fromNetworkElseKept(request));
});
