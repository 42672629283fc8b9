// The pages' head and frame, written once (tools/html-page.mjs): every page source in web/
// declares its own part in its first line, and the frame around it is the same for all.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageFront, sitePage } from '../../tools/html-page.mjs';

const webDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
const sources = fs.readdirSync(webDir).filter((name) => name.endsWith('.html'));

test('every page source in web/ holds only its own part, and its page is a whole document', () => {
  assert.ok(sources.length >= 10, `${sources.length} pages`);
  for (const name of sources) {
    const source = fs.readFileSync(path.join(webDir, name), 'utf8');
    assert.doesNotMatch(source, /<head>|<body|<!doctype/i, `${name} writes a frame of its own`);
    const html = sitePage(source, name);
    assert.match(html, /^<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n/, name);
    assert.equal(html.match(/<title>/g).length, 1, name);
    assert.doesNotMatch(html, /<!-- (page|site-)/, `${name} keeps a mark`);
    assert.ok(html.endsWith('</body>\n</html>\n'), name);
  }
});

test('a page gets the navigation with itself marked, the status lines and the footer where it asks', () => {
  const source = '<!-- page title="T · X" core="ch14" styles="style.css labs.css" script="pages/t.mjs" class="wide" -->\n' +
    '<main id="main">\n<!-- page-status -->\n<h1>T</h1>\n</main>\n<!-- site-footer -->\n';
  const html = sitePage(source, 'lab-read.html');
  const head = html.slice(0, html.indexOf('</head>'));
  const order = ['<meta charset', '<meta name="viewport"', '<meta name="attention-core" content="ch14">', '<title>T · X</title>',
    '<link rel="icon"', 'href="style.css"', 'href="labs.css"', '<script type="module" src="pages/t.mjs">'];
  const at = order.map((piece) => head.indexOf(piece));
  assert.ok(at.every((index, i) => index >= 0 && (i === 0 || index > at[i - 1])), `the head in its order:\n${head}`);
  assert.match(html, /<body class="wide">\n<a class="skip-link" href="#main">/);
  assert.match(html, /<a href="lab-read.html" aria-current="page">/);
  assert.match(html, /<div id="status" role="status"/);
  assert.match(html, /<footer class="site-footer">/);
  // A classic script stays classic; an embedded page has no navigation and no skip link.
  const bare = sitePage('<!-- page title="E" script="x.js" header="none" -->\n<main class="aw"></main>\n', 'e.html');
  assert.match(bare, /<script src="x.js"><\/script>/);
  assert.doesNotMatch(bare, /skip-link|site-header|site-footer/);
});

test('a page source without its first line, or with a key the frame does not know, is refused by name', () => {
  assert.throws(() => pageFront('<main></main>\n', 'web/x.html'), /web\/x.html must start with <!-- page title=/);
  assert.throws(() => pageFront('<!-- page title="A" style="a.css" -->\n', 'web/x.html'), /web\/x.html: unknown page key style/);
  assert.throws(() => pageFront('<!-- page core="ch14" -->\n', 'web/x.html'), /needs a title/);
});
