#!/usr/bin/env node
// SCORM packages: a chapter's (tools/build-embed.mjs writes one per chapter and version)
// or one of exercises a teacher chooses, with a title, per-learner variants or one variant
// for the class, and a feedback policy (web/ui/feedback-policy.mjs) given as the launch's
// parameters in the manifest. `node tools/scorm-package.mjs --help` prints every option.
//
// It needs a build (npm test or npm start, or cmake --build build), whose SCO script
// (build/sco/) and exercises (build/site/exercises.json) it packs; it writes
// DIR/<title>-scorm12.zip and/or DIR/<title>-scorm2004.zip (DIR: build/scorm) and prints them.
//
// Every package has the same manifest identifiers (IDENTIFIER): an LMS that replaces an
// activity's package keeps the learners' records of the items whose identifiers it finds
// again (Moodle deletes the tracks of the others), so a package rebuilt under a new title,
// or with its exercises in another order, keeps every learner's work. The SCO keeps its
// copy in the learner's browser under the package's key (packageKey: its exercises as a
// set and its launch parameters, never its title).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { manifest12, manifest2004, readMasteryScore } from './scorm-manifest.mjs';
import { readPolicy, policyQuery, MAX_ATTEMPTS } from '../web/ui/feedback-policy.mjs';
import { MAX_LEARNER_CHARS } from '../web/embed/learner-seed.mjs';
import { readSeed } from '../web/seed.mjs';
import { page } from './html-page.mjs';
import { readExerciseText } from '../web/ui/teacher-exercise.mjs';
import { coreFile, coreFor } from '../web/core-loading.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Every package's files; besides them, the core its exercises need and their files
// (packageFiles), which sco.js fetches from beside itself (web/embed/core-beside.mjs).
export const SCO_FILES = ['index.html', 'sco.js', 'style.css', 'katex.min.js', 'attention-exercise-core.js'];
export const SCORM_VERSIONS = {
  '1.2': { suffix: 'scorm12', manifest: manifest12 },
  2004: { suffix: 'scorm2004', manifest: manifest2004 },
};

// The manifest's identifiers, the same in every package (see above).
export const IDENTIFIER = 'attention-companion';

// A package's identity: {id (its manifest identifiers), file (the zip's name, without the
// version suffix), title, itemTitle}: a chapter's, or a chosen set's named after its title.
export function chapterIdentity(chapter, count) {
  return { id: IDENTIFIER, file: `attention-companion-ch${chapter}`, title: `Attention companion: Chapter ${chapter}`,
    itemTitle: `Chapter ${chapter} exercises (${count})` };
}
export function chosenIdentity(title, count) {
  const slug = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return { id: IDENTIFIER, file: `attention-companion-${slug || 'exercises'}`, title: `Attention companion: ${title}`,
    itemTitle: `${title} (${count} ${count === 1 ? 'exercise' : 'exercises'})` };
}

// The key of the SCO's copy in the browser: the exercises as a set and the launch
// parameters (their order aside), hashed.
export function packageKey(ids, parameters = '') {
  const query = [...new URLSearchParams(parameters.replace(/^\?/, ''))].map(([k, v]) => `${k}=${v}`).sort();
  const hash = createHash('sha256').update(JSON.stringify([[...new Set(ids)].sort(), query])).digest('hex');
  return `${IDENTIFIER}-${hash.slice(0, 16)}`;
}

// The launch's query: per-learner variants (and the salt) or one seed for the class, then
// the feedback policy.
export function launchParameters({ perLearner = false, salt = '', seed = null, policy = null } = {}) {
  const query = new URLSearchParams();
  if (perLearner) {
    query.set('variants', 'learner');
    if (salt) query.set('salt', salt);
  } else if (seed !== null && seed !== 0) {
    query.set('seed', String(seed));
  }
  const rest = [query.toString(), policy ? policyQuery(policy) : ''].filter(Boolean).join('&');
  return rest ? `?${rest}` : '';
}

// A teacher's own exercises travel in a script of their own, read before sco.js
// (web/embed/bundle-entry.mjs, AttentionTeacherExercises).
export const TEACHER_FILE = 'teacher-exercises.js';

// The SCO's page: its exercises, its SCORM version and the package's id (the SCO keeps a
// copy of the learner's work in the browser per package: web/embed/scorm-session.mjs).
const launchPage = ({ title, ids, version, key, teacher }) => page({
  title, body: '<main id="sco"></main>', scripts: [...(teacher ? [TEACHER_FILE] : []), 'sco.js'],
  dataset: { exercises: ids.join(','), scorm: version, package: key } });

// The files of a package of these exercises (scoDir: build-embed.mjs's build/sco): SCO_FILES,
// the core that sco.js starts for them (their chapter's where they are of one, else the
// exercise core, which a teacher's own needs) and the shipped exercises' files.
export function packageFiles(scoDir, ids, teacherDocs = []) {
  const shipped = ids.filter((id) => !teacherDocs.some((doc) => doc.id === id));
  const chapters = ids.map((id) => (shipped.includes(id)
    ? JSON.parse(fs.readFileSync(path.join(scoDir, 'exercises', `${id}.json`), 'utf8')).chapter : null));
  const core = coreFile(coreFor(chapters));
  return [...SCO_FILES, ...(teacherDocs.length ? [TEACHER_FILE] : []), `${core}.js`, `${core}.wasm`,
    ...shipped.map((id) => `exercises/${id}.json`)];
}

// Writes one package's zip. scoDir holds what packages are made of (build-embed.mjs's build/sco).
// teacherDocs: a teacher's own exercises (checked already), packed as TEACHER_FILE.
export function writePackage({ scoDir, zipFile, version, ids, identity, masteryScore = null, parameters = '', teacherDocs = [] }) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-scorm-'));
  const files = packageFiles(scoDir, ids, teacherDocs);
  try {
    fs.mkdirSync(path.join(work, 'exercises'));
    for (const file of files.filter((name) => name !== 'index.html' && name !== TEACHER_FILE)) {
      fs.copyFileSync(path.join(scoDir, file), path.join(work, file));
    }
    if (teacherDocs.length) {
      fs.writeFileSync(path.join(work, TEACHER_FILE), '// A teacher\'s own exercises (tools/scorm-package.mjs --exercise-file).\n'
        + `globalThis.AttentionTeacherExercises = ${JSON.stringify(teacherDocs).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)};\n`);
    }
    fs.writeFileSync(path.join(work, 'imsmanifest.xml'),
      SCORM_VERSIONS[version].manifest({ ...identity, files, masteryScore, parameters }));
    fs.writeFileSync(path.join(work, 'index.html'), launchPage({ title: identity.title, ids, version,
      key: packageKey(ids, parameters), teacher: teacherDocs.length > 0 }));
    fs.rmSync(zipFile, { force: true });
    execFileSync('zip', ['-q', '-X', '-r', zipFile, 'imsmanifest.xml', ...files], { cwd: work });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return zipFile;
}

export const USAGE = `usage: node tools/scorm-package.mjs (--exercises ID[,ID…] | --chapter N | --exercise-file FILE…) --title TEXT [options]

Writes a SCORM package of the exercises (or of a chapter) and prints the zips it wrote.
  --exercises ID[,ID…]   the exercises, in this order (node tools/cli.mjs list prints the ids)
  --chapter N            every exercise of chapter N (14 or 19), in the chapter's order
  --exercise-file FILE   your own exercise (docs/authoring.md), after those above; give it again
                         for more. Each is checked over 1,000 seeds first (node tools/cli.mjs check
                         FILE), and the package is refused when a check fails
  --title TEXT           the activity's title, as the LMS shows it (also the zip's name); a
                         package rebuilt under another title keeps the learners' work
  --version V            1.2, 2004 or both (default: both)
  --per-learner          each learner their own numbers, from the LMS's learner id
  --salt TEXT            with --per-learner: a new salt deals new numbers (at most ${MAX_LEARNER_CHARS} characters)
  --seed N               one variant for the whole class (0 to 4294967295; 0, the default, is the
                         chapter's own numbers); not with --per-learner
  --mastery 0-100        the score a learner passes at (without it: completed or incomplete only)
  --attempts 1-${MAX_ATTEMPTS}          graded checks per part (without it: any number)
  --values shown|hidden  hidden: no expected value is shown (nor the working, figures, reference notes)
  --working shown|hidden hidden: the working opens once every part is correct or out of attempts
  --follow-through counts|noted
                         noted: a part that follows from the learner's own wrong earlier answer is
                         marked not correct (and told so); counts (the default) marks it correct
  --solutions 1-${MAX_ATTEMPTS}|hidden
                         a part offers its worked solution after this many checks that were not
                         correct (default 3); hidden: never
  --out DIR              where the zips go (default: build/scorm)
  --build DIR            the build to pack (default: build)
  --help                 this text`;

// A teacher's exercise files -> their documents, each read, with an id of its own (not the
// companion's nor another file's), and passing the check over 1,000 seeds (tools/cli.mjs
// check, on the whole core); else throws the check's words.
export function teacherExercises(files, known = new Set()) {
  const seen = new Set();
  return files.map((file) => {
    let text;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`the exercise file ${file} could not be read (${error.code ?? error.message})`, { cause: error });
    }
    const read = readExerciseText(text, `The exercise file ${file}`);
    if (read.error) throw new Error(read.error);
    const { id } = read.doc;
    if (known.has(id)) throw new Error(`the exercise file ${file} has the id "${id}", which is the companion's own exercise's: give it another`);
    if (seen.has(id)) throw new Error(`two exercise files have the id "${id}": give each its own`);
    seen.add(id);
    const run = spawnSync(process.execPath, [path.join(repoRoot, 'tools', 'cli.mjs'), 'check', file, '--seeds', '1000'],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    if (run.status !== 0) {
      const said = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
      throw new Error(`the exercise file ${file} does not pass the check over 1,000 seeds, so it is not packaged:\n${said}`);
    }
    return read.doc;
  });
}

// The policy's faults in the command line's words (--follow-through for followThrough=).
const asOption = (fault) => fault.replace(/^followThrough=/, '--follow-through ').replace(/^(attempts|values|working|solutions)=/, '--$1 ');

// The command line -> the zips written ([] for --help, after printing it), or throws an
// Error whose message says what is wrong.
export function main(argv, { print = (text) => process.stdout.write(`${text}\n`) } = {}) {
  const { values: args } = parseArgs({ args: argv, strict: true, options: {
    exercises: { type: 'string' }, chapter: { type: 'string' }, title: { type: 'string' },
    'exercise-file': { type: 'string', multiple: true, default: [] },
    version: { type: 'string', default: 'both' },
    'per-learner': { type: 'boolean', default: false }, salt: { type: 'string', default: '' }, seed: { type: 'string' },
    mastery: { type: 'string' }, attempts: { type: 'string' }, values: { type: 'string' }, working: { type: 'string' },
    'follow-through': { type: 'string' }, solutions: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false },
    out: { type: 'string' }, build: { type: 'string', default: path.join(repoRoot, 'build') },
  } });
  if (args.help) {
    print(USAGE);
    return [];
  }
  const files = args['exercise-file'];
  if ((args.exercises && args.chapter) || (!args.exercises && !args.chapter && files.length === 0) || !args.title?.trim()) {
    throw new Error(`--title and one of --exercises or --chapter are needed (or --exercise-file)\n${USAGE}`);
  }
  const versions = args.version === 'both' ? ['1.2', '2004'] : [args.version];
  if (!versions.every((version) => version in SCORM_VERSIONS)) throw new Error(`--version must be 1.2, 2004 or both\n${USAGE}`);
  if (args.salt.length > MAX_LEARNER_CHARS) throw new Error(`--salt is longer than ${MAX_LEARNER_CHARS} characters`);
  if (args.salt && !args['per-learner']) throw new Error('--salt only means something with --per-learner');
  let seed = null;
  if (args.seed !== undefined) {
    if (args['per-learner']) throw new Error('--seed gives the whole class one variant, --per-learner each learner their own: give one');
    const read = readSeed(args.seed, '--seed');
    if (!read.ok) throw new Error(read.message);
    seed = read.seed;
  }
  const { policy, faults } = readPolicy((name) => (name === 'followThrough' ? args['follow-through'] : args[name]) ?? null);
  if (faults.length) throw new Error(faults.map(asOption).join(' '));
  const buildDir = path.resolve(args.build);
  const scoDir = path.join(buildDir, 'sco');
  const catalogue = path.join(buildDir, 'site', 'exercises.json');
  if (!fs.existsSync(path.join(scoDir, 'sco.js')) || !fs.existsSync(catalogue)) {
    throw new Error(`no build in ${buildDir} (run npm test or cmake --build build first)`);
  }
  const docs = JSON.parse(fs.readFileSync(catalogue, 'utf8'));
  const known = new Set(docs.map((doc) => doc.id));
  if (args.chapter && !docs.some((doc) => String(doc.chapter) === args.chapter)) {
    throw new Error(`no chapter ${JSON.stringify(args.chapter)}; the chapters are ${[...new Set(docs.map((doc) => doc.chapter))].join(', ')}`);
  }
  const ids = args.chapter ? docs.filter((doc) => String(doc.chapter) === args.chapter).map((doc) => doc.id)
    : [...new Set((args.exercises ?? '').split(/[\s,]+/).filter(Boolean))];
  const unknown = ids.filter((id) => !known.has(id));
  if ((ids.length === 0 && files.length === 0) || unknown.length) {
    throw new Error(`${unknown.length ? `no exercise ${unknown.join(', ')}` : 'no exercises given'}; ` +
      'node tools/cli.mjs list prints the ids');
  }
  const teacherDocs = teacherExercises(files, known);
  ids.push(...teacherDocs.map((doc) => doc.id));
  const identity = chosenIdentity(args.title.trim(), ids.length);
  const outDir = path.resolve(args.out ?? path.join(buildDir, 'scorm'));
  fs.mkdirSync(outDir, { recursive: true });
  const parameters = launchParameters({ perLearner: args['per-learner'], salt: args.salt, seed, policy });
  return versions.map((version) => writePackage({
    scoDir, version, ids, identity, parameters, masteryScore: readMasteryScore(args.mastery), teacherDocs,
    zipFile: path.join(outDir, `${identity.file}-${SCORM_VERSIONS[version].suffix}.zip`),
  }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    for (const zip of main(process.argv.slice(2))) process.stdout.write(`${path.relative(process.cwd(), zip)}\n`);
  } catch (error) {
    process.stderr.write(`scorm-package.mjs: ${error.message}\n`);
    process.exit(2);
  }
}
