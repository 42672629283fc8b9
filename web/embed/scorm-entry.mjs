// Entry of a SCORM package's script (sco.js, built by tools/build-embed.mjs; the same file
// in the SCORM 1.2 and the SCORM 2004 packages): the <attention-exercise> bundle plus the
// page of the SCO. It finds the LMS's API object (SCORM 2004's API_1484_11 or SCORM 1.2's
// API, preferring the one its package declares in <body data-scorm>), and hands the
// session to scorm-session.mjs, which restores the learner's work and writes every check,
// written explanation, score and status to the LMS. This file draws the notices and the
// "I have finished" control.
// The launch's parameters (the manifest's, which the LMS appends to this page's address;
// tools/scorm-package.mjs writes them) may ask for per-learner variants (variants=learner,
// salt=…: each exercise's seed from the LMS's learner id, learner-seed.mjs) and set the
// feedback policy (attempts, values, working: ../ui/feedback-policy.mjs).

import './bundle-entry.mjs';
import { el } from '../ui/dom.mjs';
import { AnswerStore, droppedNotice } from '../ui/storage.mjs';
import { findApi } from './scorm-api.mjs';
import { scormSession } from './scorm-session.mjs';
import { MAX_LEARNER_CHARS } from './learner-seed.mjs';
import { POLICY_ATTRIBUTES, readPolicy } from '../ui/feedback-policy.mjs';

class ScormStore extends AnswerStore {
  constructor(state, onPersist) {
    super(null, state);
    this.onPersist = onPersist;
  }

  persist() {
    return this.onPersist(this.state);
  }
}

// The learner's way to say they are done before every part is settled.
function finishControl(onFinish) {
  const button = el('button', { type: 'button', class: 'sco-finish' }, 'I have finished');
  const said = el('p', { class: 'sco-finish-note', role: 'status' });
  const mark = () => {
    button.setAttribute('aria-disabled', 'true');
    said.textContent = 'The course site has this activity as completed. You can still change your answers.';
  };
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-disabled') === 'true') return;
    onFinish();
    mark();
  });
  return { section: el('section', { class: 'sco-finish-section', 'aria-label': 'Finishing' },
    el('p', {}, 'The activity counts as completed once every part is correct', ' (or out of attempts, where they are limited)',
      ' and every explanation is written, or when you say you have finished.'), button, said), mark };
}

// The element's attributes for the launch's parameters, and what the learner is told.
function launchAttributes(params, learnerId, notice) {
  const attributes = {};
  const variants = params.get('variants');
  if (variants === 'learner') {
    const id = learnerId.trim();
    if (id === '' || id.length > MAX_LEARNER_CHARS) {
      notice('This activity gives every learner their own numbers, but the course site did not say who you are, ' +
        'so you see the chapter’s own numbers.');
    } else {
      Object.assign(attributes, { learner: id, salt: (params.get('salt') ?? '').slice(0, MAX_LEARNER_CHARS) });
    }
  } else if (variants !== null) {
    notice(`The activity’s setting variants=${JSON.stringify(variants.slice(0, 20))} is not known (only “learner” is), ` +
      'so you see the chapter’s own numbers.');
  }
  for (const name of POLICY_ATTRIBUTES) {
    if (params.has(name)) attributes[name] = params.get(name);
  }
  return attributes;
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function start() {
  const main = document.getElementById('sco');
  const ids = String(document.body.dataset.exercises ?? '').split(',').filter(Boolean);
  const found = findApi(document.body.dataset.scorm);
  const notice = (text, kind = 'sco-notice') => {
    const line = el('p', { class: kind, role: 'status' }, text);
    main.before(line);
    return line;
  };
  const params = new URLSearchParams(window.location.search);
  const { policy } = readPolicy((name) => params.get(name));
  let learnerId = '';
  let finishing = null;

  if (found) {
    const session = scormSession({ api: found.api, adapter: found.adapter, ids, policy, local: storage(),
      packageId: document.body.dataset.package ?? ids.join(','),
      onProblem: (text) => notice(text, 'sco-notice sco-problem notice notice-error') });
    const begun = session.start();
    learnerId = begun.learnerId;
    if (begun.unreadable) notice('Your earlier answers could not be read back from the course site, so this activity starts afresh.');
    else if (begun.dropped) notice(droppedNotice(begun.dropped).replace('in this browser', 'on the course site'));
    const store = new ScormStore(begun.state, (state) => session.saveState(state));
    globalThis.AttentionCompanion.useStore(store, { where: 'saved on your course site, where your teacher can read it' });
    let last = null;
    const report = (event) => {
      last = event.detail;
      session.report(event.detail);
      if (session.finished) finishing?.mark();
    };
    finishing = finishControl(() => {
      session.finish(store.snapshot());
      if (last) session.report(last);
    });
    if (begun.finished) finishing.mark();
    main.addEventListener('attention-progress', report);
    main.addEventListener('attention-ready', report);
    main.addEventListener('attention-graded', (event) => session.record(event.detail));
    main.addEventListener('attention-written', (event) => session.record(event.detail));
    // The page is left (or closed): one last save, which the LMS's finish stores.
    window.addEventListener('pagehide', () => session.end());
    window.addEventListener('beforeunload', () => session.end());
  } else {
    notice('No course site (SCORM API) was found, so your answers are kept in this browser only and no score is reported.');
  }
  main.append(el('attention-exercise', { exercises: ids.join(' '), ...launchAttributes(params, learnerId, notice) }));
  if (finishing) main.append(finishing.section);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
