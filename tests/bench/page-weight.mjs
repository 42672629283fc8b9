#!/usr/bin/env node
// Not a test: the bytes an exercise's own page sends before its first verdict, as a static host
// would send them gzip-compressed. Each page is opened in Debian's headless Chromium with an
// empty cache; once it has taken over from its prerendered text, its first typed part is
// answered (the example in its placeholder, or the answer given as ID:PART=ANSWER) and checked.
// Every file the page had asked for when the verdict entered it (its resource timing entries) is
// then read from the site folder and compressed with
// gzip at level 6 (zlib's default, as nginx's gzip_comp_level 6 or Apache's mod_deflate),
// whatever its type, WebAssembly included; headers are not counted. Brotli (quality 11, as
// tools/precompress.mjs writes the .br copies this site's server sends) is given beside it.
// With --baseline DIR, another build's site folder (an earlier commit's build/site) is
// measured the same way in the same run.
//   node tests/bench/page-weight.mjs [--site build/site] [--baseline DIR] [--files] [ID[?seed=N][:PART=ANSWER] ...]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchBrowser, startServer, repoRoot } from '../e2e/harness.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : null;
};
const site = path.resolve(option('--site') ?? path.join(repoRoot, 'build', 'site'));
const baseline = option('--baseline');
const perFile = args.includes('--files');
const asked = args.filter((arg) => !arg.startsWith('--'));
const pages = (asked.length ? asked : ['ch14.example1', 'ch14.ex2', 'ch19.running', 'ch19.ex3', 'ch19.ex7', 'ch19.ex16'])
  .map((spec) => {
    const [, id, part, answer] = /^([^:]+)(?::([^=]+)=(.*))?$/.exec(spec);
    return { id, part, answer };
  });

const gzip = (bytes) => zlib.gzipSync(bytes, { level: 6 }).length;
const brotli = (bytes) => zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n) => (n / 1024).toFixed(1);

// -> {files: [{file, raw, gzip, brotli}], raw, gzip, brotli, verdict} for one page of one site.
async function weigh(browser, server, dir, { id, part, answer }) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  // When the first verdict entered the page, seen from inside it.
  await page.addInitScript(() => {
    new MutationObserver((changes, observer) => {
      if (!document.querySelector('.part .feedback .verdict')) return;
      globalThis.verdictAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${server.url}${id.replace(/(\?.*)?$/, '.html$1')}`); // ID, or ID?seed=N: a variant
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  const holder = part ? page.locator(`.part[data-part="${part}"]`) : page.locator('.part:has(input.answer, textarea.answer)').first();
  const field = holder.locator('input.answer, textarea.answer');
  const placeholder = (await field.getAttribute('placeholder')) ?? '1';
  await field.fill(answer ?? placeholder.replace(/^\s*e\.g\.\s*/, ''));
  await field.evaluate((node) => node.form.requestSubmit());
  await holder.locator('.feedback .verdict').waitFor();
  // The page and every file of the site's asked for before the verdict was drawn.
  const before = await page.evaluate((origin) => [new URL(location.href).pathname, ...performance.getEntriesByType('resource')
    .filter((entry) => entry.startTime < globalThis.verdictAt && new URL(entry.name).origin === origin)
    .map((entry) => decodeURIComponent(new URL(entry.name).pathname))], new URL(server.url).origin);
  const verdict = await holder.locator('.feedback').getAttribute('data-verdict');
  await context.close();
  const files = before.map((pathname) => {
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    const bytes = fs.readFileSync(file);
    return { file: path.relative(dir, file), raw: bytes.length, gzip: gzip(bytes), brotli: brotli(bytes) };
  }).sort((x, y) => y.gzip - x.gzip);
  const sum = (key) => files.reduce((total, f) => total + f[key], 0);
  return { files, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli'), verdict };
}

const sites = [{ name: 'now', dir: site }, ...(baseline ? [{ name: 'baseline', dir: path.resolve(baseline) }] : [])];
const browser = await launchBrowser();
const results = {};
try {
  for (const { name, dir } of sites) {
    const server = await startServer([], { dir });
    try {
      results[name] = [];
      for (const spec of pages) results[name].push(await weigh(browser, server, dir, spec));
    } finally {
      await server.stop();
    }
  }
} finally {
  await browser.close();
}

const label = ({ id, part, answer }) => `${id.replace(/(\?.*)?$/, '.html$1')}${part ? `, ${part} = ${answer}` : ''}`;
console.log(`| page (answer; verdict) | files | raw KB | gzip KB | Brotli KB |${baseline ? ' gzip KB, baseline | baseline ÷ now |' : ''}`);
console.log(`|---|---:|---:|---:|---:|${baseline ? '---:|---:|' : ''}`);
pages.forEach((spec, i) => {
  const now = results.now[i];
  const then = results.baseline?.[i];
  console.log(`| ${label(spec)} (${now.verdict}) | ${now.files.length} | ${kb(now.raw)} | ${kb(now.gzip)} | ${kb(now.brotli)} |` +
    `${then ? ` ${kb(then.gzip)} | ${(then.gzip / now.gzip).toFixed(2)}× |` : ''}`);
});
if (perFile) {
  pages.forEach((spec, i) => {
    console.log(`\n${label(spec)}, file by file:\n\n| file | raw KB | gzip KB | Brotli KB |\n|---|---:|---:|---:|`);
    for (const f of results.now[i].files) console.log(`| ${f.file} | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.brotli)} |`);
  });
}
