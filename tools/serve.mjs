#!/usr/bin/env node
// Serves the assembled static site (build/site by default) with node:http.
// Static files only: GET/HEAD, correct MIME types, no directory traversal,
// optional extra response headers (e.g. a Content-Security-Policy in tests).
//
//   node tools/serve.mjs [--dir build/site] [--port 8014] [--host 127.0.0.1]
//                      [--header "Name: value"]...
//
// Prints exactly one line, the URL, once listening; runs until killed.

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import zlib from 'node:zlib';

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

function usage(message) {
  process.stderr.write(`serve.mjs: ${message}\n` +
    'usage: node tools/serve.mjs [--dir DIR] [--port N] [--host HOST] [--header "Name: value"]...\n');
  process.exit(2);
}

function parseArgs(argv) {
  const options = { dir: 'build/site', port: 8014, host: '127.0.0.1', headers: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (!['--dir', '--port', '--host', '--header'].includes(flag)) usage(`unknown argument ${flag}`);
    if (value === undefined) usage(`${flag} needs a value`);
    i += 1;
    if (flag === '--dir') options.dir = value;
    if (flag === '--host') options.host = value;
    if (flag === '--port') {
      const port = Number(value);
      if (!Number.isInteger(port) || port < 0 || port > 65535) usage(`bad port ${value}`);
      options.port = port;
    }
    if (flag === '--header') {
      const colon = value.indexOf(':');
      const name = colon > 0 ? value.slice(0, colon).trim() : '';
      if (!/^[A-Za-z0-9-]+$/.test(name)) usage(`bad header ${JSON.stringify(value)}`);
      options.headers.push([name, value.slice(colon + 1).trim()]);
    }
  }
  return options;
}

// Maps a request path onto a file under root, or null when it would escape
// root or is malformed.
function resolveInside(root, requestUrl) {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(requestUrl, 'http://localhost').pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const resolved = path.resolve(root, `.${path.posix.normalize(`/${pathname}`)}`);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return null;
  return resolved;
}

function send(response, status, body, extraHeaders, headOnly) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...extraHeaders });
  response.end(headOnly ? undefined : body);
}

// Compresses what compresses (the module, scripts, pages), as static hosts do: Brotli from
// the file's ".br" sibling that the site build writes (tools/precompress.mjs) when it is
// as new as the file, else gzip, made once per file version and kept.
const gzipped = new Map();
function encoded(filePath, data, modified, type, acceptEncoding) {
  if (data.length <= 1024 || type.startsWith('image/png') || type === 'font/woff2') return { body: data, encoding: null };
  const accepts = (name) => new RegExp(`\\b${name}\\b`).test(acceptEncoding);
  if (accepts('br')) {
    try {
      const sibling = `${filePath}.br`;
      if (fs.statSync(sibling).mtimeMs >= modified.getTime()) return { body: fs.readFileSync(sibling), encoding: 'br' };
    } catch {
      // no precompressed sibling: gzip below
    }
  }
  if (!accepts('gzip')) return { body: data, encoding: null };
  const key = `${filePath}:${data.length}:${modified.getTime()}`;
  if (!gzipped.has(key)) gzipped.set(key, zlib.gzipSync(data));
  return { body: gzipped.get(key), encoding: 'gzip' };
}

const options = parseArgs(process.argv.slice(2));
const root = path.resolve(options.dir);
if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
  usage(`no site folder at ${root} (build it with: node tools/build-site.mjs ${options.dir})`);
}

const server = http.createServer((request, response) => {
  // As a static host does: every response may be kept and is revalidated before use, and a
  // file carries validators (ETag, Last-Modified), so a warm visit gets 304 Not Modified
  // and downloads nothing again.
  // Every file is public, and the web component on a course page of another origin fetches
  // its core and exercise files from here (web/embed/core-beside.mjs): any origin may read them.
  const common = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'public, max-age=0, must-revalidate',
    'Access-Control-Allow-Origin': '*' };
  for (const [name, value] of options.headers) common[name] = value;
  const headOnly = request.method === 'HEAD';
  if (request.method !== 'GET' && !headOnly) {
    send(response, 405, 'Method not allowed\n', { ...common, Allow: 'GET, HEAD' }, false);
    return;
  }
  let filePath = resolveInside(root, request.url);
  if (filePath === null) {
    send(response, 400, 'Bad request\n', common, headOnly);
    return;
  }
  fs.stat(filePath, (statError, stats) => {
    if (!statError && stats.isDirectory()) {
      filePath = path.join(filePath, 'index.html');
    }
    fs.readFile(filePath, (readError, data) => {
      if (readError) {
        send(response, 404, 'Not found\n', common, headOnly);
        return;
      }
      const modified = fs.statSync(filePath).mtime;
      const validators = { ETag: `"${data.length.toString(16)}-${Math.floor(modified.getTime()).toString(16)}"`,
        'Last-Modified': modified.toUTCString() };
      const match = request.headers['if-none-match'];
      const since = Date.parse(request.headers['if-modified-since'] ?? '');
      const fresh = match !== undefined ? match.split(/\s*,\s*/).includes(validators.ETag)
        : Number.isFinite(since) && Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000);
      if (fresh) {
        response.writeHead(304, { ...common, ...validators, Vary: 'Accept-Encoding' });
        response.end();
        return;
      }
      const type = MIME_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
      const { body, encoding } = encoded(filePath, data, modified, type, request.headers['accept-encoding'] ?? '');
      response.writeHead(200, {
        ...common, ...validators, 'Content-Type': type, 'Content-Length': body.length, Vary: 'Accept-Encoding',
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
      });
      response.end(headOnly ? undefined : body);
    });
  });
});

server.on('error', (error) => {
  process.stderr.write(`serve.mjs: ${error.message}\n`);
  process.exit(1);
});

server.listen(options.port, options.host, () => {
  const { port } = server.address();
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  process.stdout.write(`Serving the attention companion at http://${host}:${port}/\n`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
