// The class report's reckoning (pure, no DOM): the answers placed by class-report.mjs are
// graded again by the companion's core (companion.grade, the same call that graded them
// for the learner, given the learner's own answers to the exercise's other parts as
// `earlier`, so that a part judged against them shows it; the LMS's own Result column is
// never read) and counted three ways: per exercise and part (correct, incorrect, invalid,
// near misses, each named mistake with the explanation the core gave and the share of the
// part's learners who met it, and the wrong answers no named mistake explains, grouped by
// the value the core read); per learner (each part's last answer, its verdict, the checks it
// took, the path of its tries with their mistakes, follow-through, and a score: rule below);
// and the written work beside each item's checklist.
//
// A learner's score: for each exercise the class answered (one with a graded answer in the
// files), the parts whose last answer is correct, at the variant where the learner has most
// correct, over the exercise's parts; the total, all those parts over all the exercises'
// parts. An exercise the learner did not answer counts 0 of its parts.
//
// An answer given against an earlier version of its exercise (its version, in the file, is not
// the exercise's now) keeps the verdict the learner was given, where the file says it (Moodle's
// Result column, a progress file's try): that verdict counts, in the learner's row, their score
// and the gradebook, as it does in the LMS, and the core's verdict against the exercise as it
// is now is shown beside it (`now`). An edited exercise never lowers a grade on its own, here
// either. The tallies per part are the core's, against the exercise as it is now.

import { messageOf } from '../error-message.mjs';
import { REASONS } from './class-report.mjs';
import { compareNames } from './learners.mjs';

const VERDICTS = ['correct', 'incorrect', 'invalid'];

// A grade result is a near miss when the core flags it (an entry one unit off in its last
// digit, and no named mistake).
export const isNearMiss = (result) => result?.nearMiss === true;

// The value the core read in an answer, as one key for equal values: its reading
// (result.readAs) with each decimal written without trailing zeros, so that "0.36", ".360"
// and "36%", which the core reads as 0.36, 0.360 and 0.36, are one value.
export function readValue(result) {
  const reading = String(result?.readAs ?? '').replace(/\s*\(evaluated\)$/, '');
  return reading.replace(/(-?\d+)\.(\d*?)0+\b/g, (_, whole, digits) => (digits ? `${whole}.${digits}` : whole));
}

// The counts of one part.
function newPartTally(entry, part, partIndex) {
  return { exercise: entry.id, title: entry.title ?? entry.id, chapter: entry.chapter ?? 0, exerciseIndex: entry.index,
    part, partIndex, answers: 0, correct: 0, incorrect: 0, invalid: 0, nearMisses: 0, named: 0,
    mistakes: new Map(), unexplained: new Map(), seeds: new Set(), who: new Set() };
}

function countAnswer(tally, answer, result) {
  tally.answers += 1;
  tally[result.verdict] += 1;
  tally.seeds.add(answer.seed);
  tally.who.add(answer.learner);
  if (isNearMiss(result)) tally.nearMisses += 1;
  if (typeof result.misconception === 'string' && result.misconception !== '') {
    tally.named += 1;
    const mistake = tally.mistakes.get(result.misconception)
      ?? { tag: result.misconception, count: 0, explanations: new Map(), who: new Set() };
    mistake.count += 1;
    mistake.who.add(answer.learner);
    const feedback = typeof result.feedback === 'string' ? result.feedback : '';
    mistake.explanations.set(feedback, (mistake.explanations.get(feedback) ?? 0) + 1);
    tally.mistakes.set(result.misconception, mistake);
  } else if (result.verdict === 'incorrect') {
    // A wrong answer no known mistake explains: what the class typed that nobody foresaw.
    const value = readValue(result);
    const group = tally.unexplained.get(value) ?? { value, count: 0, example: answer.text, learners: new Set() };
    group.count += 1;
    group.learners.add(answer.learner);
    tally.unexplained.set(value, group);
  }
}

const byCount = (x, y) => y.count - x.count || String(x.tag ?? x.value ?? x.text).localeCompare(String(y.tag ?? y.value ?? y.text));

// The learner's texts of an exercise's parts at a seed, as `earlier` for the next answer:
// a progress file's final answers all at once, a report's checks as they come.
const contextKey = (answer) => JSON.stringify([answer.learner, answer.exercise, answer.seed]);

// Grades `answers` (class-report.mjs's, in file order) with companion.grade and counts
// them. options: written (class-report.mjs's written work), practice (its named mistakes
// practised: each learner's row of that part says so, `practised`: [tags]), pause (awaited between
// answers, to let the page breathe: dom.mjs's pacer), onProgress(done, total), stopped()
// (true: give up; the call then resolves to null). Identical answers in the same context
// are graded once. Resolves to {parts: [part tallies in chapter order, each mistake with
// `learners` (how many of the part's `learners` met it)], totals, exercises: [{exercise,
// title, parts}] (the class's, in chapter order), learners: [{learner, correct, total, score
// (0-100), exercises: {id: {correct, total, seed}}, rows: [{exercise, title, part, seed, text,
// verdict, now?, checks, attempts, path: [{verdict, now?, mistake, nearMiss, followThrough, at?,
// version?, solutionSeen?}], followThrough, mistake, version, practised?}]}] (verdict: the one that counts;
// now: {verdict, version}, the core's against the exercise now, where another verdict was
// given against an earlier version), written: [{exercise,
// title, item, entries: [{learner, seed? (a variant's), text, ticked, revealed? (reference notes
// opened)}]}], ungraded: [{reason, id, detail}]}.
export async function gradeAnswers(companion, catalogue, answers, { written = [], practice = [], pause = async () => {},
  onProgress = () => {}, stopped = () => false } = {}) {
  const entries = new Map();
  (catalogue ?? []).forEach((entry, index) => entries.set(entry.id, { ...entry, index }));
  const tallies = new Map();
  const ungraded = [];
  const cache = new Map();
  const contexts = new Map();
  for (const answer of answers) {
    if (!answer.final) continue;
    const key = contextKey(answer);
    if (!contexts.has(key)) contexts.set(key, Object.create(null));
    contexts.get(key)[answer.part] = answer.text;
  }
  const learners = new Map(); // learner -> Map(exercise part seed -> row)
  // Each exercise's version now (null where the core gives none).
  const versions = new Map();
  const versionNow = (id) => {
    if (!versions.has(id)) {
      let version = null;
      try {
        const described = companion.exercise(id);
        version = typeof described?.version === 'string' ? described.version : null;
      } catch {
        // (no version to compare with)
      }
      versions.set(id, version);
    }
    return versions.get(id);
  };
  let done = 0;
  for (const answer of answers) {
    if (stopped()) return null;
    const key = contextKey(answer);
    if (!contexts.has(key)) contexts.set(key, Object.create(null));
    const context = contexts.get(key);
    const earlier = Object.create(null);
    for (const [part, text] of Object.entries(context)) if (part !== answer.part) earlier[part] = text;
    const cacheKey = JSON.stringify([answer.exercise, answer.part, answer.seed, answer.text, earlier]);
    let result = cache.get(cacheKey);
    if (result === undefined) {
      try {
        result = companion.grade(answer.exercise, answer.part, answer.text, { seed: answer.seed, earlier });
      } catch (error) {
        result = { error: messageOf(error) };
      }
      cache.set(cacheKey, result);
    }
    context[answer.part] = answer.text;
    const id = `${answer.exercise}.${answer.part}${answer.seed ? ` (variant ${answer.seed})` : ''}`;
    const entry = entries.get(answer.exercise);
    if (result?.error !== undefined || !VERDICTS.includes(result?.verdict) || !entry) {
      ungraded.push({ reason: REASONS.core, id,
        detail: result?.error ?? `the core returned the verdict ${JSON.stringify(result?.verdict ?? null)}` });
    } else {
      const tallyKey = `${answer.exercise}\u0000${answer.part}`;
      if (!tallies.has(tallyKey)) tallies.set(tallyKey, newPartTally(entry, answer.part, (entry.parts ?? []).indexOf(answer.part)));
      countAnswer(tallies.get(tallyKey), answer, result);
      // The learner's row for this part: the last answer, and the graded checks (an answer
      // the core could not read cost no attempt), or the attempts a progress file kept.
      if (!learners.has(answer.learner)) learners.set(answer.learner, new Map());
      const rows = learners.get(answer.learner);
      const rowKey = `${answer.exercise}\u0000${answer.part}\u0000${answer.seed}`;
      const before = rows.get(rowKey);
      // Given against an earlier version, with another verdict than the core's now: the given one counts.
      const current = versionNow(answer.exercise);
      const kept = answer.version && current && answer.version !== current && VERDICTS.includes(answer.given)
        && answer.given !== result.verdict;
      const verdict = kept ? answer.given : result.verdict;
      const now = kept ? { verdict: result.verdict, version: current } : null;
      const checks = (before?.checks ?? 0) + (verdict === 'invalid' ? 0 : 1);
      const step = { verdict, ...(now ? { now } : {}), mistake: kept ? null : result.misconception || null,
        nearMiss: !kept && isNearMiss(result), followThrough: result.followThrough ?? null, ...(answer.at ? { at: answer.at } : {}),
        ...(answer.version ? { version: answer.version } : {}), ...(answer.solutionSeen ? { solutionSeen: true } : {}) };
      rows.set(rowKey, { exercise: answer.exercise, title: entry.title ?? entry.id, part: answer.part, seed: answer.seed,
        text: answer.text, verdict, ...(now ? { now } : {}), checks, attempts: answer.attempts ?? checks,
        path: [...(before?.path ?? []), step], followThrough: result.followThrough ?? null,
        mistake: kept ? null : result.misconception ?? null,
        version: answer.version ?? null, order: [entry.index, (entry.parts ?? []).indexOf(answer.part), answer.seed] });
    }
    done += 1;
    onProgress(done, answers.length);
    await pause();
  }
  const parts = [...tallies.values()]
    .sort((x, y) => x.exerciseIndex - y.exerciseIndex || x.partIndex - y.partIndex)
    .map(({ mistakes, unexplained, seeds, who: partLearners, exerciseIndex: _e, partIndex: _p, ...counts }) => ({
      ...counts,
      learners: partLearners.size,
      seeds: [...seeds].sort((x, y) => x - y),
      mistakes: [...mistakes.values()].map(({ tag, count, explanations, who }) => ({
        tag, count, learners: who.size, explanations: [...explanations].map(([text, n]) => ({ text, count: n })).sort(byCount),
      })).sort(byCount),
      unexplained: [...unexplained.values()].map(({ learners: who, ...group }) => ({ ...group, learners: who.size }))
        .sort(byCount),
    }));
  const totals = { answers: 0, correct: 0, incorrect: 0, invalid: 0, nearMisses: 0, named: 0 };
  for (const part of parts) for (const key of Object.keys(totals)) totals[key] += part[key];
  const exercises = [...new Set(parts.map((p) => p.exercise))].map((id) => {
    const entry = entries.get(id);
    // The version of the exercise the answers are graded against now (an answer given against
    // another one is marked so: an edited exercise never silently re-grades earlier work).
    const version = versionNow(id);
    return { exercise: id, title: entry.title ?? id, parts: (entry.parts ?? []).length, ...(version ? { version } : {}) };
  });
  const inOrder = (x, y) => x.order[0] - y.order[0] || x.order[1] - y.order[1] || x.order[2] - y.order[2];
  const people = [];
  const practised = practisedParts(practice);
  for (const [learner, rows] of learners) {
    for (const row of rows.values()) {
      const tags = practised.get(JSON.stringify([learner, row.exercise, row.part]));
      if (tags) row.practised = [...tags];
    }
    people.push({ learner, ...scoreOf(rows.values(), exercises),
      rows: [...rows.values()].sort(inOrder).map(({ order: _o, ...row }) => row) });
    await pause();
  }
  return {
    parts, totals, ungraded, exercises,
    learners: people.sort((x, y) => compareNames(x.learner, y.learner)),
    written: writtenWork(written, entries),
  };
}

// The named mistakes each learner practised, by [learner, exercise, part] (as JSON) -> Set of tags.
function practisedParts(practice) {
  const out = new Map();
  for (const { learner, exercise, part, tag } of practice) {
    const key = JSON.stringify([learner, exercise, part]);
    if (!out.has(key)) out.set(key, new Set());
    out.get(key).add(tag);
  }
  return out;
}

// A share of 0-100 with at most two decimals ("66.67").
export const percent = (part, whole) => (whole ? Math.round((10_000 * part) / whole) / 100 : 0);

// A learner's score by the rule above, from their rows.
function scoreOf(rows, exercises) {
  const bySeed = new Map(); // exercise -> Map(seed -> parts correct)
  for (const row of rows) {
    if (!bySeed.has(row.exercise)) bySeed.set(row.exercise, new Map());
    const seeds = bySeed.get(row.exercise);
    seeds.set(row.seed, (seeds.get(row.seed) ?? 0) + (row.verdict === 'correct' ? 1 : 0));
  }
  const out = {};
  let correct = 0;
  let total = 0;
  for (const { exercise, parts } of exercises) {
    const [seed, best] = [...(bySeed.get(exercise) ?? new Map())].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0] ?? [null, 0];
    out[exercise] = { correct: best, total: parts, seed };
    correct += best;
    total += parts;
  }
  return { exercises: out, correct, total, score: percent(correct, total) };
}

// The written work, per exercise and item in chapter order: each learner's last text at each
// variant (a text that came in pieces, SCORM 1.2's, joined again: a first piece starts a
// text, a later piece takes its place in it), and whether they opened its reference notes
// there (revealed: any piece of it says so, since opening them is never undone).
function writtenWork(written, entries) {
  const items = new Map();
  for (const note of written) {
    const entry = entries.get(note.exercise);
    if (!entry) continue;
    const key = `${note.exercise}\u0000${note.item}`;
    if (!items.has(key)) {
      items.set(key, { exercise: note.exercise, title: entry.title ?? entry.id, item: note.item, entries: new Map(),
        order: [entry.index, (entry.explain ?? []).indexOf(note.item)] });
    }
    const byLearner = items.get(key).entries;
    const seed = Number.isSafeInteger(note.seed) ? note.seed : 0;
    const at = `${note.learner}\u0000${seed}`;
    const piece = note.piece ?? 1;
    const before = byLearner.get(at);
    const pieces = piece === 1 ? [] : before?.pieces ?? [];
    pieces[piece - 1] = note.text;
    const revealed = note.revealed === true || before?.revealed === true;
    byLearner.set(at, { learner: note.learner, ...(seed ? { seed } : {}), pieces, ticked: note.ticked ?? null,
      ...(revealed ? { revealed: true } : {}) });
  }
  for (const item of items.values()) {
    for (const entry of item.entries.values()) {
      entry.text = entry.pieces.map((text) => text ?? '').join('');
      delete entry.pieces;
      if (entry.text.trim() === '') item.entries.delete(`${entry.learner}\u0000${entry.seed ?? 0}`);
    }
  }
  return [...items.values()].sort((x, y) => x.order[0] - y.order[0] || x.order[1] - y.order[1])
    .map(({ order: _o, entries: byLearner, ...item }) => ({ ...item,
      entries: [...byLearner.values()].sort((x, y) => compareNames(x.learner, y.learner) || (x.seed ?? 0) - (y.seed ?? 0)) }));
}
