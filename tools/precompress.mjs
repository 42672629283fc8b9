// Writes a Brotli (quality 11) copy, FILE.br, next to every compressible file of a site
// folder, as a static host's build step does; tools/serve.mjs sends it to browsers that
// accept Brotli. Compressing at build time keeps the slowest setting off the request path
// (the module takes over a second at quality 11). A copy newer than its file is kept.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = ['.html', '.css', '.js', '.mjs', '.json', '.wasm', '.svg', '.txt'];

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

export function precompress(dir) {
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.includes(path.extname(file))) continue;
    const stats = fs.statSync(file);
    if (stats.size <= 1024) continue;
    const target = `${file}.br`;
    if (fs.existsSync(target) && fs.statSync(target).mtimeMs >= stats.mtimeMs) continue;
    fs.writeFileSync(target, zlib.brotliCompressSync(fs.readFileSync(file), {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: stats.size },
    }));
  }
}
