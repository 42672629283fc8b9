#!/usr/bin/env node
// Builds what embeds the companion elsewhere, after build-site.mjs and the CMake WASM
// sub-build:
//   <build>/site/attention-exercise.js  the classic-script bundle (web/embed/bundle-entry.mjs):
//                                       the <attention-exercise> element, its CSS and the
//                                       catalogue, for any page and origin; it fetches the core
//                                       and the exercises' files from beside itself
//   <build>/site/attention-exercise-core.js  its fallback where nothing can be fetched
//                                       (web/embed/fallback-core-entry.mjs): the whole core
//                                       inlined and every exercise
//   <build>/dist/                       a single folder that works from any static host and
//                                       from file://: index.html (exercise list, progress
//                                       export/import), each exercise's page (ID.html,
//                                       exercise-14.html?id=…: the site's page, with variants
//                                       and previous/next), exercise.html (the element), the
//                                       bundle, and the figure pages and the read and deletion labs
//   <build>/scorm/attention-companion-chNN-scorm12.zip    one SCORM 1.2 package and one
//   <build>/scorm/attention-companion-chNN-scorm2004.zip  SCORM 2004 (4th edition) package
//                                       per chapter (imsmanifest.xml, index.html, sco.js,
//                                       style.css, KaTeX, the fallback core, the chapter's core
//                                       and exercise files; the same sco.js speaks both APIs)
//   <build>/sco/                        the SCO's sco.js and style.css, KaTeX, the fallback
//                                       core, every core and exercise file, of which
//                                       tools/scorm-package.mjs packs what chosen exercises need
// Usage: node tools/build-embed.mjs [buildDir]   (default: build)

import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { precompress } from './precompress.mjs';
import { readMasteryScore } from './scorm-manifest.mjs';
import { escapeHtml, jsonInHtml, page, sitePage } from './html-page.mjs';
import { SCORM_VERSIONS, chapterIdentity, writePackage } from './scorm-package.mjs';
import { coreFile } from '../web/core-loading.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.resolve(process.argv[2] ?? path.join(repoRoot, 'build'));
// A mastery score for the SCORM packages (0-100), from ATTN_SCORM_MASTERY (CMake's cache
// variable of that name sets it); none by default (tools/scorm-manifest.mjs says why).
const siteDir = path.join(buildDir, 'site');
const coreGlue = path.join(buildDir, 'wasm', 'cpp', 'companion.cjs');
const coreWasm = path.join(buildDir, 'wasm', 'cpp', 'companion.wasm');

function fail(message) {
  process.stderr.write(`build-embed.mjs: ${message}\n`);
  process.exit(1);
}
for (const [file, hint] of [[coreGlue, 'build the WASM module with CMake first'], [coreWasm, 'build the WASM module with CMake first'],
  [path.join(siteDir, 'exercises.json'), 'run tools/build-site.mjs first']]) {
  if (!fs.existsSync(file)) fail(`missing ${path.relative(repoRoot, file)} (${hint})`);
}
const exercises = JSON.parse(fs.readFileSync(path.join(siteDir, 'exercises.json'), 'utf8'));
let masteryScore;
try {
  masteryScore = readMasteryScore(process.env.ATTN_SCORM_MASTERY);
} catch (error) {
  fail(`ATTN_SCORM_MASTERY: ${error.message}`);
}


// The virtual modules of the bundles: the whole core's glue and its .wasm bytes and the
// exercises (the fallback script's); the catalogue (the element's), in chapter order, with
// what the element reads of it before it has the exercises' files: each one's id and chapter.
// (The site's whole catalogue goes into the dist figure pages.)
const siteCatalogue = JSON.parse(fs.readFileSync(path.join(siteDir, 'catalogue.json'), 'utf8'));
const catalogue = siteCatalogue.map(({ id, chapter }) => ({ id, chapter }));
const companionPlugin = {
  name: 'attention',
  setup(build) {
    build.onResolve({ filter: /^attention:core$/ }, () => ({ path: coreGlue }));
    build.onResolve({ filter: /^attention:wasm$/ }, () => ({ path: coreWasm }));
    build.onResolve({ filter: /^attention:(exercises|catalogue)$/ }, (args) => ({ path: args.path.slice(10), namespace: 'attention' }));
    build.onLoad({ filter: /.*/, namespace: 'attention' }, (args) => ({
      contents: JSON.stringify(args.path === 'exercises' ? exercises : catalogue), loader: 'json' }));
  },
};
// What attention-exercise.js fetches from beside itself, besides the cores: KaTeX, and its
// fallback where nothing can be fetched (web/embed/core-beside.mjs).
const KATEX = 'katex.min.js';
const FALLBACK = 'attention-exercise-core.js';

async function bundle(entry, outfile, { stdin = null, plugins = [] } = {}) {
  await esbuild.build({
    ...(stdin ? { stdin } : { entryPoints: [path.join(repoRoot, 'web', 'embed', entry)] }),
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['chrome100', 'firefox100', 'safari15'],
    minify: true,
    legalComments: 'none',
    loader: { '.css': 'text', '.wasm': 'binary' },
    // The glue's and companion.mjs's Node branches, never taken in a browser.
    external: ['node:*', 'fs', 'path', 'crypto'],
    plugins: [companionPlugin, ...plugins],
    logLevel: 'warning',
    // companion.mjs's Node branch (import.meta) never runs in the browser bundle.
    logOverride: { 'empty-import-meta': 'silent' },
  });
}


function chapters() {
  const byChapter = new Map();
  for (const doc of exercises) {
    if (!byChapter.has(doc.chapter)) byChapter.set(doc.chapter, []);
    byChapter.get(doc.chapter).push(doc);
  }
  return byChapter;
}

// The site's figure pages and labs in dist/, as classic scripts after the bundle (so they
// run from file:// too): each page's module, bundled with its figure modules, takes the
// companion that attention-exercise.js gives (globalThis.AttentionCompanion), on the whole
// core of its fallback script, which these pages carry (nothing is fetched, so they work from
// file://), and KaTeX, which they load first. The batch lab stays on the site: it needs a module
// Worker and WebGPU, which file:// pages do not get.
const DIST_PAGES = [
  ['exercise-14.html', 'exercise.mjs', 'exercise.html'],
  ['exercise-19.html', 'exercise.mjs', 'exercise.html'],
  ['figures-14.html', 'figures.mjs'],
  ['figures.html', 'figures.mjs'],
  ['lab-read.html', 'lab-read.mjs'],
  ['lab-deletion.html', 'lab-deletion.mjs'],
];
// The WebGPU kernels' sources, which the site build generates (site/gpu/kernels.mjs), for
// the exercise page's batch panel.
const generatedKernels = {
  name: 'generated-kernels',
  setup(build) {
    build.onResolve({ filter: /^\.\/kernels\.mjs$/ }, () => ({ path: path.join(siteDir, 'gpu', 'kernels.mjs') }));
  },
};
const bundledCompanion = {
  name: 'bundled-companion',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/companion\.mjs$/ }, (args) => (args.importer.endsWith(path.join('ui', 'boot.mjs'))
      ? { path: 'companion', namespace: 'bundled' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'bundled' }, () => ({
      contents: 'export const loadCompanion = () => globalThis.AttentionCompanion.companion();', loader: 'js' }));
  },
};

function distNav(page) {
  const links = [['index.html', 'Attention companion (offline)'], ['index.html#progress', 'Progress'],
    ...DIST_PAGES.filter(([html]) => !html.startsWith('exercise')).map(([html]) => [html, {
      'figures-14.html': 'Figures 14', 'figures.html': 'Figures 19', 'lab-read.html': 'Read lab',
      'lab-deletion.html': 'Deletion lab' }[html]])];
  return `<header class="site-header">\n  <nav aria-label="Companion">\n${links.map(([href, text]) =>
    `    <a href="${href}"${href === page ? ' aria-current="page"' : ''}>${escapeHtml(text)}</a>`).join('\n')}\n  </nav>\n</header>`;
}

async function buildDistPages(distDir) {
  const webDir = path.join(repoRoot, 'web');
  const bundled = new Set();
  for (const [html, module, from = html] of DIST_PAGES) {
    const script = module.replace(/\.mjs$/, '.js');
    if (!bundled.has(module)) {
      bundled.add(module);
      await bundle(null, path.join(distDir, script), {
        plugins: [bundledCompanion, generatedKernels],
        stdin: {
          // (KaTeX, loaded before, is taken by render-math.mjs as it is evaluated.)
          contents: `import './pages/${module}';\n`,
          resolveDir: webDir, sourcefile: `dist-${module}`, loader: 'js',
        },
      });
    }
    const assembled = sitePage(fs.readFileSync(path.join(webDir, from), 'utf8'), `web/${from}`, { header: distNav(html) });
    const moduleTag = `<script type="module" src="pages/${module}"></script>`;
    if (!assembled.includes(moduleTag)) fail(`web/${from} does not load pages/${module} as the dist build expects`);
    // A figures page reads from the catalogue which exercises draw a figure on it; from
    // file:// it cannot fetch catalogue.json, so the page carries it, as on the site.
    const carried = html.startsWith('figures') ? `<script type="application/json" id="exercise-catalogue">${
      jsonInHtml(siteCatalogue)}</script>\n` : '';
    const out = assembled.replace(moduleTag, carried + [KATEX, 'attention-exercise.js', FALLBACK, script]
      .map((src) => `<script defer src="${src}"></script>`).join('\n'));
    fs.writeFileSync(path.join(distDir, html), out);
    // Each exercise's own page (ID.html, where the site's links go: the pager, New variant,
    // the figures), the chapter's page naming the exercise.
    if (html.startsWith('exercise-')) {
      for (const doc of exercises.filter((d) => `exercise-${d.chapter}.html` === html)) {
        fs.writeFileSync(path.join(distDir, `${doc.id}.html`),
          out.replace('<body class="drawing">', `<body class="drawing" data-exercise="${escapeHtml(doc.id)}">`));
      }
    }
  }
  // Every stylesheet of the site's pages (style.css is copied with the bundle).
  for (const file of fs.readdirSync(webDir).filter((name) => name.endsWith('.css') || name === 'favicon.svg')) {
    if (file !== 'style.css') fs.copyFileSync(path.join(webDir, file), path.join(distDir, file));
  }
}

async function buildDist() {
  const distDir = path.join(buildDir, 'dist');
  fs.rmSync(distDir, { recursive: true, force: true });
  fs.mkdirSync(distDir, { recursive: true });
  for (const file of ['attention-exercise.js', FALLBACK, KATEX]) fs.copyFileSync(path.join(siteDir, file), path.join(distDir, file));
  fs.copyFileSync(path.join(repoRoot, 'web', 'style.css'), path.join(distDir, 'style.css'));
  await bundle('offline-page.mjs', path.join(distDir, 'offline.js'));
  await buildDistPages(distDir);
  const lists = [...chapters()].map(([chapter, docs]) => `<section class="chapter">
<h2>Chapter ${escapeHtml(chapter)} <a class="whole-chapter" href="exercise.html?chapter=${encodeURIComponent(chapter)}">(all on one page)</a></h2>
<ol class="exercise-list">
${docs.map((doc) => `<li><a href="${encodeURIComponent(doc.id)}.html">${escapeHtml(doc.title ?? doc.id)}</a></li>`).join('\n')}
</ol>
</section>`).join('\n');
  fs.writeFileSync(path.join(distDir, 'index.html'), page({
    title: 'Attention companion (offline)',
    dataset: { page: 'index' },
    body: `<main id="main">
<h1>Attention companion</h1>
<p class="lede">Every exercise, checked by the companion's core in this browser: this folder works without a server and without a network.</p>
<p>Also here: the figures of <a href="figures-14.html">Chapter 14</a> and <a href="figures.html">Chapter 19</a>, the <a href="lab-read.html">read lab</a> and the <a href="lab-deletion.html">deletion lab</a>. The batch lab needs a web server (it runs the core in a Worker and on WebGPU), so it is only on the served companion.</p>
${lists}
<div id="progress" tabindex="-1"></div>
</main>`,
    scripts: ['attention-exercise.js', 'offline.js'],
  }));
  // exercise.html shows one exercise (?exercise=ID) or a whole chapter (?chapter=N) as the
  // <attention-exercise> element; the site's exercise pages (ID.html, exercise-14.html?id=…)
  // are written with the figure pages, above.
  const exercisePage = page({
    title: 'Exercise · Attention companion (offline)',
    dataset: { page: 'exercise' },
    body: '<main id="main">\n<p class="back"><a href="index.html">All exercises</a></p>\n</main>',
    scripts: ['attention-exercise.js', 'offline.js'],
  });
  fs.writeFileSync(path.join(distDir, 'exercise.html'), exercisePage);
}

// The SCO's script and stylesheet (<build>/sco/, which tools/scorm-package.mjs packs for
// chosen exercises too), and one package per chapter and SCORM version.
async function buildScorm() {
  const scoDir = path.join(buildDir, 'sco');
  fs.rmSync(scoDir, { recursive: true, force: true });
  fs.mkdirSync(scoDir, { recursive: true });
  await bundle('scorm-entry.mjs', path.join(scoDir, 'sco.js'));
  fs.copyFileSync(path.join(repoRoot, 'web', 'style.css'), path.join(scoDir, 'style.css'));
  // What sco.js fetches from beside itself (each package takes its exercises' share):
  // KaTeX, the fallback, the exercise core and each chapter's, the whole core (for worked
  // solutions), the exercises' files.
  const cores = ['whole', 'exercises', ...chapters().keys()].map((core) => coreFile(/^\d+$/.test(core) ? `ch${core}` : core));
  for (const file of [KATEX, FALLBACK, ...cores.flatMap((core) => [`${core}.js`, `${core}.wasm`])]) {
    fs.copyFileSync(path.join(siteDir, file), path.join(scoDir, file));
  }
  fs.mkdirSync(path.join(scoDir, 'exercises'));
  for (const doc of exercises) {
    fs.copyFileSync(path.join(siteDir, 'exercises', `${doc.id}.json`), path.join(scoDir, 'exercises', `${doc.id}.json`));
  }
  const scormDir = path.join(buildDir, 'scorm');
  fs.rmSync(scormDir, { recursive: true, force: true });
  fs.mkdirSync(scormDir, { recursive: true });
  const written = [];
  for (const [chapter, docs] of chapters()) {
    for (const [version, { suffix }] of Object.entries(SCORM_VERSIONS)) {
      const zipFile = path.join(scormDir, `attention-companion-ch${chapter}-${suffix}.zip`);
      writePackage({ scoDir, zipFile, version, ids: docs.map((doc) => doc.id), masteryScore,
        identity: chapterIdentity(chapter, docs.length) });
      written.push(path.relative(process.cwd(), zipFile));
    }
  }
  return written;
}

await bundle('bundle-entry.mjs', path.join(siteDir, 'attention-exercise.js'));
await bundle('fallback-core-entry.mjs', path.join(siteDir, FALLBACK));
precompress(siteDir);
await buildDist();
const packages = await buildScorm();
process.stdout.write(`Built ${path.relative(process.cwd(), path.join(siteDir, 'attention-exercise.js'))}, ` +
  `${path.relative(process.cwd(), path.join(buildDir, 'dist'))}/ and ${packages.join(', ')}.\n`);
