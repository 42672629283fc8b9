// Loads the companion (WASM core + exercises) for a page, and keeps failures
// visible: a page never goes blank and no exception escapes to the page.

import { el, clear } from './dom.mjs';
import { messageOf } from '../error-message.mjs';
import { loadCompanion } from '../companion.mjs';
import { offlineNote } from './offline.mjs';

// Shows a message in the page's #notice region (role="status").
export function showNotice(text, kind = 'info') {
  const region = document.getElementById('notice');
  if (!region) return;
  region.append(el('p', { class: `notice notice-${kind}` }, text));
}

// Replaces the #status region's content ("Loading…") with a message, or
// empties it when text is null.
export function setStatus(text, kind = 'info') {
  const region = document.getElementById('status');
  if (!region) return;
  clear(region);
  if (text !== null) region.append(el('p', { class: `status status-${kind}` }, text));
}

// Calls a companion function; returns its result, or {error} when it threw or
// rejected. Works whether the function is synchronous or returns a promise.
export async function safeCall(fn) {
  try {
    const result = await fn();
    if (result === undefined || result === null) return { error: 'The core returned nothing.' };
    return result;
  } catch (error) {
    return { error: messageOf(error) };
  }
}

// Catches what nothing else caught, so it is reported on the page instead of
// disappearing (or breaking the page).
// (The errors still reach the console, so tests and developers see them.)
let onUncaught = null;
let installed = false;
function installLastResortHandlers() {
  if (installed) return; // (a page may start a core more than once: coreWhenNeeded)
  installed = true;
  window.addEventListener('error', (event) => {
    const message = messageOf(event.error ?? event.message);
    if (onUncaught) onUncaught(message);
    else showNotice(`Something went wrong on this page: ${message}`, 'error');
  });
  window.addEventListener('unhandledrejection', (event) => {
    const message = messageOf(event.reason);
    if (onUncaught) onUncaught(message);
    else showNotice(`Something went wrong on this page: ${message}`, 'error');
  });
}

const LOAD_TIMEOUT_MS = 30_000;

// Resolves with the companion; rejects when loading throws, when an uncaught
// error happens while the core starts (an Emscripten start-up failure can
// leave the module's promise pending for ever), or after LOAD_TIMEOUT_MS.
function loadWithWatchdog(options) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('loading took too long')), LOAD_TIMEOUT_MS);
    const settle = (fn, value) => {
      clearTimeout(timer);
      onUncaught = null;
      fn(value);
    };
    onUncaught = (message) => settle(reject, new Error(message));
    loadCompanion(options)
      .then((companion) => settle(resolve, companion), (error) => settle(reject, error));
  });
}

// The core a page names: <meta name="attention-core" content="ch14"> on a chapter's pages
// (its exercise page, figures and labs), whose exercises use that chapter's models only;
// null on others.
export const namedCore = () => document.querySelector('meta[name="attention-core"]')?.content || null;

// Returns the companion, or null after showing why it could not be loaded. options go to
// loadCompanion ({only: [id]}: a page about one exercise loads only it and the catalogue).
// A page starts the core it names (namedCore), else the exercise core (the smaller module,
// without the batch calls, which companion.withBatch() brings), unless it asks for another
// ({core: 'whole'}); the site build preloads the same one (tools/build-site.mjs).
export async function bootCompanion(options = {}) {
  installLastResortHandlers();
  setStatus('Loading the attention core…');
  try {
    const companion = await loadWithWatchdog({ core: namedCore() ?? 'exercises', ...options });
    if (!companion || typeof companion.exercises !== 'function') {
      throw new Error('the module did not provide the companion functions');
    }
    setStatus(null);
    return companion;
  } catch (error) {
    setStatus('The attention core could not be loaded, so answers cannot be checked here. ' +
      `Reload the page to try again. (Details: ${messageOf(error)})${offlineNote()}`, 'error');
    return null;
  }
}

// For a page that needs the core only for some of what it does (the class report grades
// once a teacher gives it answers): a function that starts the core the first time it is
// called (bootCompanion(options)) and returns the same companion after; one that failed is
// tried again on the next call. The site build does not preload the core of such a page.
export function coreWhenNeeded(options = {}) {
  installLastResortHandlers();
  let started = null;
  return async () => {
    started ??= bootCompanion(options);
    const companion = await started;
    if (!companion) started = null;
    return companion;
  };
}

// Gives the page a level-one heading when it has none (an error state, before anything
// else was drawn), so that every state of every page has one.
export function ensureHeading(text) {
  const main = document.querySelector('main');
  if (main && !main.querySelector('h1')) main.prepend(el('h1', {}, text));
}

// The error message of a companion result, or null when it is not an error.
export function errorOf(result) {
  if (result === null || typeof result !== 'object') return 'The core returned no result.';
  if (typeof result.error === 'string' && result.error) return result.error;
  return null;
}
