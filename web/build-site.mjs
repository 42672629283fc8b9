#!/usr/bin/env node
// Assembles the static site into <outDir> (default build/site):
//   web/*.html (with the navigation of web/ui/site-header.html), web/*.css, web/*.svg, web/companion.mjs, web/seed.mjs,
//   web/ui/*.mjs, web/embed/*.{mjs,css},
//   web/gpu/*.{mjs,wgsl,css} (the WebGPU path, the batch lab and its module Worker),
//   build/wasm/cpp/companion.cjs and .wasm (the Emscripten module) -> companion.js, companion.wasm,
//     and the same glue as an ES module -> companion-core.mjs (for the batch lab's module
//     Worker, web/gpu/batch-worker.mjs: a module worker cannot load a classic script),
//   node_modules/katex/dist/katex.min.js -> katex.min.js (a classic script; MathML output only: no KaTeX CSS or fonts),
//   exercises/**/*.json -> exercises.json (one array, sorted by chapter, then order).
// Builds nothing itself: the WASM module must already be built by CMake.

import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

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
    return doc;
  });
  const ids = new Set();
  for (const doc of exercises) {
    if (ids.has(doc.id)) fail(`duplicate exercise id ${doc.id}`);
    ids.add(doc.id);
  }
  return exercises.sort((x, y) => x.chapter - y.chapter || x.order - y.order || x.id.localeCompare(y.id));
}

const outDir = path.resolve(process.argv[2] ?? path.join(repoRoot, 'build', 'site'));
if (process.argv.length > 3) fail('usage: node web/build-site.mjs [outDir]');

const copies = [
  ...filesIn(webDir, ['.html', '.css', '.svg']).map((from) => [from, path.basename(from)]),
  [requireFile(path.join(webDir, 'companion.mjs')), 'companion.mjs'],
  [requireFile(path.join(webDir, 'seed.mjs')), 'seed.mjs'],
  ...filesIn(path.join(webDir, 'ui'), ['.mjs']).map((from) => [from, path.join('ui', path.basename(from))]),
  ...filesIn(path.join(webDir, 'embed'), ['.mjs', '.css']).map((from) => [from, path.join('embed', path.basename(from))]),
  ...filesIn(path.join(webDir, 'gpu'), ['.mjs', '.wgsl', '.css']).map((from) => [from, path.join('gpu', path.basename(from))]),
  [requireFile(path.join(repoRoot, 'build', 'wasm', 'cpp', 'companion.cjs'), 'build the WASM module with CMake first'),
    'companion.js'],
  [requireFile(path.join(repoRoot, 'build', 'wasm', 'cpp', 'companion.wasm'), 'build the WASM module with CMake first'),
    'companion.wasm'],
  [requireFile(path.join(repoRoot, 'node_modules', 'katex', 'dist', 'katex.min.js'), 'run npm ci'), 'katex.min.js'],
];

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(path.join(outDir, 'ui'), { recursive: true });
fs.mkdirSync(path.join(outDir, 'embed'), { recursive: true });
fs.mkdirSync(path.join(outDir, 'gpu'), { recursive: true });
// Every page's navigation comes from one partial; the link to the page itself is marked.
const siteHeader = fs.readFileSync(requireFile(path.join(webDir, 'ui', 'site-header.html')), 'utf8').trimEnd();
const HEADER_MARK = /<!-- site-header:[^>]*-->/;
for (const [from, to] of copies) {
  const target = path.join(outDir, to);
  if (!from.endsWith('.html')) {
    fs.copyFileSync(from, target);
    continue;
  }
  const page = path.basename(to);
  const header = siteHeader.replace(`<a href="${page}">`, `<a href="${page}" aria-current="page">`);
  fs.writeFileSync(target, fs.readFileSync(from, 'utf8').replace(HEADER_MARK, header));
}
// The glue declares createCompanionModule at its top level; as a module it exports it.
const glue = fs.readFileSync(path.join(repoRoot, 'build', 'wasm', 'cpp', 'companion.cjs'), 'utf8');
fs.writeFileSync(path.join(outDir, 'companion-core.mjs'),
  `// Generated by web/build-site.mjs from build/wasm/cpp/companion.cjs: the core's glue as an ES module.\n${glue}\n` +
  'export default createCompanionModule;\n');
const exercises = collectExercises();
fs.writeFileSync(path.join(outDir, 'exercises.json'), `${JSON.stringify(exercises, null, 1)}\n`);

process.stdout.write(`Built the site in ${path.relative(process.cwd(), outDir) || '.'}: ` +
  `${copies.length + 1} files and ${exercises.length} exercises.\n`);
