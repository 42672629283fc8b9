#!/usr/bin/env node
// SCORM packages: a chapter's (tools/build-embed.mjs writes one per chapter and version)
// or one of exercises a teacher chooses, with a title, per-learner variants and a feedback
// policy (web/ui/feedback-policy.mjs) given as the launch's parameters in the manifest.
//
//   node tools/scorm-package.mjs --exercises ch14.ex1,ch19.ex3 | --chapter 19  --title "Week 3: attention"
//        [--version 1.2|2004|both] [--per-learner] [--salt TEXT] [--mastery 0-100]
//        [--attempts 1-20] [--values shown|hidden] [--working shown|hidden]
//        [--out DIR] [--build DIR]
//
// It needs a build (npm test or npm start, or cmake --build build), whose SCO script
// (build/sco/) and exercises (build/site/exercises.json) it packs; it writes
// DIR/<id>-scorm12.zip and/or DIR/<id>-scorm2004.zip (DIR: build/scorm) and prints them.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { manifest12, manifest2004, readMasteryScore } from './scorm-manifest.mjs';
import { readPolicy, policyQuery } from '../web/ui/feedback-policy.mjs';
import { MAX_LEARNER_CHARS } from '../web/embed/learner-seed.mjs';
import { page } from './html-page.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCO_FILES = ['index.html', 'sco.js', 'style.css'];
export const SCORM_VERSIONS = {
  '1.2': { suffix: 'scorm12', manifest: manifest12 },
  2004: { suffix: 'scorm2004', manifest: manifest2004 },
};

// A package's identity: a chapter's, or a chosen set's from its title.
export function chapterIdentity(chapter, count) {
  return { id: `attention-companion-ch${chapter}`, title: `Attention companion: Chapter ${chapter}`,
    itemTitle: `Chapter ${chapter} exercises (${count})` };
}
export function chosenIdentity(title, count) {
  const slug = title.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return { id: `attention-companion-${slug || 'exercises'}`, title: `Attention companion: ${title}`,
    itemTitle: `${title} (${count} ${count === 1 ? 'exercise' : 'exercises'})` };
}

// The launch's query: per-learner variants (and the salt), then the feedback policy.
export function launchParameters({ perLearner = false, salt = '', policy = null } = {}) {
  const query = new URLSearchParams();
  if (perLearner) {
    query.set('variants', 'learner');
    if (salt) query.set('salt', salt);
  }
  const rest = [query.toString(), policy ? policyQuery(policy) : ''].filter(Boolean).join('&');
  return rest ? `?${rest}` : '';
}

// The SCO's page: its exercises, its SCORM version and the package's id (the SCO keeps a
// copy of the learner's work in the browser per package: web/embed/scorm-session.mjs).
const launchPage = ({ title, ids, version, id }) => page({
  title, body: '<main id="sco"></main>', scripts: ['sco.js'], dataset: { exercises: ids.join(','), scorm: version, package: id } });

// Writes one package's zip. scoDir holds sco.js and style.css (build-embed.mjs's build/sco).
export function writePackage({ scoDir, zipFile, version, ids, identity, masteryScore = null, parameters = '' }) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-scorm-'));
  try {
    for (const file of ['sco.js', 'style.css']) fs.copyFileSync(path.join(scoDir, file), path.join(work, file));
    fs.writeFileSync(path.join(work, 'imsmanifest.xml'),
      SCORM_VERSIONS[version].manifest({ ...identity, files: SCO_FILES, masteryScore, parameters }));
    fs.writeFileSync(path.join(work, 'index.html'), launchPage({ title: identity.title, ids, version, id: identity.id }));
    fs.rmSync(zipFile, { force: true });
    execFileSync('zip', ['-q', '-X', '-r', zipFile, 'imsmanifest.xml', ...SCO_FILES], { cwd: work });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return zipFile;
}

const USAGE = 'usage: node tools/scorm-package.mjs --exercises ID[,ID…] | --chapter N --title TEXT [--version 1.2|2004|both] ' +
  '[--per-learner] [--salt TEXT] [--mastery 0-100] [--attempts 1-20] [--values shown|hidden] ' +
  '[--working shown|hidden] [--out DIR] [--build DIR]';

// The command line -> the zips written, or throws an Error whose message says what is wrong.
export function main(argv) {
  const { values: args } = parseArgs({ args: argv, strict: true, options: {
    exercises: { type: 'string' }, chapter: { type: 'string' }, title: { type: 'string' },
    version: { type: 'string', default: 'both' },
    'per-learner': { type: 'boolean', default: false }, salt: { type: 'string', default: '' },
    mastery: { type: 'string' }, attempts: { type: 'string' }, values: { type: 'string' }, working: { type: 'string' },
    out: { type: 'string' }, build: { type: 'string', default: path.join(repoRoot, 'build') },
  } });
  if (!args.exercises === !args.chapter || !args.title?.trim()) {
    throw new Error(`--title and one of --exercises or --chapter are needed\n${USAGE}`);
  }
  const versions = args.version === 'both' ? ['1.2', '2004'] : [args.version];
  if (!versions.every((version) => version in SCORM_VERSIONS)) throw new Error(`--version must be 1.2, 2004 or both\n${USAGE}`);
  if (args.salt.length > MAX_LEARNER_CHARS) throw new Error(`--salt is longer than ${MAX_LEARNER_CHARS} characters`);
  if (args.salt && !args['per-learner']) throw new Error('--salt only means something with --per-learner');
  const { policy, faults } = readPolicy((name) => args[name] ?? null);
  if (faults.length) throw new Error(faults.join(' '));
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
    : [...new Set(args.exercises.split(/[\s,]+/).filter(Boolean))];
  const unknown = ids.filter((id) => !known.has(id));
  if (ids.length === 0 || unknown.length) {
    throw new Error(`${unknown.length ? `no exercise ${unknown.join(', ')}` : 'no exercises given'}; ` +
      'node tools/cli.mjs list prints the ids');
  }
  const identity = chosenIdentity(args.title.trim(), ids.length);
  const outDir = path.resolve(args.out ?? path.join(buildDir, 'scorm'));
  fs.mkdirSync(outDir, { recursive: true });
  const parameters = launchParameters({ perLearner: args['per-learner'], salt: args.salt, policy });
  return versions.map((version) => writePackage({
    scoDir, version, ids, identity, parameters, masteryScore: readMasteryScore(args.mastery),
    zipFile: path.join(outDir, `${identity.id}-${SCORM_VERSIONS[version].suffix}.zip`),
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
