// tools/serve.mjs answers as a static host does: files carry validators (ETag and
// Last-Modified) and a revalidating Cache-Control, so a warm visit gets 304 Not Modified
// and downloads nothing again; a changed validator gets the file.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startServer } from '../e2e/harness.mjs';

let server;
before(async () => { server = await startServer(); });
after(async () => { await server?.stop(); });

test('a file comes with validators, and a request that holds them gets 304 and no body', async () => {
  const url = `${server.url}companion.wasm`;
  const first = await fetch(url);
  assert.equal(first.status, 200);
  const etag = first.headers.get('etag');
  const modified = first.headers.get('last-modified');
  assert.match(etag, /^"[0-9a-f]+-[0-9a-f]+"$/);
  assert.ok(Number.isFinite(Date.parse(modified)));
  assert.equal(first.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
  assert.ok((await first.arrayBuffer()).byteLength > 1000);

  const byTag = await fetch(url, { headers: { 'If-None-Match': etag } });
  assert.equal(byTag.status, 304);
  assert.equal((await byTag.arrayBuffer()).byteLength, 0);
  assert.equal(byTag.headers.get('etag'), etag);
  const byDate = await fetch(url, { headers: { 'If-Modified-Since': modified } });
  assert.equal(byDate.status, 304);
  const stale = await fetch(url, { headers: { 'If-None-Match': '"0-0"' } });
  assert.equal(stale.status, 200);
  assert.ok((await stale.arrayBuffer()).byteLength > 1000);
});

test('compressible files go out as Brotli (the build\'s copy) or gzip, by what the client accepts, and decode to the file', async () => {
  const http = await import('node:http');
  const zlib = await import('node:zlib');
  const fs = await import('node:fs');
  const path = await import('node:path');
  const { siteDir } = await import('../e2e/harness.mjs');
  // node's fetch always asks for and decodes gzip and br, so the raw bytes are read with node:http.
  const get = (file, acceptEncoding) => new Promise((resolve, reject) => {
    http.get(`${server.url}${file}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
  const original = fs.readFileSync(path.join(siteDir, 'companion.wasm'));
  const br = await get('companion.wasm', 'gzip, deflate, br');
  assert.equal(br.encoding, 'br');
  assert.deepEqual(zlib.brotliDecompressSync(br.body), original);
  const gz = await get('companion.wasm', 'gzip');
  assert.equal(gz.encoding, 'gzip');
  assert.deepEqual(zlib.gunzipSync(gz.body), original);
  assert.ok(br.body.length < gz.body.length, `Brotli ${br.body.length} B, gzip ${gz.body.length} B`);
  const plain = await get('companion.wasm', 'identity');
  assert.equal(plain.encoding, undefined);
  assert.deepEqual(plain.body, original);
});
