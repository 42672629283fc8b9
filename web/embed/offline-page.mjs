// The offline dist/ pages (classic script after attention-exercise.js, so it runs from
// file:// too): index.html gets the progress export/import panel (the element's bundle
// carries none of it); exercise.html (and the
// site's chapter names for it, exercise-14.html, …) shows
// ?exercise=ID (or the site's ?id=ID) or ?chapter=N (with &seed=S) as an
// <attention-exercise> element.

import { el } from '../ui/dom.mjs';
import { openStore } from '../ui/storage.mjs';
import { mountProgressPanel } from '../ui/progress-panel.mjs';

function main() {
  const page = document.body.dataset.page;
  if (page === 'index') {
    // (The answers the elements keep in this browser: storage.mjs's store of no context.)
    mountProgressPanel(document.getElementById('progress'), { store: openStore().store });
    document.body.dataset.ready = 'true';
    return;
  }
  const params = new URLSearchParams(window.location.search);
  const attributes = {};
  for (const name of ['exercise', 'chapter', 'seed']) {
    if (params.get(name) !== null) attributes[name] = params.get(name);
  }
  // The site's own address form (exercise-14.html?id=…), as the figure pages link to it.
  if (attributes.exercise === undefined && params.get('id') !== null) attributes.exercise = params.get('id');
  const element = el('attention-exercise', attributes);
  element.addEventListener('attention-ready', () => { document.body.dataset.ready = 'true'; });
  document.getElementById('main').append(element);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
else main();
