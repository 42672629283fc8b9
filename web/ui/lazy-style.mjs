// A stylesheet a page asks for only when the learner first opens what it styles (the live
// figures' figures.css, "Run this batch"'s batch-run.css): it is not among the bytes the
// page's first paint waits for. Resolves once it has loaded, or failed to, so that nothing
// is drawn unstyled; each sheet is asked for once.

import { el } from './dom.mjs';

const loading = new Map();

// `file` is resolved against the page's address (every page sits at the site's root; a
// module's own address would not do, since the site build moves modules into bundles).
export function lazyStyle(file) {
  const href = new URL(file, document.baseURI).href;
  if (!loading.has(href)) {
    loading.set(href, new Promise((resolve) => {
      if ([...document.styleSheets].some((sheet) => sheet.href === href)) {
        resolve();
        return;
      }
      const link = el('link', { rel: 'stylesheet', href });
      link.addEventListener('load', () => resolve());
      link.addEventListener('error', () => resolve());
      document.head.append(link);
    }));
  }
  return loading.get(href);
}
