#!/usr/bin/env node
// Not a test: the bytes each page a learner or teacher opens sends before its first verdict,
// as a static host would send them gzip-compressed, and Brotli beside it. The pages, by
// default every one: each exercise's own page at the chapter's numbers and as a variant
// (ID.html, ID.html?seed=31, "New variant"), the chapter pages by id (exercise-NN.html?id=,
// exercise.html?id=), the embeds (embed.html?exercise=, embed.html?chapter=, the component
// page), the teacher's preview (author.html, with docs/examples/cost-count.json pasted into
// it), and the pages with no answer to check (the start page, progress, the class report,
// the figures and the labs), whose weight is what they asked for once ready.
// Each page is opened in Debian's headless Chromium with an empty cache; once it is ready,
// its first typed part is answered (the example in its placeholder, or the answer given as
// PAGE:PART=ANSWER) and checked. Every file of the site's that the page had asked for when
// the verdict entered it (its resource timing entries, the page itself included, and what an
// older link's page asked for before it went to the exercise's own page) is then
// read from the site folder and compressed with gzip at level 6 (zlib's default, as nginx's
// gzip_comp_level 6 or Apache's mod_deflate), whatever its type, WebAssembly included;
// headers are not counted. Brotli is at quality 11, as tools/precompress.mjs writes the .br
// copies this site's server sends. With --baseline DIR, another build's site folder (an
// earlier commit's build/site) is measured the same way in the same run; --files lists each
// page's files; --budget KB (300 by default) marks the pages that send more (before their first
// verdict, or until ready), and the run exits 1 when one does.
//   node tests/bench/page-weight.mjs [--site build/site] [--baseline DIR] [--files] [--budget KB] [PAGE[:PART=ANSWER] ...]
// PAGE is an address in the site (ch19.ex3.html?seed=31, embed.html?chapter=14, author.html) or
// an exercise's id (ch19.ex3, ch19.ex3?seed=31).
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import zlib from 'node:zlib';
import { launchBrowser, startServer, repoRoot } from '../e2e/harness.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : null;
};
const site = path.resolve(option('--site') ?? path.join(repoRoot, 'build', 'site'));
const baseline = option('--baseline');
const budget = Number(option('--budget') ?? 300);
const perFile = args.includes('--files');
const asked = args.filter((arg) => !arg.startsWith('--'));

// Every page, by default: the exercise pages (and their variants) from the site's catalogue.
function everyPage() {
  const catalogue = JSON.parse(fs.readFileSync(path.join(site, 'catalogue.json'), 'utf8'));
  const byChapter = (chapter) => catalogue.filter((entry) => entry.chapter === chapter);
  return [
    ...catalogue.flatMap((entry) => [`${entry.id}.html`, `${entry.id}.html?seed=31`]),
    ...[14, 19].map((chapter) => `exercise-${chapter}.html?id=${byChapter(chapter)[0].id}`),
    `exercise.html?id=${catalogue[0].id}`,
    `embed.html?exercise=${byChapter(14)[0].id}`, `embed.html?exercise=${byChapter(19)[0].id}&seed=31`,
    'embed.html?chapter=14', 'embed.html?chapter=19', 'component.html', 'author.html',
    'index.html', 'progress.html', 'report.html', 'figures-14.html', 'figures.html',
    'lab-read.html', 'lab-deletion.html', 'lab-batch.html',
  ];
}

const pages = (asked.length ? asked : everyPage()).map((spec) => {
  const [, where, part, answer] = /^([^:]+)(?::([^=]+)=(.*))?$/.exec(spec);
  const address = /\.html(\?|$)/.test(where) ? where : where.replace(/(\?.*)?$/, '.html$1');
  return { address, part, answer };
});
const NO_VERDICT = new Set(['index.html', 'progress.html', 'report.html', 'figures-14.html', 'figures.html', 'lab-read.html',
  'lab-deletion.html', 'lab-batch.html']);

const gzip = (bytes) => zlib.gzipSync(bytes, { level: 6 }).length;
const brotli = (bytes) => zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n) => (n / 1024).toFixed(1);
const EXAMPLE = fs.readFileSync(path.join(repoRoot, 'docs', 'examples', 'cost-count.json'), 'utf8');

// -> {files: [{file, raw, gzip, brotli}], raw, gzip, brotli, verdict} for one page of one site.
async function weigh(browser, server, dir, { address, part, answer }) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, serviceWorkers: 'block' });
  context.setDefaultTimeout(300_000);
  const page = await context.newPage();
  // What a document that the page left before its verdict (an older link's, which goes to the
  // exercise's own page) asked for: all of it counts.
  const left = [];
  page.on('request', (request) => {
    if (request.frame() === page.mainFrame()) left.push({ url: request.url(), document: request.frame().url() });
  });
  // When the first verdict entered the page (or an element's shadow root), seen from inside it
  // as the change is made (a mutation observer's callback comes before anything the page does
  // after drawing it, such as asking for KaTeX).
  await page.addInitScript(() => {
    const roots = new WeakSet();
    const elements = () => [...document.querySelectorAll('attention-exercise')];
    let watching = null;
    const observer = new MutationObserver(() => {
      if (!document.querySelector('.part .feedback .verdict')
        && !elements().some((node) => node.shadowRoot?.querySelector('.part .feedback .verdict'))) return;
      globalThis.verdictAt ??= performance.now();
      observer.disconnect();
      clearInterval(watching);
    });
    observer.observe(document, { childList: true, subtree: true });
    // (An element's shadow root is watched too, once it has one.)
    watching = setInterval(() => {
      for (const node of elements()) {
        if (!node.shadowRoot || roots.has(node.shadowRoot)) continue;
        roots.add(node.shadowRoot);
        observer.observe(node.shadowRoot, { childList: true, subtree: true });
      }
    }, 5);
  });
  await page.goto(`${server.url}${address}`);
  const name = address.replace(/\?.*$/, '');
  let verdict = 'no answer to check';
  if (NO_VERDICT.has(name)) {
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForTimeout(1000);
    await page.evaluate(() => { globalThis.verdictAt = performance.now(); });
  } else {
    if (name === 'component.html') {
      await page.waitForFunction(() => [...document.querySelectorAll('attention-exercise')].every((node) => node.dataset.ready === 'true'));
    } else {
      await page.waitForSelector('body[data-ready="true"]');
    }
    if (name === 'author.html') {
      await page.locator('#author-text').fill(EXAMPLE);
      await page.locator('#author-preview').click();
      await page.locator('#exercise .part').first().waitFor();
    }
    // The part to answer: the one named, else the first with a typed answer, else the first
    // (a choice or a letter); an exercise with no graded part (a design task) has no verdict.
    const typed = page.locator('.part:has(input.answer, textarea.answer)');
    const holder = part ? page.locator(`.part[data-part="${part}"]`).first()
      : (await typed.count()) ? typed.first() : page.locator('.part[data-kind]').first();
    if (await holder.count() === 0) {
      await page.waitForTimeout(1000);
      await page.evaluate(() => { globalThis.verdictAt = performance.now(); });
    } else {
      const field = holder.locator('input.answer, textarea.answer');
      if (await field.count()) {
        const placeholder = (await field.getAttribute('placeholder')) ?? '1';
        await field.fill(answer ?? placeholder.replace(/^\s*e\.g\.\s*/, ''));
      } else if (await holder.locator('input[type="radio"]').count()) {
        await holder.locator('input[type="radio"]').first().check();
      } else {
        await holder.locator('select').selectOption({ index: 1 });
      }
      await holder.locator('form').evaluate((form) => form.requestSubmit());
      await holder.locator('.feedback .verdict').waitFor();
      await page.waitForFunction(() => globalThis.verdictAt !== undefined);
      verdict = await holder.locator('.feedback').getAttribute('data-verdict');
    }
  }
  // The page and every file of the site's asked for before the verdict was drawn.
  const before = await page.evaluate((origin) => [new URL(location.href).pathname, ...performance.getEntriesByType('resource')
    .filter((entry) => entry.startTime < globalThis.verdictAt && new URL(entry.name).origin === origin)
    .map((entry) => decodeURIComponent(new URL(entry.name).pathname))], new URL(server.url).origin);
  const final = page.url();
  for (const { url, document } of left) {
    if (document !== final && document.startsWith(server.url) && url.startsWith(server.url)) {
      before.push(decodeURIComponent(new URL(url).pathname));
    }
  }
  await context.close();
  const files = [...new Set(before)].map((pathname) => {
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

// The cores' share: the WebAssembly a page waited for.
const coreOf = (result) => result.files.filter((f) => f.file.endsWith('.wasm')).reduce((total, f) => total + f.gzip, 0);
const label = ({ address, part, answer }) => `${address}${part ? `, ${part} = ${answer}` : ''}`;
// The budget is on every page: on what a page with answers to check sends before its first
// verdict (an exercise's page of a design task, with none, is weighed once ready), and on what
// the others (the start page, progress, the class report, the figures and the labs) send until
// they are ready, which are listed apart.
let over = 0;
const table = (title, rows, budgeted) => {
  console.log(`\n${title}\n`);
  console.log(`| page (answer; verdict) | files | raw KB | gzip KB | Brotli KB | core gzip KB |${baseline ? ' gzip KB, baseline |' : ''}`);
  console.log(`|---|---:|---:|---:|---:|---:|${baseline ? '---:|' : ''}`);
  for (const i of rows) {
    const now = results.now[i];
    const then = results.baseline?.[i];
    const mark = budgeted && now.gzip > budget * 1024 ? ' **over**' : '';
    if (mark) over += 1;
    console.log(`| ${label(pages[i])} (${now.verdict}) | ${now.files.length} | ${kb(now.raw)} | ${kb(now.gzip)}${mark} | ` +
      `${kb(now.brotli)} | ${kb(coreOf(now))} |${then ? ` ${kb(then.gzip)} |` : ''}`);
  }
};
const kinds = pages.map(({ address }) => NO_VERDICT.has(address.replace(/\?.*$/, '')));
const checked = pages.map((_, i) => i).filter((i) => !kinds[i]);
table(`Before the first verdict (budget ${budget} KB gzip):`, checked, true);
if (checked.length < pages.length) table(`Pages with no answer to check, once ready (budget ${budget} KB gzip):`, pages.map((_, i) => i).filter((i) => kinds[i]), true);
const heaviest = checked.reduce((worst, i) => (results.now[i].gzip > results.now[worst].gzip ? i : worst), checked[0]);
if (checked.length) {
  console.log(`\n${checked.length} pages with answers to check; the heaviest ${label(pages[heaviest])}, ` +
    `${kb(results.now[heaviest].gzip)} KB gzip (${kb(results.now[heaviest].brotli)} KB Brotli).`);
}
console.log(`${over} of ${pages.length} pages over ${budget} KB gzip.`);
if (perFile) {
  pages.forEach((spec, i) => {
    console.log(`\n${label(spec)}, file by file:\n\n| file | raw KB | gzip KB | Brotli KB |\n|---|---:|---:|---:|`);
    for (const f of results.now[i].files) console.log(`| ${f.file} | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.brotli)} |`);
  });
}
process.exitCode = over ? 1 : 0;
