// Every page's <head> and frame, written once:
//   sitePage: the site's pages (web/*.html), for tools/build-site.mjs and the offline
//     folder of tools/build-embed.mjs. A page's source holds only what is its own: one first
//     line, <!-- page title="…" styles="a.css b.css" script="pages/x.mjs" … -->, and its
//     body; the head, the skip link, the site's navigation (web/ui/site-header.html), the
//     status lines (<!-- page-status -->, web/ui/page-status.html) and the footer
//     (<!-- site-footer -->, web/ui/site-footer.html) come from here.
//   page: the small static pages the embed build writes (dist/'s index and exercise pages,
//     a SCORM package's launch page): the same head, a body with data attributes, and
//     classic scripts at its end.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const uiDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'ui');
const partial = (name) => fs.readFileSync(path.join(uiDir, name), 'utf8').trimEnd();

// JSON that cannot end the <script> element it sits in ("<" written as its escape).
export const jsonInHtml = (value) => JSON.stringify(value).replaceAll('<', '\\u003c');

export const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// A script: a module where its name ends in .mjs, else a classic script.
const scriptTag = (src) => (src.endsWith('.mjs')
  ? `<script type="module" src="${src}"></script>` : `<script src="${src}"></script>`);

// The head every page shares: the charset first (tools/build-site.mjs puts the preload
// hints after it), the viewport, the page's own metas, its title (as HTML), the icon (where the
// folder has one), its stylesheets and its scripts.
function head({ metas = [], title, icon = true, styles, scripts = [] }) {
  return ['<!doctype html>', '<html lang="en">', '<head>', '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">', ...metas,
    `<title>${title}</title>`,
    ...(icon ? ['<link rel="icon" href="favicon.svg" type="image/svg+xml">'] : []),
    ...styles.map((href) => `<link rel="stylesheet" href="${href}">`), ...scripts, '</head>'].join('\n');
}

export function page({ title, body, scripts, dataset = {} }) {
  const data = Object.entries(dataset).map(([key, value]) => ` data-${key}="${escapeHtml(value)}"`).join('');
  return `${head({ title: escapeHtml(title), icon: false, styles: ['style.css'] })}
<body${data}>
${body}
${scripts.map((src) => `<script src="${src}"></script>`).join('\n')}
</body>
</html>
`;
}

const FRONT = /^<!-- page((?:\s+[a-z-]+="[^"]*")+)\s*-->\n/;
const KEYS = new Set(['title', 'core', 'csp', 'styles', 'script', 'class', 'header']);

// A page's own part, from its first line: title (required), styles and script, core (the
// chapter core it starts: <meta name="attention-core">), csp (a Content-Security-Policy of
// its own), class (its body's), header="none" (no skip link and no site navigation: the
// embedded page). Throws on anything else, naming the page.
export function pageFront(source, name) {
  const match = source.match(FRONT);
  if (!match) throw new Error(`${name} must start with <!-- page title="…" … -->`);
  const front = Object.fromEntries([...match[1].matchAll(/([a-z-]+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
  const unknown = Object.keys(front).filter((key) => !KEYS.has(key));
  if (unknown.length) throw new Error(`${name}: unknown page key ${unknown.join(', ')}`);
  if (!front.title) throw new Error(`${name}: the page needs a title`);
  if (front.header !== undefined && front.header !== 'none') throw new Error(`${name}: header can only be "none"`);
  return { front, body: source.slice(match[0].length).trimEnd() };
}

// The site's page from its source (web/NAME.html). header: the navigation to show, by
// default the site's (web/ui/site-header.html) with the link to this page marked current.
export function sitePage(source, name, { header } = {}) {
  const { front, body } = pageFront(source, name);
  const navigation = header ?? partial('site-header.html')
    .replace(`<a href="${path.basename(name)}">`, `<a href="${path.basename(name)}" aria-current="page">`);
  const metas = [
    ...(front.core ? [`<meta name="attention-core" content="${front.core}">`] : []),
    ...(front.csp ? [`<meta http-equiv="Content-Security-Policy" content="${front.csp}">`] : []),
  ];
  const styles = (front.styles ?? '').split(/\s+/).filter(Boolean);
  const chrome = front.header === 'none' ? [] : ['<a class="skip-link" href="#main">Skip to the content</a>', navigation];
  const filled = body.replace('<!-- page-status -->', partial('page-status.html'))
    .replace('<!-- site-footer -->', partial('site-footer.html'));
  return `${head({ metas, title: front.title, styles, scripts: front.script ? [scriptTag(front.script)] : [] })}
${front.class ? `<body class="${front.class}">` : '<body>'}
${[...chrome, filled].join('\n')}
</body>
</html>
`;
}
