// Who is who across the class report's files (pure, no DOM): each file's learners
// (class-report.mjs's `people`) joined by their key (a progress file's learner id, or Moodle's
// Name with its identity columns), the name each is shown by (a name two learners share gets
// the start of each one's id, or its file, after it), and what the teacher is warned of: files
// of the same name, learners of the same name, one learner in several files (their answers
// are put together, each try once: dedupeTries), files that name nobody.

import { plural } from '../ui/format.mjs';

// Names in order, as a reader expects them (one collator: 10,000 names sort in milliseconds).
export const compareNames = new Intl.Collator('en').compare;

const quoted = (text) => `“${text}”`;
const list = (items) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items[0] ?? '');

// files: [{source (the file's name), kind, people}] -> {learners: Map(key -> {key, name, label,
// id, identity, sources: [file names]}), warnings: [sentences]}
export function joinLearners(files) {
  const learners = new Map();
  const warnings = [];
  const bySource = new Map();
  files.forEach(({ source, kind, people }) => {
    if (kind === 'progress') bySource.set(source, (bySource.get(source) ?? 0) + 1);
    for (const person of people) {
      const known = learners.get(person.key);
      if (known) {
        known.sources.push(source);
        continue;
      }
      learners.set(person.key, { key: person.key, name: person.name, label: person.label ?? person.name, id: person.id ?? null,
        identity: person.identity ?? [], named: person.named !== false, sources: [source], fileIndex: person.fileIndex ?? null });
    }
  });
  for (const [source, count] of bySource) {
    if (count > 1) {
      warnings.push(`${count} files are named ${quoted(source)}. Each is read as the learner it names (by the id inside it), ` +
        'so they are not mixed up; rename them if you keep them.');
    }
  }
  // Names two or more learners share: each is shown with the start of its id (or its file).
  const byName = new Map();
  for (const learner of learners.values()) byName.set(learner.label, [...(byName.get(learner.label) ?? []), learner]);
  for (const [name, same] of byName) {
    if (same.length < 2) continue;
    for (const learner of same) {
      learner.label = `${name} (${learner.id ? `id ${learner.id.slice(0, 8)}`
        : learner.fileIndex !== null ? `file ${learner.fileIndex + 1} given` : learner.key})`;
    }
    warnings.push(`${same.length} different learners give the name ${quoted(name)}: they are shown apart, as ` +
      `${list(same.map((learner) => quoted(learner.label)))}. Ask them to check the name on their progress page.`);
  }
  for (const learner of learners.values()) {
    if (learner.sources.length > 1) {
      warnings.push(`${quoted(learner.label)} appears in ${plural(learner.sources.length, 'file')} ` +
        `(${list(learner.sources.map(quoted))}): their answers are put together${learner.id ? ', each try once' : ''}.`);
    }
  }
  const nameless = [...learners.values()].filter((learner) => !learner.named);
  if (nameless.length) {
    warnings.push(`${plural(nameless.length, 'progress file')} ${nameless.length === 1 ? 'names' : 'name'} no learner ` +
      `(${list(nameless.map((learner) => quoted(learner.sources[0])))}): each is shown by its file's name. ` +
      'Learners add their name on the progress page before they export.');
  }
  return { learners, warnings };
}

// The answers of all files in order, with a try that two files of one learner both hold
// (same part, seed, time and text) kept once.
export function dedupeTries(answers) {
  const seen = new Set();
  return answers.filter((answer) => {
    if (!answer.at) return true;
    const key = JSON.stringify([answer.learner, answer.exercise, answer.part, answer.seed, answer.at, answer.text]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
