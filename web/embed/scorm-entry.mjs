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
import { SUSPEND_LIMITS, scormSession, shortenedWords } from './scorm-session.mjs';
import { MAX_LEARNER_CHARS } from './learner-seed.mjs';
import { POLICY_ATTRIBUTES, readPolicy } from '../ui/feedback-policy.mjs';
import { readSeed } from '../seed.mjs';
import { plural } from '../ui/format.mjs';

// What the course site keeps between visits, in words.
const keeps = (version) => (version === '2004' ? `${SUSPEND_LIMITS[2004].limit.toLocaleString('en')} bytes`
  : `${SUSPEND_LIMITS['1.2'].limit.toLocaleString('en')} characters`);

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
// learnerName: the LMS's name for the learner ('' when it gives none), said so that a learner
// on a shared computer sees whose work this is.
function finishControl(onFinish, learnerName = '') {
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
    learnerName ? el('p', { class: 'sco-learner' }, `The course site knows you as ${learnerName}: your work is saved under that name.`) : null,
    el('p', {}, 'The activity counts as completed once every part is correct', ' (or out of attempts, where they are limited)',
      ' and every explanation is written, or when you say you have finished.'), button, said), mark };
}

// The element's attributes for the launch's parameters, and what the learner is told.
function launchAttributes(params, learnerId, notice) {
  const attributes = {};
  const variants = params.get('variants');
  const seed = params.get('seed');
  if (seed !== null && variants === null) {
    const read = readSeed(seed, 'activity\u2019s seed');
    if (read.ok) attributes.seed = String(read.seed);
    else notice(`${read.message} So you see the chapter\u2019s own numbers.`);
  } else if (seed !== null) {
    notice('This activity sets both a seed and each learner\u2019s own numbers; each learner\u2019s own numbers are used.');
  }
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
    let shortenedLine = null;
    const session = scormSession({ api: found.api, adapter: found.adapter, ids, policy, local: storage(),
      packageId: document.body.dataset.package ?? ids.join(','),
      onProblem: (text) => notice(text, 'sco-notice sco-problem notice notice-error'),
      onShortened: ({ cut, dropped, version }) => {
        shortenedLine?.remove();
        const parts = [cut.length ? `it keeps ${shortenedWords(cut)}` : '',
          dropped.records ? `${plural(dropped.records, 'earlier answer')} ${dropped.records === 1 ? 'is' : 'are'} not kept there` : '']
          .filter(Boolean).join('; ');
        shortenedLine = notice(`Your work is more than the course site keeps between visits (${keeps(version)}): ${parts}. ` +
          'All of it stays in this browser: come back to this activity in this browser, or shorten your explanations.',
        'sco-notice sco-shortened notice notice-warning');
      } });
    const begun = session.start();
    learnerId = begun.learnerId;
    const fromBrowser = begun.fromBrowser ? ' This browser\u2019s copy of your work filled in what it could.' : '';
    if (begun.unreadable) {
      notice(`Your earlier answers could not be read back from the course site (what it holds is not this activity\u2019s ` +
        `saved work), so ${begun.fromBrowser ? 'they come back from this browser\u2019s copy.' : 'this activity starts afresh.'}`);
    } else if (begun.damaged) {
      notice('Your saved work on the course site was damaged or cut short: what could be read is back' +
        `${begun.dropped ? ` (${plural(begun.dropped, 'record')} could not be read)` : ''}.${fromBrowser}`);
    } else if (begun.dropped) {
      notice(`${droppedNotice(begun.dropped).replace('in this browser', 'on the course site')}${fromBrowser}`);
    }
    if (begun.shortened.length) {
      notice(`Not all of your work came back from the course site, which keeps ${keeps(found.adapter.version)} ` +
        `between visits: it returned ${shortenedWords(begun.shortened)}. The whole texts are in the browser you wrote them in.`,
      'sco-notice sco-shortened notice notice-warning');
    }
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
    }, begun.learnerName.trim().slice(0, 100));
    if (begun.finished) finishing.mark();
    main.addEventListener('attention-progress', report);
    main.addEventListener('attention-ready', report);
    main.addEventListener('attention-graded', (event) => session.record(event.detail));
    main.addEventListener('attention-written', (event) => session.record(event.detail));
    main.addEventListener('attention-practised', (event) => session.record({ ...event.detail, practice: event.detail.tag,
      verdict: 'correct', text: event.detail.tag }));
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
