#!/usr/bin/env node
// What takes the space in the WebAssembly module: the size of every section, and the code
// section's function bodies summed by where they come from (our layers by namespace,
// nlohmann::json, Eigen, embind, libc++, libc), with the largest functions. Names come from
// the symbol map the link writes (companion.cjs.symbols, --emit-symbol-map); the module
// itself carries no names.
//   node tools/wasm-size.mjs [build/wasm/cpp/companion.wasm] [--top 15]
import fs from 'node:fs';
import zlib from 'node:zlib';

const args = process.argv.slice(2);
const wasmPath = args.find((a) => a.endsWith('.wasm')) ?? 'build/wasm/cpp/companion.wasm';
const top = Number(args[args.indexOf('--top') + 1]) || 15;
const bytes = fs.readFileSync(wasmPath);
const symbolsPath = wasmPath.replace(/\.wasm$/, '.cjs.symbols');

// The binary format: a header, then sections (id, size, contents); sizes and counts are LEB128.
let at = 8;
const leb = () => {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    if (!(byte & 0x80)) return value;
  }
};
const skipLimits = () => { if (leb() & 1) leb(); leb(); };
const SECTION_NAMES = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start',
  'element', 'code', 'data', 'data count'];
const sections = [];
const bodies = [];
let importedFunctions = 0;
while (at < bytes.length) {
  const id = bytes[at++];
  const size = leb();
  const end = at + size;
  sections.push({ name: SECTION_NAMES[id] ?? `section ${id}`, size });
  if (id === 2) {
    for (let n = leb(); n > 0; n -= 1) {
      const skip = () => { const length = leb(); at += length; }; // (at += leb() would read at first)
      skip(); // module name
      skip(); // field name
      const kind = bytes[at++];
      if (kind === 0) { importedFunctions += 1; leb(); }
      else if (kind === 1) { at += 1; skipLimits(); }
      else if (kind === 2) skipLimits();
      else at += 2;
    }
  }
  if (id === 10) {
    for (let n = leb(); n > 0; n -= 1) {
      const length = leb();
      bodies.push(length);
      at += length;
    }
  }
  at = end;
}

const mangled = new Map(); // function index -> name
if (fs.existsSync(symbolsPath)) {
  for (const line of fs.readFileSync(symbolsPath, 'utf8').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) mangled.set(Number(line.slice(0, colon)), line.slice(colon + 1));
  }
}
// The map's names are demangled already, with some characters written as \XX (hex).
const demangled = bodies.map((_, i) => (mangled.get(i + importedFunctions) ?? `function ${i + importedFunctions}`)
  .replace(/\\([0-9a-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))));

const ORIGINS = [
  ['nlohmann::json (reading and writing JSON)', /nlohmann::/],
  ['Eigen', /\bEigen::/],
  ['embind and the bindings (exercise_bindings.cc, batch_bindings.cc)', /emscripten::|_embind_|\bembind|^\{anonymous\}::/],
  ['the core: attn:: (all five layers)', /\battn::/],
  ['libc++', /\bstd::/],
];
// A function's origin is read from its own name (up to its parameter list, without a
// return type): an attn:: function that takes a JSON value is the core's, not the library's.
const ownName = (full) => {
  const name = full.replaceAll('(anonymous namespace)', '{anonymous}');
  let depth = 0;
  let start = 0;
  for (let i = 0; i < name.length; i += 1) {
    const c = name[i];
    if (c === '<') depth += 1;
    else if (c === '>') depth -= 1;
    else if (depth === 0 && c === ' ') start = i + 1;
    else if (depth === 0 && c === '(' && i > start) return name.slice(start, i);
  }
  return name.slice(start);
};
const originOf = (name) => ORIGINS.find(([, pattern]) => pattern.test(ownName(name)))?.[0] ?? 'libc, the allocator, maths';
const byOrigin = new Map();
bodies.forEach((size, i) => byOrigin.set(originOf(demangled[i]), (byOrigin.get(originOf(demangled[i])) ?? 0) + size));
const code = bodies.reduce((a, b) => a + b, 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const share = (n, whole) => `${((100 * n) / whole).toFixed(0)}%`;

const gzip = zlib.gzipSync(bytes, { level: 9 }).length;
const brotli = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
console.log(`${wasmPath}: ${kb(bytes.length)} raw, ${kb(gzip)} gzip -9, ${kb(brotli)} Brotli 11`);
console.log('\n| section | bytes | share |\n|---|---:|---:|');
for (const { name, size } of [...sections].sort((x, y) => y.size - x.size)) {
  console.log(`| ${name} | ${size} | ${share(size, bytes.length)} |`);
}
console.log(`\n| code by origin (${bodies.length} functions) | bytes | share of code |\n|---|---:|---:|`);
for (const [origin, size] of [...byOrigin].sort((x, y) => y[1] - x[1])) {
  console.log(`| ${origin} | ${size} | ${share(size, code)} |`);
}
console.log(`\n| largest functions | bytes |\n|---|---:|`);
const largest = bodies.map((size, i) => ({ size, name: demangled[i] })).sort((x, y) => y.size - x.size).slice(0, top);
for (const { size, name } of largest) {
  const short = name.replace(/std::__2::/g, 'std::').replace(/basic_string<char, std::char_traits<char>, std::allocator<char> >/g, 'string');
  console.log(`| \`${short.length > 110 ? `${short.slice(0, 107)}...` : short}\` | ${size} |`);
}
