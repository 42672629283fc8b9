#!/usr/bin/env node
// Not a test: navigation → first graded answer, in Debian's headless Chromium, for the
// companion (Example 14.1 on the page the site links for it, its chapter's page, and on
// exercise.html, the address for any chapter) and, as the reference a course might otherwise use, Pyodide (the npm package,
// served locally the same way) loading and computing a 5-number softmax. Three profiles,
// interleaved in one run: cold (empty cache), warm (the same browser profile again: the
// server answers 304) and slow (cold, with the CPU 4× slower and DevTools' Fast 3G:
// 562.5 ms latency, 1.44 Mbit/s down). Also the bytes an exercise page transfers, and
// Lighthouse's mobile performance score (a devDependency, run on Debian's Chromium) for three
// exercise pages. Two floors bound what any page could do on the machine (cold only): a blank
// page, when its first script runs; and Chapter 14's core alone, on a page that does nothing
// else: it fetches and starts the core, describes Example 14.1 and grades the same answer.
// With --baseline, an earlier version of the companion (a checkout of another commit, built:
// its build/site served by its own tools/serve.mjs) is measured in the same run, so that a
// change is judged as a ratio on one machine, not against a number from another (docs/benchmarks.md,
// "How long a page takes to its first graded answer", builds 356123d, where the load work began, as the baseline):
//   node tests/bench/load-bench.mjs [--reps 5] [--companion-only] [--no-lighthouse] [--baseline /tmp/before] [--own-page-only]
// --own-page-only measures only an exercise's own, prerendered page (below).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, repoRoot, startServer } from '../e2e/harness.mjs';
import { coreFactory, coreFile } from '../../web/companion.mjs';

const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const reps = Number(option('--reps')) || 5;
const baselineDir = option('--baseline');
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

// The reference pages, in a folder of their own: Pyodide's files and a page that loads it and
// computes a softmax, then the floors.
const referenceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reference-pages-'));
for (const file of ['pyodide.js', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json']) {
  fs.copyFileSync(path.join(repoRoot, 'node_modules', 'pyodide', file), path.join(referenceDir, file));
}
fs.writeFileSync(path.join(referenceDir, 'index.html'), `<!doctype html><meta charset="utf-8"><title>Pyodide</title>
<script src="pyodide.js"></script>
<script>
globalThis.benchDone = loadPyodide({ indexURL: './' }).then((py) => {
  const out = py.runPython('import math\\ns=[0.8,-0.3,0.5,0.1,0.2]\\nm=max(s)\\ne=[math.exp(x-m) for x in s]\\n[x/sum(e) for x in e]').toJs();
  document.body.dataset.result = JSON.stringify(out);
  return performance.now();
});
</script>`);

// The floors: a blank page, and Chapter 14's core alone (its
// files as the site serves them, with their Brotli siblings; the exercise's document as the
// chapter's page carries it), which resolves once the core's verdict is "correct".
fs.writeFileSync(path.join(referenceDir, 'blank.html'), `<!doctype html><meta charset="utf-8"><title>Blank</title>
<script>globalThis.benchDone = Promise.resolve(performance.now());</script>`);
const floorCore = coreFile('ch14');
for (const file of [`${floorCore}.js`, `${floorCore}.wasm`].flatMap((name) => [name, `${name}.br`])) {
  fs.copyFileSync(path.join(repoRoot, 'build', 'site', file), path.join(referenceDir, file));
}
const example = JSON.stringify(JSON.parse(fs.readFileSync(path.join(repoRoot, 'exercises', 'ch14', 'example1.json'), 'utf8')));
fs.writeFileSync(path.join(referenceDir, 'core.html'), `<!doctype html><meta charset="utf-8"><title>The core alone</title>
<link rel="preload" href="${floorCore}.wasm" as="fetch" type="application/wasm" crossorigin>
<script src="${floorCore}.js"></script>
<script>
const doc = ${JSON.stringify(example).replaceAll('</', '<\\/')};
globalThis.benchDone = ${coreFactory('ch14')}().then((core) => {
  JSON.parse(core.describeExercise(doc, 0));
  const { verdict } = JSON.parse(core.gradeAnswer(doc, 'weights', '[1/2, 1/4, 1/4]', 0, true));
  if (verdict !== 'correct') throw new Error(\`the core alone said \${verdict}\`);
  return performance.now();
});
</script>`);

const site = await startServer();
const baseline = baselineDir ? await startServer([], { dir: path.join(baselineDir, 'build', 'site'),
  serve: path.join(baselineDir, 'tools', 'serve.mjs') }) : null;
const referenceServer = await startServer([], { dir: referenceDir });
const browser = await launchBrowser();

// The companion: the time from navigation to the verdict of an answer entered the moment
// its field exists, measured in the page as Pyodide's is (the harness's own round trips,
// each tens of milliseconds, would otherwise count): a script that the page runs first
// fills the field, submits its form as Enter does, and notes when the verdict is shown. It
// costs the page next to nothing (it looks at the elements added until the part appears,
// then at one attribute of one element), and the harness waits for its promise through the
// DevTools protocol without polling the page: a selector engine injected into the page and a
// query of the whole document on every change had cost ~0.2 s of the main thread at 4× CPU.
function answerAtOnce() {
  globalThis.benchDone = new Promise((resolve) => {
    const answer = (part) => {
      const input = part.querySelector('input.answer');
      const feedback = part.querySelector('.feedback');
      new MutationObserver((changes, observer) => {
        if (feedback.dataset.verdict !== 'correct') return;
        observer.disconnect();
        resolve(performance.now());
      }).observe(feedback, { attributes: true, attributeFilter: ['data-verdict'] });
      input.value = '[1/2, 1/4, 1/4]';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.form.requestSubmit();
    };
    new MutationObserver((changes, observer) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (node.nodeType !== Node.ELEMENT_NODE) continue;
          const part = node.matches('.part[data-part="weights"]') ? node : node.querySelector('.part[data-part="weights"]');
          if (!part) continue;
          observer.disconnect();
          answer(part);
          return;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

// Resolves with what the page's benchDone promise resolves to (the page's clock, ms), from
// the document that navigated at or after `since` (the wall clock's ms).
async function benchDone(session, since, timeoutMs) {
  const expression = `(async () => {
    while (!globalThis.benchDone) await new Promise((r) => setTimeout(r, 20));
    return [performance.timeOrigin, await globalThis.benchDone];
  })()`;
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const { result } = await session.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
      const [origin, done] = result.value ?? [];
      if (origin >= since - 1 && typeof done === 'number') return done;
    } catch { /* the context went with a navigation: ask the new one */ }
    if (Date.now() > until) throw new Error('no result from the page');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
// The page the site links for an exercise: its chapter's page (exercise-14.html, which
// starts that chapter's core and carries its exercises) where the build makes one, else (an
// earlier build, such as the baseline) exercise.html. `generic` measures exercise.html, the
// address for any chapter, which old links use.
const pageOf = (dir, chapter, generic) => (!generic && fs.existsSync(path.join(dir, `exercise-${chapter}.html`))
  ? `exercise-${chapter}.html` : 'exercise.html');
const companionAt = (server, dir, generic = false) => async (page, session) => {
  const since = Date.now();
  await page.goto(`${server.url}${pageOf(dir, 14, generic)}?id=ch14.example1`, { waitUntil: 'commit' });
  return benchDone(session, since, 120_000);
};
const siteDir = path.join(repoRoot, 'build', 'site');
const companionRun = companionAt(site, siteDir);
const genericRun = companionAt(site, siteDir, true);
const baselineRun = baseline ? companionAt(baseline, path.join(baselineDir, 'build', 'site')) : null;
const referenceRun = (file) => async (page, session) => {
  const since = Date.now();
  await page.goto(`${referenceServer.url}${file}`, { waitUntil: 'commit' });
  return benchDone(session, since, 300_000);
};
const pyodideRun = referenceRun('');
const floorRuns = { blank: referenceRun('blank.html'), core: referenceRun('core.html') };

async function measure(run, profile) {
  const context = await browser.newContext();
  if ([companionRun, genericRun, baselineRun].includes(run)) await context.addInitScript(answerAtOnce); // the companion's pages
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  let bytes = 0;
  session.on('Network.loadingFinished', (event) => { bytes += event.encodedDataLength; });
  await session.send('Network.enable');
  if (profile === 'slow') {
    await session.send('Network.emulateNetworkConditions', FAST_3G);
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  if (profile === 'warm') await run(page, session); // fills the cache
  bytes = 0;
  const ms = await run(page, session);
  await context.close();
  return { ms, bytes };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
if (!process.argv.includes('--own-page-only')) {
const results = {};
for (let r = 0; r < reps; r += 1) {
  for (const profile of ['cold', 'warm', 'slow']) {
    for (const [name, run] of [['companion', companionRun], ['generic', genericRun], ['pyodide', pyodideRun],
      ['baseline', baselineRun], ['blank', floorRuns.blank], ['core', floorRuns.core]]) {
      if (!run || (floorRuns[name] && profile !== 'cold')) continue;
      if (name === 'pyodide' && process.argv.includes('--companion-only')) continue;
      if (profile === 'slow' && name === 'pyodide' && r >= Math.min(reps, 3)) continue; // a minute a run
      const key = `${name} ${profile}`;
      (results[key] ??= []).push(await measure(run, profile));
    }
  }
}
console.log(`navigation → first graded answer, median of ${reps} (slow Pyodide: of ${Math.min(reps, 3)}), ms; bytes transferred`);
console.log('| profile | companion | Pyodide | Pyodide ÷ companion | companion bytes | Pyodide bytes |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const profile of ['cold', 'warm', 'slow']) {
  const c = results[`companion ${profile}`];
  const p = results[`pyodide ${profile}`];
  const cm = median(c.map((x) => x.ms));
  if (!p) {
    console.log(`| ${profile} | ${cm.toFixed(0)} | | | ${median(c.map((x) => x.bytes))} | |`);
    continue;
  }
  const pm = median(p.map((x) => x.ms));
  console.log(`| ${profile} | ${cm.toFixed(0)} | ${pm.toFixed(0)} | ${(pm / cm).toFixed(1)}× | ${median(c.map((x) => x.bytes))} | ${median(p.map((x) => x.bytes))} |`);
}
{
  const [blank, core, companion, pyodide] = ['blank', 'core', 'companion', 'pyodide']
    .map((name) => results[`${name} cold`] && median(results[`${name} cold`].map((x) => x.ms)));
  console.log(`\nfloors, cold: a blank page runs its first script at ${blank.toFixed(0)} ms; Chapter 14's core alone ` +
    `(fetched, started, one describe and one grade, no page) answers at ${core.toFixed(0)} ms; the companion's page ` +
    `at ${companion.toFixed(0)} ms.` + (pyodide ? ` 30× Pyodide would be ${(pyodide / 30).toFixed(0)} ms ` +
    `(Pyodide ÷ the core alone: ${(pyodide / core).toFixed(1)}×).` : ''));
}
console.log('\nthe same exercise at exercise.html (the address for any chapter: the exercise core, its file fetched)');
console.log('| profile | chapter\'s page | exercise.html | bytes at exercise.html |');
console.log('|---|---:|---:|---:|');
for (const profile of ['cold', 'warm', 'slow']) {
  const [c, g] = ['companion', 'generic'].map((name) => results[`${name} ${profile}`]);
  console.log(`| ${profile} | ${median(c.map((x) => x.ms)).toFixed(0)} | ${median(g.map((x) => x.ms)).toFixed(0)} | ${median(g.map((x) => x.bytes))} |`);
}
if (baseline) {
  console.log(`\nthe same, against the earlier version in ${baselineDir}`);
  console.log('| profile | companion | earlier version | earlier ÷ companion | companion bytes | earlier bytes |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const profile of ['cold', 'warm', 'slow']) {
    const [c, b] = ['companion', 'baseline'].map((name) => results[`${name} ${profile}`]);
    const [cm, bm] = [c, b].map((xs) => median(xs.map((x) => x.ms)));
    console.log(`| ${profile} | ${cm.toFixed(0)} | ${bm.toFixed(0)} | ${(bm / cm).toFixed(2)}× | ${median(c.map((x) => x.bytes))} | ${median(b.map((x) => x.bytes))} |`);
  }
}
}

// An exercise's own page (ch14.example1.html: its text and fields drawn into the HTML by
// the site build), cold and slow: when the exercise's text and its first field are painted
// (the Element Timing entries the prerender marks, exercise-text and first-field: the later
// of the two), and, once the page has taken over from the core, every Check → verdict
// painted (the first included): each part answered with its example (never its answer: a
// wrong answer, so the core's search for the mistake runs too), timed in the page from the
// submit to the first frame after the verdict is shown.
function watchPaints() {
  globalThis.paints = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) globalThis.paints[entry.identifier] = entry.renderTime || entry.loadTime;
  }).observe({ type: 'element', buffered: true });
}
async function checksInPage() {
  const times = [];
  for (const part of document.querySelectorAll('.part[data-part][data-kind="text"]')) {
    const input = part.querySelector('input.answer, textarea.answer');
    const feedback = part.querySelector('.feedback');
    input.value = (input.placeholder || '1').replace(/^\s*e\.g\.\s*/, '');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const shown = new Promise((resolve) => {
      new MutationObserver((changes, observer) => {
        if (!feedback.dataset.verdict) return;
        observer.disconnect();
        resolve();
      }).observe(feedback, { attributes: true, attributeFilter: ['data-verdict'] });
    });
    delete feedback.dataset.verdict;
    const start = performance.now();
    input.form.requestSubmit();
    await shown;
    await new Promise((resolve) => { requestAnimationFrame(() => setTimeout(resolve, 0)); });
    times.push(performance.now() - start);
  }
  return times;
}
// Two floors for the painted time, loaded the same way from the reference folder: a blank
// page with one marked paragraph and one marked field label; and the exercise's first part
// bare: the own page's header, text and first part as the site builds them, without its
// stylesheet, scripts, preloads and data blocks, each formula as its TeX source. (Chromium
// reports Element Timing for the text of block boxes only: the marked label is a block, as
// the page's stylesheet makes it.)
const ownPage = path.join(siteDir, 'ch14.example1.html');
const BLOCK_LABEL = 'elementtiming="first-field" style="display: block"';
fs.writeFileSync(path.join(referenceDir, 'blank-marked.html'), `<!doctype html><html lang="en"><meta charset="utf-8">
<title>Blank</title><p elementtiming="exercise-text">One paragraph of text.</p>
<p><label for="field" ${BLOCK_LABEL}>One field</label> <input id="field" type="text"></p>`);
if (fs.existsSync(ownPage)) {
  const html = fs.readFileSync(ownPage, 'utf8');
  const secondPart = html.indexOf('<section class="part"', html.indexOf('<section class="part"') + 1);
  fs.writeFileSync(path.join(referenceDir, 'first-part-bare.html'), `${html.slice(0, secondPart)}</article></main>`
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<link rel="(?:preload|modulepreload)"[^>]*>/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace('elementtiming="first-field"', BLOCK_LABEL)
    .replace(/<math[\s\S]*?<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>[\s\S]*?<\/math>/g, '$1'));
}
async function measurePrerendered(profile, url, { checks = false } = {}) {
  const context = await browser.newContext();
  await context.addInitScript(watchPaints);
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  if (profile === 'slow') {
    await session.send('Network.emulateNetworkConditions', FAST_3G);
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  await page.goto(url, { waitUntil: checks ? 'commit' : 'load' });
  if (checks) await page.waitForSelector('body[data-ready="true"]', { timeout: 120_000 });
  // Rarely (about one cold load in 60 here) the core is in and the page has replaced the
  // prerendered exercise before its first frame: its marked elements are never painted, and
  // the load is counted apart.
  const paints = await page.waitForFunction(() => globalThis.paints['exercise-text'] && globalThis.paints['first-field']
    && globalThis.paints, null, { timeout: 10_000 }).then((handle) => handle.jsonValue(), () => null);
  const times = checks ? await page.evaluate(checksInPage) : [];
  await context.close();
  return { painted: paints && Math.max(paints['exercise-text'], paints['first-field']), checks: times };
}
if (fs.existsSync(ownPage)) {
  const percentile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)];
  console.log(`\nan exercise's own page (ch14.example1.html, prerendered), median of ${reps} page loads, the floors' loads ` +
    "interleaved with the page's: text and first field painted; checks: every part's Check → verdict painted, the " +
    'first included, all loads together');
  console.log('| profile | blank page, painted | first part bare, painted | own page, painted | ' +
    'Check → verdict, median | 95th percentile | first Check, median | checks |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const profile of ['cold', 'slow']) {
    const runs = { blank: [], bare: [], own: [] };
    for (let r = 0; r < reps; r += 1) {
      runs.blank.push(await measurePrerendered(profile, `${referenceServer.url}blank-marked.html`));
      runs.bare.push(await measurePrerendered(profile, `${referenceServer.url}first-part-bare.html`));
      runs.own.push(await measurePrerendered(profile, `${site.url}ch14.example1.html`, { checks: true }));
    }
    const painted = (name) => {
      const times = runs[name].map((run) => run.painted).filter((ms) => ms !== null);
      const unpainted = runs[name].length - times.length;
      return `${median(times).toFixed(0)} ms${unpainted ? ` (${unpainted} replaced unpainted)` : ''}`;
    };
    const checks = runs.own.flatMap((run) => run.checks);
    console.log(`| ${profile} | ${painted('blank')} | ${painted('bare')} | ${painted('own')} | ${median(checks).toFixed(1)} ms | ` +
      `${percentile(checks, 0.95).toFixed(1)} ms | ${median(runs.own.map((run) => run.checks[0])).toFixed(1)} ms | ${checks.length} |`);
  }
}
await browser.close();

// Lighthouse (mobile: its simulated 4× CPU and slow 4G), performance category only.
if (!process.argv.includes('--no-lighthouse') && !process.argv.includes('--own-page-only')) {
  const { execFileSync } = await import('node:child_process');
  console.log('\n| Lighthouse mobile performance | score | LCP | TBT | CLS |\n|---|---:|---:|---:|---:|');
  for (const [id, chapter] of [['ch14.example1', 14], ['ch19.running', 19], ['ch14.example3', 14]]) {
    const address = `${pageOf(siteDir, chapter)}?id=${id}`;
    const report = JSON.parse(execFileSync(path.join(repoRoot, 'node_modules', '.bin', 'lighthouse'), [
      `${site.url}${address}`, '--only-categories=performance', '--output=json', '--output-path=stdout',
      '--quiet', '--chrome-flags=--headless=new --no-sandbox --disable-gpu'], {
      env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, maxBuffer: 256 << 20 }).toString());
    const audit = (name) => report.audits[name].displayValue;
    console.log(`| ${address} | ${Math.round(report.categories.performance.score * 100)} | ` +
      `${audit('largest-contentful-paint')} | ${audit('total-blocking-time')} | ${audit('cumulative-layout-shift')} |`);
  }
}
await site.stop();
await baseline?.stop();
await referenceServer.stop();
fs.rmSync(referenceDir, { recursive: true, force: true });
