#!/usr/bin/env node
// Assembles the static site into <outDir> (default build/site):
//   web/*.html (each page's own part in the frame of tools/html-page.mjs, sitePage: the head,
//     the navigation of web/ui/site-header.html, the status lines and the footer; and the demo
//     exercise's id where a page says @demo-exercise@), web/*.css, web/*.svg, web/*.mjs (the JS API,
//     the seed reading, the error message),
//   the module folders web/{pages,ui,figures,embed,batch,gpu,report,author}/*.{mjs,css} (page entries, page
//     pieces, live figures, embeds, the batch runner and its module Worker, the WebGPU engine,
//     the class report, the preview page's check and its module Worker),
//   web/older-link.js (the script that takes an older link, exercise.html?id=…, to the
//     exercise's own page before its page fetches anything else),
//   web/gpu/*.wgsl -> gpu/kernels.mjs (the kernels' sources as strings, imported by the
//     WebGPU engine, so nothing is fetched at run time),
//   build/wasm/cpp/companion-exercises.cjs and .wasm (the exercise core, which the pages start)
//     -> companion-exercises.js and .wasm, and each chapter's core (companion-chNN.cjs and
//     .wasm, its exercises only) -> companion-chNN.js and .wasm, with exercise-NN.html, the
//     exercise page that starts it,
//   build/wasm/cpp/companion.cjs and .wasm (the whole core) -> companion.js, companion.wasm,
//     and the same glue as an ES module -> companion-core.mjs (for the batch lab's module
//     Worker, web/batch/batch-worker.mjs: a module worker cannot load a classic script),
//   node_modules/katex/dist/katex.min.js -> katex.min.js (a classic script; MathML output only: no KaTeX CSS or fonts),
//   ID.html for each exercise, its chapter's page with the exercise drawn into it at seed 0
//     (tools/prerender.mjs), where the site links it,
//   exercises/**/*.json -> exercises.json (one array, sorted by chapter, then order), each
//     chapter's as exercises/chapter-NN.json (minified, for a page that shows the whole chapter),
//     and each minified as exercises/ID.json with the catalogue (web/companion.mjs's catalogueEntry of
//     each), for the page about one exercise, which carries the catalogue in itself
//     (catalogue.json is for loadCompanion({only}) on a page that does not),
//   web/service-worker.js -> service-worker.js, after the list of files it keeps for use
//     offline and its cache's name (writeServiceWorker),
// and a Brotli copy (FILE.br) of every compressible file, for tools/serve.mjs (tools/precompress.mjs).
// Builds nothing itself: the WASM module must already be built by CMake.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { jsonInHtml, sitePage } from './html-page.mjs';
import { precompress } from './precompress.mjs';
import { prerenderExercises } from './prerender.mjs';
import { catalogueEntry, chapterExercisesFile, coreFile } from '../web/companion.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(repoRoot, 'web');

function fail(message) {
  process.stderr.write(`build-site.mjs: ${message}\n`);
  process.exit(1);
}

function requireFile(file, hint) {
  if (!fs.existsSync(file)) fail(`missing ${path.relative(repoRoot, file)}${hint ? ` (${hint})` : ''}`);
  return file;
}

function filesIn(dir, extensions) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.some((ext) => entry.name.endsWith(ext)))
    .map((entry) => path.join(dir, entry.name))
    .sort();
}

function jsonFilesUnder(dir) {
  if (!fs.existsSync(dir)) return [];
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...jsonFilesUnder(full));
    else if (entry.isFile() && entry.name.endsWith('.json')) found.push(full);
  }
  return found;
}

// What the pages read from an exercise besides its content: the figures it declares
// ([{kind, model?, ...parameters}]), the lab it seeds ("lab": "read") and whether it is the
// component page's demo ("demo": true). null when they are well formed.
function declarationProblem(doc) {
  if (doc.figures !== undefined) {
    if (!Array.isArray(doc.figures)) return '"figures" must be a list';
    const bad = doc.figures.findIndex((figure) => figure === null || typeof figure !== 'object' || typeof figure.kind !== 'string');
    if (bad >= 0) return `figure ${bad + 1} needs a string "kind"`;
  }
  if (doc.lab !== undefined && typeof doc.lab !== 'string') return '"lab" must be a string';
  if (doc.demo !== undefined && typeof doc.demo !== 'boolean') return '"demo" must be true or false';
  return null;
}

function collectExercises() {
  const exercises = jsonFilesUnder(path.join(repoRoot, 'exercises')).map((file) => {
    let doc;
    try {
      doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      fail(`${path.relative(repoRoot, file)} is not valid JSON: ${error.message}`);
    }
    if (typeof doc?.id !== 'string' || !Number.isFinite(doc.chapter) || !Number.isFinite(doc.order)) {
      fail(`${path.relative(repoRoot, file)} needs a string "id" and numeric "chapter" and "order"`);
    }
    const problem = declarationProblem(doc);
    if (problem) fail(`${path.relative(repoRoot, file)}: ${problem}`);
    return doc;
  });
  const ids = new Set();
  const labs = new Set();
  for (const doc of exercises) {
    if (ids.has(doc.id)) fail(`duplicate exercise id ${doc.id}`);
    ids.add(doc.id);
    if (doc.lab !== undefined && labs.has(doc.lab)) fail(`two exercises seed the ${doc.lab} lab`);
    labs.add(doc.lab);
  }
  if (exercises.filter((doc) => doc.demo === true).length > 1) fail('more than one exercise is the demo ("demo": true)');
  return exercises.sort((x, y) => x.chapter - y.chapter || x.order - y.order || x.id.localeCompare(y.id));
}

// The WGSL kernels as one generated module: {file name: source}.
function kernelsModule() {
  const files = filesIn(path.join(webDir, 'gpu'), ['.wgsl']);
  if (files.length === 0) fail('no WGSL kernels in web/gpu');
  const sources = Object.fromEntries(files.map((file) => [path.basename(file), fs.readFileSync(file, 'utf8')]));
  return '// Generated by tools/build-site.mjs from web/gpu/*.wgsl: the WebGPU kernels\' sources, ' +
    'imported by gpu-attention.mjs.\n' + `export const KERNELS = Object.freeze(${JSON.stringify(sources, null, 1)});\n`;
}

const outDir = path.resolve(process.argv[2] ?? path.join(repoRoot, 'build', 'site'));
if (process.argv.length > 3) fail('usage: node tools/build-site.mjs [outDir]');

// The folders of browser modules under web/, copied as they are.
const MODULE_FOLDERS = ['pages', 'ui', 'figures', 'embed', 'batch', 'gpu', 'report', 'author'];
const copies = [
  // (web/cli.mjs only forwards to tools/cli.mjs, for Node: it is not part of the site.)
  ...filesIn(webDir, ['.html', '.css', '.svg', '.mjs']).filter((from) => path.basename(from) !== 'cli.mjs')
    .map((from) => [from, path.basename(from)]),
  ...MODULE_FOLDERS.flatMap((folder) => filesIn(path.join(webDir, folder), ['.mjs', '.css'])
    .map((from) => [from, path.join(folder, path.basename(from))])),
  // The whole core and the exercise core (cpp/CMakeLists.txt; the chapters' cores follow below).
  ...['whole', 'exercises'].map(coreFile).flatMap((core) => [
    [requireFile(path.join(repoRoot, 'build', 'wasm', 'cpp', `${core}.cjs`), 'build the WASM module with CMake first'),
      `${core}.js`],
    [requireFile(path.join(repoRoot, 'build', 'wasm', 'cpp', `${core}.wasm`), 'build the WASM module with CMake first'),
      `${core}.wasm`]]),
  [requireFile(path.join(repoRoot, 'node_modules', 'katex', 'dist', 'katex.min.js'), 'run npm ci'), 'katex.min.js'],
];

// Each page's entry (pages/*.mjs) becomes one minified bundle in place, built by esbuild
// from the assembled modules; what it imports lazily (the figures, the batch panel and the
// WebGPU engine) goes to chunks of its own in pages/chunks/, fetched when first used, so
// that the bytes a slow link carries before the first graded answer are the ones it needs.
// The chunks the bundle imports statically (the code it shares with the lazy ones) are
// listed for preloading, so they arrive with the bundle instead of a round trip later. The
// module folders stay for the batch lab's Worker, which loads its modules itself. Returns,
// for each entry, whether it starts a core and asks for the whole one, whether it shows one
// exercise or only lists them (and so carries the catalogue), and the chunks to preload.
async function bundlePages() {
  const pages = {};
  const pagesDir = path.join(outDir, 'pages');
  const siteRelative = (file) => path.relative(outDir, path.resolve(file)).split(path.sep).join('/');
  for (const entry of filesIn(pagesDir, ['.mjs'])) {
    const out = siteRelative(entry);
    const result = await esbuild.build({
      entryPoints: [entry], outdir: pagesDir, entryNames: '[name]', chunkNames: 'chunks/[name]-[hash]',
      outExtension: { '.js': '.mjs' }, splitting: true, allowOverwrite: true, bundle: true, format: 'esm',
      external: ['node:*'], minify: true, target: 'es2022', metafile: true, logLevel: 'error', legalComments: 'none',
    });
    const outputs = Object.fromEntries(Object.entries(result.metafile.outputs).map(([file, o]) => [siteRelative(file), o]));
    const modules = Object.keys(result.metafile.inputs).map(siteRelative);
    const source = fs.readFileSync(path.join(webDir, out), 'utf8');
    const preload = new Set();
    const visit = (file) => {
      for (const imported of outputs[file]?.imports ?? []) {
        const chunk = siteRelative(imported.path);
        if (imported.kind === 'import-statement' && !preload.has(chunk)) {
          preload.add(chunk);
          visit(chunk);
        }
      }
    };
    visit(out);
    pages[out] = {
      startsCore: modules.includes('ui/boot.mjs') && /\bbootCompanion\(/.test(source),
      // A page that asks bootCompanion for the whole core ({core: 'whole'}).
      wholeCore: /\bbootCompanion\(\{[^}]*\bcore: 'whole'/.test(source),
      // A page that loads one exercise (bootCompanion({only})) fetches only that exercise's file.
      oneExercise: /\bbootCompanion\(\{\s*only\b/.test(source),
      // A page that chooses its core as it runs (bootCompanion({only, core}), the embed: the
      // chapter's of its exercises), whose core is then not preloaded.
      coreAtRunTime: /\bbootCompanion\(\{\s*only: \w+, core\b/.test(source),
      // A page that lists the exercises without a core (loadCatalogue).
      listsOnly: /\bloadCatalogue\(/.test(source),
      preload: [...preload],
    };
  }
  return pages;
}


// A page's head lists everything its first graded answer needs, so that the browser
// fetches it all at once: where the page starts the core, the core's WebAssembly first (the
// largest file, compiled while it streams in), then the page's bundle (modulepreload), the
// core's glue and the exercises (a page about one exercise carries the catalogue instead).
// KaTeX is not among them: an exercise page typesets its maths from the MathML the build put
// in it (a variant's too, web/ui/render-math.mjs), and asks for KaTeX only where some maths
// still needs it, after the learner's first verdict (deferKatexUntil); maths drawn before
// then shows its TeX. A chapter's exercise page carries that chapter's exercises (chapterDocs).
function withPreloads(html, pages, catalogue, chapterDocs) {
  const entry = html.match(/<script type="module" src="(pages\/[^"]+\.mjs)"><\/script>/);
  if (!entry || !pages[entry[1]]) return html;
  const { startsCore, wholeCore, oneExercise, coreAtRunTime, listsOnly, preload } = pages[entry[1]];
  // The core it starts, chosen as bootCompanion chooses (ui/boot.mjs): the one it asks for,
  // else the one the page names (namedCore: a chapter's pages), else the exercise core.
  const named = html.match(/<meta name="attention-core" content="ch(\d+)">/)?.[1];
  if (named && !chapters.includes(Number(named))) fail(`a page with ${entry[1]} names the core of chapter ${named}, which has no exercises`);
  const links = [entry[1], ...preload].map((file) => `<link rel="modulepreload" href="${file}">`);
  if (startsCore) {
    const core = coreFile(wholeCore ? 'whole' : named ? `ch${named}` : 'exercises');
    if (!coreAtRunTime) {
      links.unshift(`<link rel="preload" href="${core}.wasm" as="fetch" type="application/wasm" crossorigin>`);
      links.push(`<link rel="preload" href="${core}.js" as="script">`);
    }
    // A page about one exercise carries the catalogue (web/companion.mjs, catalogueInPage): it
    // then asks for the exercise's file as it starts, and has one request fewer before it.
    links.push(oneExercise
      ? `<script type="application/json" id="exercise-catalogue">${jsonInHtml(catalogue)}</script>`
      : '<link rel="preload" href="exercises.json" as="fetch" type="application/json" crossorigin>');
    // A chapter's page carries its chapter's exercises, after the links: their requests go
    // out first, and on a slow link these bytes arrive while those requests wait.
    if (chapterDocs) links.push(`<script type="application/json" id="exercise-docs">${jsonInHtml(chapterDocs)}</script>`);
  } else if (listsOnly) {
    links.push(`<script type="application/json" id="exercise-catalogue">${jsonInHtml(catalogue)}</script>`);
  }
  const charset = '<meta charset="utf-8">';
  if (!html.includes(charset)) fail(`a page with ${entry[1]} has no ${charset}`);
  return html.replace(charset, `${charset}\n${links.join('\n')}`);
}

// A page that older links reach (exercise.html?id=…), whose web/older-link.js sends them on to
// the exercise's own page: the links the browser would fetch as it reads the head (module
// preloads, stylesheets, the module script) are taken out into <template id="page-head">,
// which the browser's preload scanner does not fetch, and the script, after the catalogue it
// reads, writes them back into the head where the page stays (a teacher's file, an unknown
// id). Without JavaScript the stylesheets come from a <noscript>, and the page says that it
// needs JavaScript, as before.
function olderLinkPage(html, file) {
  const fetched = /<link rel="(?:modulepreload|stylesheet)"[^>]*>\n|<script type="module" src="[^"]*"><\/script>\n/g;
  const head = html.match(fetched) ?? [];
  const catalogue = html.match(/<script type="application\/json" id="exercise-catalogue">[\s\S]*?<\/script>\n/)?.[0];
  if (!catalogue || !head.some((tag) => tag.startsWith('<script type="module"'))) fail(`${file} has no catalogue or no module script for web/older-link.js`);
  const styles = head.filter((tag) => tag.startsWith('<link rel="stylesheet"'));
  return html.replace(fetched, '')
    .replace(catalogue, `${catalogue}<template id="page-head">\n${head.join('')}</template>\n<script src="older-link.js"></script>\n`)
    .replace('</head>', `<noscript>${styles.join('').trimEnd()}</noscript>\n</head>`);
}

// What the service worker keeps for use offline (web/service-worker.js): every file of the
// site but those no learner's page uses offline: the Brotli copies (the server's), the CSP
// note, the batch benchmark, the component's demonstration and its bundle (for teachers who
// embed), and the modules that the page bundles already hold (the folders stay in the site
// for the batch Worker and the preview page's check Worker, which load batch/batch-worker.mjs
// and author/check-worker.mjs (with author/check-slices.mjs) and the root modules themselves).
// -> paths relative to the site, and "./" (the index at the site's address).
const NOT_KEPT = [/\.br$/, /^csp-style-src\.txt$/, /(^|\/)bench-batch\.(html|mjs)$/, /^component\.html$/,
  /^attention-exercise\.js$/, /^(ui|figures|embed|report|gpu)\//, /^batch\/(?!batch-worker\.mjs$)/,
  /^author\/(?!check-(worker|slices)\.mjs$)/];
function offlineFiles(dir, under = '') {
  return fs.readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return offlineFiles(dir, relative);
    return entry.name === 'service-worker.js' || NOT_KEPT.some((pattern) => pattern.test(relative)) ? [] : [relative];
  }).sort();
}

// Writes service-worker.js: web/service-worker.js after the name of this build's cache (from
// the kept files' contents) and the list of files it keeps. -> {files, bytes}.
function writeServiceWorker() {
  const files = offlineFiles(outDir);
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  for (const file of files) {
    const content = fs.readFileSync(path.join(outDir, file));
    hash.update(file).update(content);
    bytes += content.length;
  }
  const source = fs.readFileSync(path.join(webDir, 'service-worker.js'), 'utf8');
  fs.writeFileSync(path.join(outDir, 'service-worker.js'),
    `// Generated by tools/build-site.mjs from web/service-worker.js.\n` +
    `const CACHE = 'attention-companion-${hash.digest('hex').slice(0, 16)}';\n` +
    `const FILES = ${JSON.stringify(['./', ...files], null, 1)};\n${source}`);
  return { files: files.length, bytes };
}

const exercises = collectExercises();
fs.rmSync(outDir, { recursive: true, force: true });
for (const folder of MODULE_FOLDERS) fs.mkdirSync(path.join(outDir, folder), { recursive: true });
// A page that shows an exercise by example names it @demo-exercise@: the exercise that
// declares "demo": true.
const DEMO_MARK = '@demo-exercise@';
const demo = exercises.find((doc) => doc.demo === true)?.id;
for (const [from, to] of copies.filter(([from]) => !from.endsWith('.html'))) {
  fs.copyFileSync(from, path.join(outDir, to));
}
fs.writeFileSync(path.join(outDir, 'gpu', 'kernels.mjs'), kernelsModule());
// The classic script that the older links' pages run first (olderLinkPage), minified: it is
// fetched before anything else there, and its comments are for its readers.
fs.writeFileSync(path.join(outDir, 'older-link.js'), esbuild.transformSync(fs.readFileSync(path.join(webDir, 'older-link.js'), 'utf8'),
  { minify: true, target: 'es2022', legalComments: 'none' }).code);
// The glue declares createCompanionModule at its top level; as a module it exports it.
const glue = fs.readFileSync(path.join(repoRoot, 'build', 'wasm', 'cpp', 'companion.cjs'), 'utf8');
fs.writeFileSync(path.join(outDir, 'companion-core.mjs'),
  `// Generated by tools/build-site.mjs from build/wasm/cpp/companion.cjs: the core's glue as an ES module.\n${glue}\n` +
  'export default createCompanionModule;\n');
fs.writeFileSync(path.join(outDir, 'exercises.json'), `${JSON.stringify(exercises, null, 1)}\n`);
fs.mkdirSync(path.join(outDir, 'exercises'));
for (const doc of exercises) fs.writeFileSync(path.join(outDir, 'exercises', `${doc.id}.json`), JSON.stringify(doc));
const catalogue = exercises.map(catalogueEntry);
const chapters = [...new Set(exercises.map((doc) => doc.chapter))];
// Each chapter's exercises in one file, in chapter order, for a page that shows the whole
// chapter (web/core-loading.mjs, fetchExercises).
for (const chapter of chapters) {
  const file = chapterExercisesFile(chapter);
  if (exercises.some((doc) => `exercises/${doc.id}.json` === file)) fail(`the exercise id of ${file} names a chapter's file`);
  fs.writeFileSync(path.join(outDir, file), JSON.stringify(exercises.filter((doc) => doc.chapter === chapter)));
}
fs.writeFileSync(path.join(outDir, 'catalogue.json'), JSON.stringify(catalogue));

const pages = await bundlePages();
// Each chapter's core (cpp/CMakeLists.txt builds one for each chapter), which its pages start.
for (const chapter of chapters) {
  const core = coreFile(`ch${chapter}`);
  for (const [from, suffix] of [['cjs', 'js'], ['wasm', 'wasm']]) {
    fs.copyFileSync(requireFile(path.join(repoRoot, 'build', 'wasm', 'cpp', `${core}.${from}`),
      'build the WASM module with CMake first; a new chapter needs its core in cpp/CMakeLists.txt'),
    path.join(outDir, `${core}.${suffix}`));
  }
}
for (const [from, to] of copies.filter(([from]) => from.endsWith('.html'))) {
  const page = path.basename(to);
  // The page's own part in its frame (tools/html-page.mjs: the head, the navigation with the
  // link to the page itself marked, the status lines and the footer, written once).
  let html;
  try {
    html = sitePage(fs.readFileSync(from, 'utf8'), path.relative(repoRoot, from));
  } catch (error) {
    fail(error.message);
  }
  if (html.includes(DEMO_MARK)) {
    if (!demo) fail(`${path.relative(repoRoot, from)} shows the demo exercise, but no exercise declares "demo": true`);
    html = html.replaceAll(DEMO_MARK, demo);
  }
  fs.writeFileSync(path.join(outDir, to), withPreloads(html, pages, catalogue));
  // A page per chapter for its exercises (exercise-14.html?id=…, where the site links them):
  // exercise.html starting the chapter's core, which holds only that chapter's exercises and
  // so is smaller than the exercise core (cpp/CMakeLists.txt builds one for each chapter).
  if (page === 'exercise.html') {
    for (const chapter of chapters) {
      const named = html.replace('<meta charset="utf-8">', `<meta charset="utf-8">\n<meta name="attention-core" content="ch${chapter}">`);
      fs.writeFileSync(path.join(outDir, `exercise-${chapter}.html`), withPreloads(named, pages, catalogue,
        exercises.filter((doc) => doc.chapter === chapter)));
    }
  }
}
// Each exercise's own page (ID.html, where the site links it), with its text and fields at
// seed 0 drawn into it (tools/prerender.mjs).
const { prerendered } = await prerenderExercises(outDir, exercises);
// exercise.html and the chapters' exercise-NN.html, once each exercise's own page is written
// from them, take older links (?id=) to those pages (web/older-link.js) and show a teacher's
// file (?src=, on the exercise core): they preload no core and carry no exercise, and the
// older link's script decides before anything else is fetched (olderLinkPage), so that an
// older link downloads nothing its exercise's own page does not use.
for (const file of ['exercise.html', ...chapters.map((chapter) => `exercise-${chapter}.html`)]) {
  const full = path.join(outDir, file);
  fs.writeFileSync(full, olderLinkPage(fs.readFileSync(full, 'utf8')
    .replace(/<link rel="preload" href="companion[^"]*\.(?:wasm|js)"[^>]*>\n/g, '')
    .replace(/<script type="application\/json" id="exercise-docs">[\s\S]*?<\/script>\n?/, ''), file));
}
const offline = writeServiceWorker();
precompress(outDir);

process.stdout.write(`Built the site in ${path.relative(process.cwd(), outDir) || '.'}: ` +
  `${copies.length + 5 + 4 * chapters.length + exercises.length} files and ${exercises.length} exercises ` +
  `(${prerendered} prerendered); ${offline.files} files, ${(offline.bytes / 1048576).toFixed(1)} MB, kept for offline use.\n`);
