// Entry of a SCORM 1.2 package's script (sco.js, built by web/build-bundles.mjs): the
// <attention-exercise> bundle plus the SCO side of the SCORM runtime. It finds the LMS's
// API object, restores the learner's answers from cmi.suspend_data, and after every
// check reports cmi.core.score.raw (0-100: the share of parts answered correctly),
// cmi.core.lesson_status (incomplete; completed once every part has a graded answer;
// passed once every part is correct) and the suspend data (suspend-data.mjs).

import './bundle-entry.mjs';
import { el } from '../ui/dom.mjs';
import { AnswerStore } from '../ui/storage.mjs';
import { encodeSuspend, decodeSuspend } from './suspend-data.mjs';

function findApi() {
  const search = (start) => {
    let win = start;
    for (let depth = 0; win && depth < 10; depth += 1) {
      try {
        if (win.API) return win.API;
      } catch {
        return null; // a cross-origin frame: no API there
      }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  };
  return search(window) ?? (window.opener ? search(window.opener) : null);
}

class ScormStore extends AnswerStore {
  constructor(state, onPersist) {
    super(null, state);
    this.onPersist = onPersist;
  }

  persist() {
    return this.onPersist(this.state);
  }
}

function sessionTime(ms) {
  const total = Math.floor(ms / 1000);
  const pad = (n, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(total / 3600), 4)}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}

function lessonStatus({ exercises, correct, total }) {
  if (total > 0 && correct === total) return 'passed';
  const graded = exercises.flatMap((item) => Object.values(item.parts))
    .filter((part) => part.verdict === 'correct' || part.verdict === 'incorrect').length;
  return total > 0 && graded === total ? 'completed' : 'incomplete';
}

function start() {
  const main = document.getElementById('sco');
  const chapter = document.body.dataset.chapter;
  const ids = String(document.body.dataset.exercises ?? '').split(',').filter(Boolean);
  const api = findApi();
  const notice = (text) => main.before(el('p', { class: 'sco-notice', role: 'status' }, text));
  const started = Date.now();
  let finished = false;

  if (api) {
    if (String(api.LMSInitialize('')) !== 'true') notice('The course site did not accept this activity’s start; your score may not be recorded.');
    let state = decodeSuspend(String(api.LMSGetValue('cmi.suspend_data') ?? ''), ids);
    if (!state) {
      notice('Your earlier answers could not be read back from the course site, so this activity starts afresh.');
      state = { version: 2, exercises: {} };
    }
    if (String(api.LMSGetValue('cmi.core.lesson_status')) === 'not attempted') api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
    const store = new ScormStore(state, (current) => {
      const ok = String(api.LMSSetValue('cmi.suspend_data', encodeSuspend(current, ids))) === 'true';
      return String(api.LMSCommit('')) === 'true' && ok;
    });
    globalThis.AttentionCompanion.useStore(store);
    const report = (event) => {
      const { total, correct } = event.detail;
      if (!total) return;
      api.LMSSetValue('cmi.core.score.min', '0');
      api.LMSSetValue('cmi.core.score.max', '100');
      api.LMSSetValue('cmi.core.score.raw', String(Math.round((100 * correct) / total)));
      api.LMSSetValue('cmi.core.lesson_status', lessonStatus(event.detail));
      api.LMSCommit('');
    };
    main.addEventListener('attention-progress', report);
    main.addEventListener('attention-ready', report);
    const finish = () => {
      if (finished) return;
      finished = true;
      api.LMSSetValue('cmi.core.exit', 'suspend');
      api.LMSSetValue('cmi.core.session_time', sessionTime(Date.now() - started));
      api.LMSCommit('');
      api.LMSFinish('');
    };
    window.addEventListener('pagehide', finish);
    window.addEventListener('beforeunload', finish);
  } else {
    notice('No course site (SCORM API) was found, so your answers are kept in this browser only and no score is reported.');
  }
  main.append(el('attention-exercise', { chapter }));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
