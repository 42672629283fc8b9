// Shared set-up for the end-to-end tests: serve the assembled site (built
// beforehand with `node tools/build-site.mjs build/site`; SITE_DIR overrides)
// with tools/serve.mjs on a free port, and drive it with headless Chromium
// through playwright-core. Pages fail the test on any page error or console
// error.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const siteDir = path.resolve(repoRoot, process.env.SITE_DIR ?? 'build/site');
export const resultsDir = path.join(repoRoot, 'test-results');

// How long a step of a test may wait for the page (a selector, a navigation, an event) before
// it fails: a busy machine (a build beside the suite, two CPU-bound processes) makes a page
// that is ready in a second on a quiet one take many, so this is generous; how long things
// take is measured in tests/bench/, never asserted here.
export const WAIT_MS = 300_000;

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--headless=new'];

// Starts tools/serve.mjs on the built site (or on another folder, `dir`; or another
// checkout's serve.mjs, `serve`); resolves to {url, stop()} once it printed its URL.
export function startServer(extraArgs = [], { dir = siteDir, serve = path.join(repoRoot, 'tools', 'serve.mjs') } = {}) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(dir === siteDir ? `no site at ${siteDir}: run \`node tools/build-site.mjs build/site\` first`
      : `no index.html in ${dir}`);
  }
  const child = spawn(process.execPath,
    [serve, '--dir', dir, '--port', '0', ...extraArgs],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`serve.mjs printed no URL within ${WAIT_MS / 1000} s: ${stdout}${stderr}`));
    }, WAIT_MS);
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = stdout.match(/^Serving the attention companion at (http:\/\/\S+\/)\n/);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        url: match[1],
        output: () => stdout,
        stop: () => new Promise((done) => {
          if (child.exitCode !== null) { done(); return; }
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
      });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve.mjs exited with ${code}: ${stderr}`));
    });
  });
}

// Registers this file's before/after hooks: the site served on a free port and one
// Chromium; onReady(server, browser) receives them once both are up.
export function useSite(onReady, serverArgs = []) {
  let server;
  let browser;
  before(async () => {
    server = await startServer(serverArgs);
    browser = await launchBrowser();
    onReady(server, browser);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}

// Debian's Chromium, headless; `extraArgs` are added to the flags every test uses.
export async function launchBrowser({ extraArgs = [] } = {}) {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs] });
}

// A new page (in its own context, so its own localStorage) that records page
// errors and console errors. Call `problems()` to get them; `allow` lists
// regular expressions for console errors a test expects. The site's service worker (which
// keeps it for use offline, and would answer the page's requests) is blocked unless a test
// asks for it (serviceWorkers: 'allow', the offline test): each test sees the network, and
// the requests it routes, as it set them.
export async function newCheckedPage(browser, { viewport = { width: 1100, height: 900 }, allow = [], serviceWorkers = 'block' } = {}) {
  const context = await browser.newContext({ viewport, serviceWorkers });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (allow.some((pattern) => pattern.test(text))) return;
    problems.push(`console error: ${text}`);
  });
  page.on('dialog', (dialog) => {
    problems.push(`unexpected dialog: ${dialog.message()}`);
    dialog.dismiss().catch(() => {});
  });
  return { page, context, problems: () => problems };
}

// Waits until the page module has finished setting up (body[data-ready]).
export async function waitReady(page) {
  await page.waitForSelector('body[data-ready="true"]');
}

export async function screenshot(page, name) {
  fs.mkdirSync(resultsDir, { recursive: true });
  await page.screenshot({ path: path.join(resultsDir, `${name}.png`), fullPage: true });
}

// The answer field (a one-line input, or a text area for a matrix) and live feedback
// region of one exercise part.
export function part(page, name) {
  const section = page.locator(`.part[data-part="${name}"]`); // a section, or a fill-in table's cell
  return {
    section,
    input: section.locator('input.answer, textarea.answer'),
    feedback: section.locator('.feedback'),
    verdictTitle: section.locator('.feedback .verdict-title'),
    attempts: section.locator('.attempts'),
  };
}

// Opens exercise.html for one exercise on a fresh checked page.
export async function openExercise(browser, server, id, options) {
  const checked = await newCheckedPage(browser, options);
  await checked.page.goto(`${server.url}exercise.html?id=${encodeURIComponent(id)}`);
  await waitReady(checked.page);
  return checked;
}

// Types an answer into a part, presses Enter (Ctrl+Enter in a matrix's text area, where
// Enter starts a new line), waits for the verdict and returns it.
export async function answerPart(page, name, text) {
  const { input, feedback } = part(page, name);
  await input.fill(text);
  const multiline = await input.evaluate((node) => node.localName === 'textarea');
  await input.press(multiline ? 'Control+Enter' : 'Enter');
  await feedback.locator('.verdict').waitFor();
  return feedback.getAttribute('data-verdict');
}
