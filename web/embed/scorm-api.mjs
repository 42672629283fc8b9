// The SCO's two SCORM APIs behind one interface: SCORM 1.2's window.API (LMSInitialize,
// cmi.core.score.raw, cmi.core.lesson_status) and SCORM 2004's window.API_1484_11
// (Initialize, cmi.score.raw/scaled, cmi.completion_status, cmi.success_status). No DOM
// here, so Node tests drive it directly. scorm-session.mjs decides what to write and when.

import { REVEALED_WORDS, cutText, interactionId, lmsResponse, practiceId, practisedText, scormId,
  writtenId } from './scorm-values.mjs';
import { MAX_TEXT } from '../ui/text-limits.mjs';

// A SCORM 1.2 response keeps 255 characters (CMIString256); a 2004 long fill-in, MAX_TEXT.
export const RESPONSE_12 = 255;

const pad = (n, width = 2) => String(n).padStart(width, '0');

// The rules, the same in both versions (docs/teachers.md, "A SCORM package"). progress:
// {settled (graded parts correct or out of attempts, and written items written), total,
// finished (the activity was completed before: the learner said so, or it was)}.
// The activity is completed once everything is settled or it was finished, incomplete
// before. Success exists only where the course set a mastery score (0-100, from the
// manifest, which the LMS hands to the SCO): passed once the score reaches it, failed when
// the activity is completed below it, unknown before, so that no learner who has not
// finished is recorded as failed. score: 0-100, or null when nothing is graded.
export function statusOf(score, { settled, total, finished = false }, mastery) {
  const completed = finished || settled === total;
  let success = 'unknown';
  if (mastery !== null && score !== null) success = score >= mastery ? 'passed' : completed ? 'failed' : 'unknown';
  return { completion: completed ? 'completed' : 'incomplete', success };
}

// Whether the score is written to the LMS: always without a mastery score; with one, only
// once the activity is completed (or passed). An LMS that recomputes the status from the
// score when the SCO finishes (Moodle's "mastery score overrides status", on by default,
// for SCORM 1.2; the SCORM 2004 rule for cmi.scaled_passing_score) would otherwise record
// an unfinished learner under the mastery score as failed.
export const reportsScore = (score, status, mastery) => score !== null
  && (mastery === null || status.completion === 'completed' || status.success === 'passed');

// A mastery score (0-100) from the LMS's text, or null where there is none.
export function masteryFrom(text, scale) {
  if (String(text).trim() === '') return null;
  const value = Number(text) * scale;
  return Number.isFinite(value) ? value : null;
}

// Interactions a SCORM 1.2 package appends at most (one per check; 2004's smallest
// permitted maximum, kept in 1.2 too).
export const MAX_INTERACTIONS = 250;

const clock = (date) => `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
const timespan12 = (ms) => {
  const seconds = Math.max(0, Math.round(ms / 10) / 100);
  return `${pad(Math.floor(seconds / 3600), 4)}:${pad(Math.floor(seconds / 60) % 60)}:${pad((seconds % 60).toFixed(2), 5)}`;
};

// An interaction's id and verdict: a checked part's (with its version and whether a
// solution had been seen, where known), or a written item's or one of its pieces' (ungraded:
// result neutral; with whether its reference notes were opened; with its variant under
// SCORM 2004, `variant`: scorm-values.mjs's writtenId), or a part's practice (result correct:
// its named mistake practised).
const checkedOrWritten = (record, { marks = true, variant = false } = {}) => (record.practice !== undefined
  ? { id: practiceId(record.exercise, record.part, record.practice), verdict: 'correct' } : record.item !== undefined
  ? { id: writtenId(record.exercise, record.item, record.piece ?? 1, { revealed: marks && record.revealed === true,
    seed: variant ? record.seed : 0 }), verdict: null }
  : { id: interactionId(record.exercise, record.part, record.seed, marks
    ? { version: record.version, solutionSeen: record.solutionSeen } : {}), verdict: record.verdict });

export const ADAPTERS = {
  '1.2': {
    version: '1.2',
    key: 'API',
    learnerId: 'cmi.core.student_id',
    learnerName: 'cmi.core.student_name',
    mastery: (cmi) => masteryFrom(cmi.get('cmi.student_data.mastery_score'), 1),
    calls: { initialize: 'LMSInitialize', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit', finish: 'LMSFinish',
      lastError: 'LMSGetLastError', errorString: 'LMSGetErrorString' },
    // The status starts incomplete, and cmi.core.exit is suspend from the first save on, so
    // that an LMS which keeps the data only of a suspended session keeps it however the
    // session ends (a closed tab, a crash).
    begin(cmi) {
      if (['not attempted', ''].includes(cmi.get('cmi.core.lesson_status'))) cmi.set('cmi.core.lesson_status', 'incomplete');
      cmi.set('cmi.core.exit', 'suspend');
    },
    report(cmi, score, status, mastery) {
      if (reportsScore(score, status, mastery)) {
        cmi.set('cmi.core.score.min', '0');
        cmi.set('cmi.core.score.max', '100');
        cmi.set('cmi.core.score.raw', String(score));
      }
      cmi.set('cmi.core.lesson_status', status.success === 'unknown' ? status.completion : status.success);
    },
    // One check of a part, or one piece of a written item (record.piece, its text
    // record.pieceText: scorm-values.mjs's responsePieces): its text as a fill-in response
    // (1.2 keeps 255 characters), the result (wrong for incorrect, neutral for an answer the
    // core could not read and for written work), when, and the time the answer took; linked
    // to its exercise's objective.
    interaction(cmi, n, record) {
      const base = `cmi.interactions.${n}`;
      const { id, verdict } = checkedOrWritten(record);
      cmi.set(`${base}.id`, id);
      cmi.set(`${base}.objectives.0.id`, scormId(record.exercise));
      cmi.set(`${base}.time`, clock(record.at));
      cmi.set(`${base}.type`, 'fill-in');
      cmi.set(`${base}.student_response`, record.pieceText ?? lmsResponse(record.text, RESPONSE_12));
      cmi.set(`${base}.result`, { correct: 'correct', incorrect: 'wrong' }[verdict] ?? 'neutral');
      if (record.latencyMs !== undefined) cmi.set(`${base}.latency`, timespan12(record.latencyMs));
    },
    // One exercise: its share of parts correct (none where nothing in it is graded), and
    // incomplete or completed by the rule above.
    objective(cmi, n, { exercise, score, completion }) {
      cmi.set(`cmi.objectives.${n}.id`, scormId(exercise));
      if (score !== null) {
        cmi.set(`cmi.objectives.${n}.score.min`, '0');
        cmi.set(`cmi.objectives.${n}.score.max`, '100');
        cmi.set(`cmi.objectives.${n}.score.raw`, String(score));
      }
      cmi.set(`cmi.objectives.${n}.status`, completion);
    },
    end(cmi, seconds) {
      cmi.set('cmi.core.session_time', `${pad(Math.floor(seconds / 3600), 4)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`);
    },
  },
  2004: {
    version: '2004',
    key: 'API_1484_11',
    learnerId: 'cmi.learner_id',
    learnerName: 'cmi.learner_name',
    mastery: (cmi) => masteryFrom(cmi.get('cmi.scaled_passing_score'), 100),
    calls: { initialize: 'Initialize', get: 'GetValue', set: 'SetValue', commit: 'Commit', finish: 'Terminate',
      lastError: 'GetLastError', errorString: 'GetErrorString' },
    begin(cmi) {
      if (['unknown', 'not attempted', ''].includes(cmi.get('cmi.completion_status'))) cmi.set('cmi.completion_status', 'incomplete');
      cmi.set('cmi.exit', 'suspend');
    },
    report(cmi, score, status, mastery) {
      if (reportsScore(score, status, mastery)) {
        cmi.set('cmi.score.min', '0');
        cmi.set('cmi.score.max', '100');
        cmi.set('cmi.score.raw', String(score));
        cmi.set('cmi.score.scaled', String(score / 100));
      }
      cmi.set('cmi.completion_status', status.completion);
      cmi.set('cmi.success_status', status.success);
    },
    // One part or written item, kept up to date in place (one interaction each, so that the
    // LMS's saves stay small: Moodle re-sends every interaction at every save): its text as
    // a long fill-in (up to `responseChars` characters, 4,000 at most), the result, when,
    // the time it took, and the named mistake's tag as the description.
    interaction(cmi, n, record, { responseChars = MAX_TEXT } = {}) {
      const base = `cmi.interactions.${n}`;
      const { id, verdict } = checkedOrWritten(record, { marks: false, variant: true });
      cmi.set(`${base}.id`, id);
      cmi.set(`${base}.type`, 'long-fill-in');
      cmi.set(`${base}.timestamp`, record.at.toISOString().slice(0, 19));
      cmi.set(`${base}.learner_response`, lmsResponse(record.text, Math.min(MAX_TEXT, responseChars)));
      cmi.set(`${base}.result`, { correct: 'correct', incorrect: 'incorrect' }[verdict] ?? 'neutral');
      if (record.latencyMs !== undefined) cmi.set(`${base}.latency`, `PT${(Math.max(0, record.latencyMs) / 1000).toFixed(2)}S`);
      // The named mistake, the exercise's version and a solution seen (or, for written work,
      // its reference notes opened), where there are any (a later answer without them clears
      // the earlier one's).
      const notes = [record.practice !== undefined ? practisedText(record.practice) : '',
        record.mistake ? `mistake: ${record.mistake}` : '',
        typeof record.version === 'string' && record.version ? `version: ${record.version}` : '',
        record.solutionSeen ? 'solution seen' : '', record.item !== undefined && record.revealed === true
          ? REVEALED_WORDS : ''].filter(Boolean).join('; ');
      if (notes || cmi.written().has(`${base}.description`)) cmi.set(`${base}.description`, cutText(notes, 250));
    },
    objective(cmi, n, { exercise, score, completion }) {
      cmi.set(`cmi.objectives.${n}.id`, scormId(exercise));
      if (score !== null) cmi.set(`cmi.objectives.${n}.score.scaled`, String(score / 100));
      cmi.set(`cmi.objectives.${n}.completion_status`, completion);
    },
    end(cmi, seconds) {
      cmi.set('cmi.session_time', `PT${Math.floor(seconds / 3600)}H${Math.floor(seconds / 60) % 60}M${seconds % 60}S`);
    },
  },
};

// The LMS's API object, searched for as both standards describe: this window and its
// parents, then the opener's (and the top window's opener's) chain of parents. The
// package's own version is looked for first everywhere, then the other one.
export function findApi(preferred, window = globalThis.window) {
  const search = (key, start) => {
    let win = start;
    for (let depth = 0; win && depth < 500; depth += 1) {
      try {
        if (win[key]) return win[key];
      } catch {
        // a cross-origin frame: no API there, but its parent may still hold one
      }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  };
  const opener = (win) => {
    try {
      return win.opener ?? null;
    } catch {
      return null;
    }
  };
  const starts = [window, opener(window), opener(window.top)].filter(Boolean);
  const versions = preferred === '1.2' ? ['1.2', '2004'] : ['2004', '1.2'];
  for (const version of versions) {
    for (const start of starts) {
      const api = search(ADAPTERS[version].key, start);
      if (api) return { api, adapter: ADAPTERS[version] };
    }
  }
  return null;
}

// The adapter's calls bound to the API object. After every call the LMS's last error is
// read (GetLastError): a refused call is handed to onError({call, element, value, code,
// text}) and answers false. set() writes only what changed since the value it last wrote
// or read (`written`: element -> value), so that each save carries only what changed.
// A get of an element that has no value yet (2004's 403) is not a refusal.
export function bind(api, { calls }, { onError = () => {} } = {}) {
  const written = new Map();
  const call = (name, ...args) => {
    let answer;
    try {
      answer = api[calls[name]](...args);
    } catch (error) {
      return { answer: 'false', code: '101', text: String(error?.message ?? error) };
    }
    let code;
    try {
      code = String(api[calls.lastError]() ?? '0');
    } catch {
      code = '0'; // an API without GetLastError: its answer alone says
    }
    const text = code === '0' ? '' : String(api[calls.errorString]?.(code) ?? '');
    return { answer, code, text };
  };
  const checked = (name, element, value) => {
    const { answer, code, text } = call(name, ...(element === undefined ? [''] : value === undefined ? [element] : [element, value]));
    const ok = String(answer) === 'true' && code === '0';
    if (!ok) onError({ call: calls[name], element, value, code, text });
    return ok;
  };
  return {
    initialize: () => checked('initialize'),
    get(element) {
      const { answer, code, text } = call('get', element);
      if (code !== '0' && code !== '403') onError({ call: calls.get, element, code, text });
      const value = code === '0' ? String(answer ?? '') : '';
      if (code === '0') written.set(element, value);
      return value;
    },
    set(element, value) {
      if (written.get(element) === value) return true;
      const ok = checked('set', element, value);
      if (ok) written.set(element, value);
      return ok;
    },
    written: () => written,
    commit: () => checked('commit'),
    finish: () => checked('finish'),
  };
}
