// The SCO's two SCORM APIs behind one interface: SCORM 1.2's window.API (LMSInitialize,
// cmi.core.score.raw, cmi.core.lesson_status) and SCORM 2004's window.API_1484_11
// (Initialize, cmi.score.raw/scaled, cmi.completion_status, cmi.success_status). Both keep
// cmi.suspend_data in the same compact format (suspend-data.mjs, within 1.2's 4096
// characters though 2004 allows 64000). No DOM here, so Node tests drive it directly.

// What differs between the two APIs: the names of the calls and of the data model
// elements, and the format of the session time. `report` gets the score (0-100) and the
// progress ({settled, total, finished}: parts correct or out of attempts, parts, and whether
// the learner said they have finished).
const pad = (n, width = 2) => String(n).padStart(width, '0');

// The rules, the same in both versions (README, "A SCORM package"): the activity is
// completed once every part is settled (correct, or out of attempts under an attempt
// limit) or the learner says they have finished, and incomplete before. Passed and failed
// exist only where the course set a mastery score (from the manifest; the LMS hands it to
// the SCO): passed once the score reaches it, failed when the activity is completed below
// it. Without a mastery score the status says nothing of success, so that no learner is
// recorded as failed for not having finished.
export function statusOf(score, { settled, total, finished = false }, mastery) {
  const completed = finished || settled === total;
  const success = mastery === null ? 'unknown' : score >= mastery ? 'passed' : completed ? 'failed' : 'unknown';
  return { completion: completed ? 'completed' : 'incomplete', success };
}

// A mastery score (0-100) from the LMS's text, or null where there is none.
function masteryFrom(text, scale) {
  if (String(text).trim() === '') return null;
  const value = Number(text) * scale;
  return Number.isFinite(value) ? value : null;
}
// Interactions a package writes at most (SCORM 2004's smallest permitted maximum; 1.2
// names none, and the same bound is kept there).
export const MAX_INTERACTIONS = 250;

// An interaction's or objective's id: the exercise (and part) ids, with anything outside
// the identifier characters both versions accept replaced.
export const scormId = (...names) => names.join('.').replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 255);

// A checked part's interaction id: exercise.part, and .v<seed> after it for a variant
// other than the chapter's numbers (seed 0), so that a class report can grade the stored
// answer again against the numbers the learner saw (web/report/interactions.mjs reads it).
export const interactionId = (exercise, part, seed = 0) => (seed ? scormId(exercise, part, `v${seed}`)
  : scormId(exercise, part));

// The first `n` UTF-16 code units of a text (the limits of SCORM's string types), never
// ending on half of a character written as a surrogate pair.
export function cutText(text, n) {
  const cut = String(text).slice(0, n);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

const clock = (date) => `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
const timespan12 = (ms) => {
  const seconds = Math.max(0, Math.round(ms / 10) / 100);
  return `${pad(Math.floor(seconds / 3600), 4)}:${pad(Math.floor(seconds / 60) % 60)}:${pad((seconds % 60).toFixed(2), 5)}`;
};

export const ADAPTERS = {
  '1.2': {
    key: 'API',
    learnerId: 'cmi.core.student_id',
    calls: { initialize: 'LMSInitialize', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit', finish: 'LMSFinish' },
    begin(cmi) {
      if (cmi.get('cmi.core.lesson_status') === 'not attempted') cmi.set('cmi.core.lesson_status', 'incomplete');
    },
    report(cmi, score, progress) {
      cmi.set('cmi.core.score.min', '0');
      cmi.set('cmi.core.score.max', '100');
      cmi.set('cmi.core.score.raw', String(score));
      const { completion, success } = statusOf(score, progress, masteryFrom(cmi.get('cmi.student_data.mastery_score'), 1));
      cmi.set('cmi.core.lesson_status', success === 'unknown' ? completion : success);
    },
    // One checked part: the learner's text (cut to 1.2's 255 characters), the result
    // (wrong for incorrect, neutral for an answer the core could not read) and the time the
    // answer took; linked to its exercise's objective and, where the core named the
    // mistake, to an objective named after it (1.2 has no description).
    interaction(cmi, n, { exercise, part, seed, text, verdict, mistake, latencyMs, at }) {
      const base = `cmi.interactions.${n}`;
      cmi.set(`${base}.id`, interactionId(exercise, part, seed));
      cmi.set(`${base}.objectives.0.id`, scormId(exercise));
      if (mistake) cmi.set(`${base}.objectives.1.id`, scormId('mistake', mistake));
      cmi.set(`${base}.time`, clock(at));
      cmi.set(`${base}.type`, 'fill-in');
      cmi.set(`${base}.student_response`, cutText(text, 255));
      cmi.set(`${base}.result`, { correct: 'correct', incorrect: 'wrong' }[verdict] ?? 'neutral');
      cmi.set(`${base}.latency`, timespan12(latencyMs));
    },
    // One exercise: its share of parts correct, and incomplete or completed by the rule above.
    objective(cmi, n, { exercise, score, ...progress }) {
      cmi.set(`cmi.objectives.${n}.id`, scormId(exercise));
      cmi.set(`cmi.objectives.${n}.score.min`, '0');
      cmi.set(`cmi.objectives.${n}.score.max`, '100');
      cmi.set(`cmi.objectives.${n}.score.raw`, String(score));
      cmi.set(`cmi.objectives.${n}.status`, statusOf(score, progress, null).completion);
    },
    end(cmi, seconds) {
      cmi.set('cmi.core.exit', 'suspend');
      cmi.set('cmi.core.session_time', `${pad(Math.floor(seconds / 3600), 4)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`);
    },
  },
  2004: {
    key: 'API_1484_11',
    learnerId: 'cmi.learner_id',
    calls: { initialize: 'Initialize', get: 'GetValue', set: 'SetValue', commit: 'Commit', finish: 'Terminate' },
    begin(cmi) {
      if (['unknown', 'not attempted', ''].includes(cmi.get('cmi.completion_status'))) cmi.set('cmi.completion_status', 'incomplete');
    },
    report(cmi, score, progress) {
      cmi.set('cmi.score.min', '0');
      cmi.set('cmi.score.max', '100');
      cmi.set('cmi.score.raw', String(score));
      cmi.set('cmi.score.scaled', String(score / 100));
      const { completion, success } = statusOf(score, progress, masteryFrom(cmi.get('cmi.scaled_passing_score'), 100));
      cmi.set('cmi.completion_status', completion);
      cmi.set('cmi.success_status', success);
    },
    // One checked part, as in 1.2, with the whole text (a long fill-in, up to 4,000
    // characters) and the named mistake's explanation as the description.
    interaction(cmi, n, { exercise, part, seed, text, verdict, mistake, feedback, latencyMs, at }) {
      const base = `cmi.interactions.${n}`;
      cmi.set(`${base}.id`, interactionId(exercise, part, seed));
      cmi.set(`${base}.type`, 'long-fill-in');
      cmi.set(`${base}.objectives.0.id`, scormId(exercise));
      cmi.set(`${base}.timestamp`, at.toISOString().slice(0, 19));
      cmi.set(`${base}.learner_response`, cutText(text, 4000));
      cmi.set(`${base}.result`, { correct: 'correct', incorrect: 'incorrect' }[verdict] ?? 'neutral');
      cmi.set(`${base}.latency`, `PT${(Math.max(0, latencyMs) / 1000).toFixed(2)}S`);
      if (mistake) cmi.set(`${base}.description`, cutText(`${mistake}: ${feedback}`, 250));
    },
    objective(cmi, n, { exercise, score, ...progress }) {
      cmi.set(`cmi.objectives.${n}.id`, scormId(exercise));
      cmi.set(`cmi.objectives.${n}.score.min`, '0');
      cmi.set(`cmi.objectives.${n}.score.max`, '100');
      cmi.set(`cmi.objectives.${n}.score.raw`, String(score));
      cmi.set(`cmi.objectives.${n}.score.scaled`, String(score / 100));
      cmi.set(`cmi.objectives.${n}.completion_status`, statusOf(score, progress, null).completion);
    },
    end(cmi, seconds) {
      cmi.set('cmi.exit', 'suspend');
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

// The adapter's calls bound to the API object, with the string answers both APIs give.
export function bind(api, { calls }) {
  return {
    initialize: () => String(api[calls.initialize]('')) === 'true',
    get: (element) => String(api[calls.get](element) ?? ''),
    set: (element, value) => String(api[calls.set](element, value)) === 'true',
    commit: () => String(api[calls.commit]('')) === 'true',
    finish: () => String(api[calls.finish]('')) === 'true',
  };
}
