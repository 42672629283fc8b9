/* global document */
// Each exercise's own page (ID.html, e.g. ch14.example1.html), with the exercise's text
// and fields at seed 0 already in its HTML, so that a learner reads the exercise and can
// start typing before the core has arrived; the page's script then draws the exercise
// again from the core (or a variant, with ?seed=N) and takes over, keeping what was typed
// (web/pages/exercise.mjs). Called by tools/build-site.mjs once the site is assembled.
//
// The text and fields are what the exercise page itself draws: the site is served from
// its folder and each exercise is opened in Debian's headless Chromium on its chapter's
// page (with KaTeX given to it from the start, so that its maths is typeset), and its drawn
// <article> is kept, with its forms made inert (a <form> becomes a
// <div> and Check waits, marked busy) until the script takes over. The page's stylesheet
// goes inline (a stylesheet the page would fetch is a round trip later on a slow link:
// ~0.56 s on Fast 3G), and its hash is written to csp-style-src.txt, the style-src a
// strict Content-Security-Policy needs to allow it.
// Without a browser (none installed) the pages are written without the prerendered text,
// and a warning says so: they still work, drawn by their script.

import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--headless=new'];

// The page's own address for an exercise (web/ui/variant-control.mjs, exerciseHref).
export const exercisePage = (id) => `${id}.html`;

function serve(dir) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'tools', 'serve.mjs'), '--dir', dir, '--port', '0'],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/(http:\/\/\S+\/)\n/);
      if (match) resolve({ url: match[1], stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
  });
}

// {id: {title, html}} of each exercise's drawn article, or null without a browser.
async function drawnArticles(outDir, exercises) {
  if (!fs.existsSync(CHROMIUM)) return null;
  const { chromium } = await import('playwright-core');
  const server = await serve(outDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    // KaTeX from the start: the drawn exercise keeps its maths typeset (the page itself asks
    // for KaTeX only after a learner's first verdict).
    await context.addInitScript({ path: path.join(outDir, 'katex.min.js') });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const drawn = {};
    for (const doc of exercises) {
      await page.goto(`${server.url}exercise-${doc.chapter}.html?id=${encodeURIComponent(doc.id)}`);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
      if (problems.length) throw new Error(`${doc.id}: ${problems.join('; ')}`);
      drawn[doc.id] = await page.evaluate(() => {
        const article = document.getElementById('exercise');
        // Inert until the page's script takes over: no form to submit, Check marked busy.
        for (const form of article.querySelectorAll('form')) {
          const div = document.createElement('div');
          for (const { name, value } of form.attributes) if (name !== 'novalidate') div.setAttribute(name, value);
          div.replaceChildren(...form.childNodes);
          form.replaceWith(div);
        }
        for (const button of article.querySelectorAll('button')) {
          button.setAttribute('aria-disabled', 'true');
          if (button.type === 'submit') button.type = 'button';
        }
        // What the load benchmark times: the exercise's text and its first field, painted.
        article.querySelector('.intro p')?.setAttribute('elementtiming', 'exercise-text');
        article.querySelector('.part .prompt, .part legend')?.setAttribute('elementtiming', 'first-field');
        return { title: document.title, html: article.innerHTML };
      });
    }
    await context.close();
    return drawn;
  } finally {
    await browser.close();
    server.stop();
  }
}

const sha256 = (text) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

// Writes ID.html for each exercise from its chapter's page (exercise-NN.html in outDir).
export async function prerenderExercises(outDir, exercises) {
  let drawn = null;
  try {
    drawn = await drawnArticles(outDir, exercises);
  } catch (error) {
    process.stderr.write(`prerender.mjs: the exercises were not prerendered (${error.message}); their pages are drawn by their script\n`);
  }
  if (!drawn) process.stderr.write('prerender.mjs: no browser at /usr/bin/chromium: exercise pages without prerendered text\n');
  const css = fs.readFileSync(path.join(outDir, 'style.css'), 'utf8');
  const inline = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s*\n\s*/g, '\n').trim();
  const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  for (const doc of exercises) {
    let html = fs.readFileSync(path.join(outDir, `exercise-${doc.chapter}.html`), 'utf8');
    const article = drawn?.[doc.id];
    html = html.replace('<link rel="stylesheet" href="style.css">', `<style>${inline}</style>`)
      .replace(/<body class="drawing">/, `<body data-exercise="${escape(doc.id)}"${article ? ' data-prerendered="true"' : ' class="drawing"'}>`);
    // The exercises' data the script reads (the catalogue, and of the chapter's exercises only
    // this one: the others' files are fetched when their pages are opened) goes after the drawn
    // exercise: on a slow link its bytes then come after what the learner reads.
    const blocks = html.match(/<script type="application\/json" id="exercise-(?:catalogue|docs)">[\s\S]*?<\/script>\n?/g) ?? [];
    for (const block of blocks) html = html.replace(block, '');
    const data = blocks.map((block) => (block.includes('id="exercise-docs"')
      ? `<script type="application/json" id="exercise-docs">${JSON.stringify([doc]).replaceAll('<', '\\u003c')}</script>\n` : block));
    html = html.replace('</body>', `${data.join('')}</body>`);
    if (article) {
      html = html.replace(/<title>[^<]*<\/title>/, `<title>${escape(article.title)}</title>`)
        .replace('<article id="exercise"></article>', `<article id="exercise">${article.html}</article>`)
        // The drawn text replaces the loading line (the page says so again if the core fails).
        .replace(/<div id="status" role="status" aria-live="polite">.*?<\/div>/, '<div id="status" role="status" aria-live="polite"></div>');
    }
    fs.writeFileSync(path.join(outDir, exercisePage(doc.id)), html);
  }
  fs.writeFileSync(path.join(outDir, 'csp-style-src.txt'), `style-src 'self' ${sha256(inline)}\n`);
  return { prerendered: drawn ? Object.keys(drawn).length : 0 };
}
