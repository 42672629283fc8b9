// Entry of a SCORM package's script (sco.js, built by tools/build-embed.mjs; the same file
// in the SCORM 1.2 and the SCORM 2004 packages): the <attention-exercise> bundle plus the
// SCO side of the SCORM runtime. It finds the LMS's API object (SCORM 2004's
// API_1484_11 or SCORM 1.2's API, preferring the one its package declares in
// <body data-scorm>), restores the learner's answers from cmi.suspend_data, and after
// every check reports the score (0-100: the share of parts answered correctly), the
// status (incomplete; completed once every part is correct or out of attempts, or the
// learner presses "I have finished"; passed or failed only
// where the course set a mastery score: scorm-api.mjs's statusOf) and the suspend data
// (suspend-data.mjs), through a small adapter per API version (scorm-api.mjs).
// The launch's parameters (the manifest's, which the LMS appends to this page's address;
// tools/scorm-package.mjs writes them) may ask for per-learner variants (variants=learner,
// salt=…: each exercise's seed from the LMS's learner id, learner-seed.mjs) and set the
// feedback policy (attempts, values, working: ../ui/feedback-policy.mjs).

import './bundle-entry.mjs';
import { el } from '../ui/dom.mjs';
import { AnswerStore, droppedNotice } from '../ui/storage.mjs';
import { encodeSuspend, decodeSuspend } from './suspend-data.mjs';
import { findApi, bind, scormId, MAX_INTERACTIONS } from './scorm-api.mjs';
import { MAX_LEARNER_CHARS } from './learner-seed.mjs';
import { POLICY_ATTRIBUTES, readPolicy, isSettled } from '../ui/feedback-policy.mjs';

class ScormStore extends AnswerStore {
  constructor(state, onPersist) {
    super(null, state);
    this.onPersist = onPersist;
  }

  persist() {
    return this.onPersist(this.state);
  }
}

// What the status is computed from (scorm-api.mjs's statusOf): the parts settled under the
// policy (correct, or out of attempts), all parts, and whether the learner has finished.
function progress({ exercises, total }, policy, finished) {
  const settled = exercises.flatMap((item) => Object.values(item.parts)).filter((part) => isSettled(part, policy)).length;
  return { settled, total, finished };
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
      ', or when you say you have finished.'), button, said), mark };
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

function start() {
  const main = document.getElementById('sco');
  const ids = String(document.body.dataset.exercises ?? '').split(',').filter(Boolean);
  const found = findApi(document.body.dataset.scorm);
  const notice = (text) => main.before(el('p', { class: 'sco-notice', role: 'status' }, text));
  const params = new URLSearchParams(window.location.search);
  const { policy } = readPolicy((name) => params.get(name));
  const started = Date.now();
  let ended = false;
  let learnerId = '';
  let finishing = null;

  if (found) {
    const { adapter } = found;
    const cmi = bind(found.api, adapter);
    if (!cmi.initialize()) notice('The course site did not accept this activity’s start; your score may not be recorded.');
    const decoded = decodeSuspend(cmi.get('cmi.suspend_data'), ids);
    let finished = decoded?.finished ?? false;
    let state = decoded?.state;
    if (!decoded) {
      notice('Your earlier answers could not be read back from the course site, so this activity starts afresh.');
      state = { version: 2, exercises: {} };
    } else if (decoded.dropped) {
      notice(droppedNotice(decoded.dropped).replace('in this browser', 'on the course site'));
    }
    adapter.begin(cmi);
    learnerId = cmi.get(adapter.learnerId);
    const store = new ScormStore(state, (current) => {
      const ok = cmi.set('cmi.suspend_data', encodeSuspend(current, ids, { finished }));
      return cmi.commit() && ok;
    });
    globalThis.AttentionCompanion.useStore(store);
    // One objective per exercise (found again by its id on a later visit), and one
    // interaction per checked part, appended.
    const objectives = new Map();
    for (let n = 0; n < (Number(cmi.get('cmi.objectives._count')) || 0); n += 1) objectives.set(cmi.get(`cmi.objectives.${n}.id`), n);
    let interactions = Number(cmi.get('cmi.interactions._count')) || 0;
    let last = null;
    const report = (event) => {
      const { total, correct } = event.detail;
      if (!total) return;
      last = event.detail;
      adapter.report(cmi, Math.round((100 * correct) / total), progress(event.detail, policy, finished));
      for (const item of event.detail.exercises ?? []) {
        const key = scormId(item.exercise);
        if (!objectives.has(key)) objectives.set(key, objectives.size);
        const score = item.total ? Math.round((100 * item.correct) / item.total) : 0;
        adapter.objective(cmi, objectives.get(key), { exercise: item.exercise, score,
          ...progress({ exercises: [item], total: item.total }, policy, finished) });
      }
      cmi.commit();
    };
    finishing = finishControl(() => {
      finished = true;
      cmi.set('cmi.suspend_data', encodeSuspend(store.snapshot(), ids, { finished }));
      if (last) report({ detail: last });
      else cmi.commit();
    });
    if (finished) finishing.mark();
    main.addEventListener('attention-progress', report);
    main.addEventListener('attention-ready', report);
    main.addEventListener('attention-graded', (event) => {
      if (interactions >= MAX_INTERACTIONS) return;
      adapter.interaction(cmi, interactions, { ...event.detail, at: new Date() });
      interactions += 1;
    });
    const finish = () => {
      if (ended) return;
      ended = true;
      adapter.end(cmi, Math.floor((Date.now() - started) / 1000));
      cmi.commit();
      cmi.finish();
    };
    window.addEventListener('pagehide', finish);
    window.addEventListener('beforeunload', finish);
  } else {
    notice('No course site (SCORM API) was found, so your answers are kept in this browser only and no score is reported.');
  }
  main.append(el('attention-exercise', { exercises: ids.join(' '), ...launchAttributes(params, learnerId, notice) }));
  if (finishing) main.append(finishing.section);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
