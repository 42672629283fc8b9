// The SCORM manifests (tools/scorm-manifest.mjs): valid against the published SCORM 1.2
// and 2004 4th edition schemas (xmllint, with the schemas in ../shared/scorm-xsd, which the
// project does not copy; skipped with a message where that folder is absent), the built
// packages' manifests included, and a package of chosen exercises written by
// tools/scorm-package.mjs with its launch parameters; and no mastery score unless one is
// configured.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../e2e/harness.mjs';
import { manifest12, manifest2004, readMasteryScore } from '../../tools/scorm-manifest.mjs';
import { main as scormPackage, chapterIdentity, launchParameters, packageKey, IDENTIFIER, USAGE } from '../../tools/scorm-package.mjs';
import { readPolicy } from '../../web/ui/feedback-policy.mjs';
import { snippet } from '../e2e/embed-snippets.mjs';

const schemas = path.resolve(repoRoot, '..', 'shared', 'scorm-xsd');
const DRIVERS = { '1.2': path.join(schemas, 'scorm12', 'scorm12_driver.xsd'), 2004: path.join(schemas, 'scorm2004', 'scorm2004_driver.xsd') };
const MANIFESTS = { '1.2': manifest12, 2004: manifest2004 };
const files = ['index.html', 'sco.js', 'style.css'];
const ch14 = chapterIdentity(14, 10);
const ch19 = chapterIdentity(19, 23);
const unzip = (zip, file) => execFileSync('unzip', ['-p', zip, file], { encoding: 'utf8' });

function validate(version, xml) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-')), 'imsmanifest.xml');
  fs.writeFileSync(file, xml);
  const run = spawnSync('xmllint', ['--noout', '--schema', DRIVERS[version], file], { encoding: 'utf8' });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return run;
}

test('no mastery score unless one is configured; a configured one is written for both versions', () => {
  const plain12 = manifest12({ ...ch14, files });
  const plain2004 = manifest2004({ ...ch14, files });
  assert.doesNotMatch(plain12, /masteryscore/);
  assert.doesNotMatch(plain2004, /minNormalizedMeasure|imsss/);
  assert.match(manifest12({ ...ch14, files, masteryScore: 80 }), /<adlcp:masteryscore>80<\/adlcp:masteryscore>/);
  assert.match(manifest2004({ ...ch19, files, masteryScore: 75 }),
    /satisfiedByMeasure="true">\s*<imsss:minNormalizedMeasure>0\.75<\/imsss:minNormalizedMeasure>/);
  for (const built of ['attention-companion-ch14-scorm12.zip', 'attention-companion-ch19-scorm2004.zip']) {
    const manifest = execFileSync('unzip', ['-p', path.join(repoRoot, 'build', 'scorm', built), 'imsmanifest.xml'], { encoding: 'utf8' });
    if (!process.env.ATTN_SCORM_MASTERY) assert.doesNotMatch(manifest, /masteryscore|minNormalizedMeasure/, built);
  }
  assert.equal(readMasteryScore(''), null);
  assert.equal(readMasteryScore(' 80 '), 80);
  for (const bad of ['101', '-1', '79.5', 'eighty']) assert.throws(() => readMasteryScore(bad), /whole number from 0 to 100/);
});

test('every manifest validates against the SCORM schemas (xmllint)', (t) => {
  if (!fs.existsSync(schemas)) {
    t.skip(`the SCORM schemas are not at ${schemas} (see its SOURCES.md), so the manifests are not validated here`);
    return;
  }
  for (const version of ['1.2', '2004']) {
    for (const masteryScore of [null, 0, 80, 100]) {
      for (const parameters of ['', '?variants=learner&salt=week 3 <&>"&attempts=2&values=hidden']) {
        const run = validate(version, MANIFESTS[version]({ ...ch19, files, masteryScore, parameters }));
        assert.equal(run.status, 0, `SCORM ${version}, mastery ${masteryScore}, parameters ${parameters}: ${run.stderr}`);
      }
    }
  }
  for (const [built, version] of [['attention-companion-ch14-scorm12.zip', '1.2'], ['attention-companion-ch19-scorm12.zip', '1.2'],
    ['attention-companion-ch14-scorm2004.zip', '2004'], ['attention-companion-ch19-scorm2004.zip', '2004']]) {
    const manifest = execFileSync('unzip', ['-p', path.join(repoRoot, 'build', 'scorm', built), 'imsmanifest.xml'], { encoding: 'utf8' });
    const run = validate(version, manifest);
    assert.equal(run.status, 0, `${built}: ${run.stderr}`);
  }
});

test('a package of chosen exercises: exactly those, its title, and the launch parameters in the manifest', (t) => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'chosen-'));
  t.after(() => fs.rmSync(out, { recursive: true, force: true }));
  const zips = scormPackage(['--exercises', 'ch19.ex3, ch14.ex1,ch19.ex3', '--title', 'Week 3: “attention” & more',
    '--per-learner', '--salt', 'spring', '--attempts', '2', '--values', 'hidden', '--working', 'hidden', '--out', out]);
  assert.deepEqual(zips.map((zip) => path.basename(zip)),
    ['attention-companion-week-3-attention-more-scorm12.zip', 'attention-companion-week-3-attention-more-scorm2004.zip']);
  for (const [zip, version] of [[zips[0], '1.2'], [zips[1], '2004']]) {
    const manifest = unzip(zip, 'imsmanifest.xml');
    assert.match(manifest, /<title>Attention companion: Week 3: “attention” &#38; more<\/title>/);
    assert.match(manifest, /<title>Week 3: “attention” &#38; more \(2 exercises\)<\/title>/);
    const parameters = manifest.match(/parameters="([^"]*)"/)[1].replaceAll('&#38;', '&');
    assert.equal(parameters, '?variants=learner&salt=spring&attempts=2&values=hidden&working=hidden');
    const query = new URLSearchParams(parameters);
    assert.deepEqual(readPolicy((name) => query.get(name)),
      { policy: { attempts: 2, values: 'hidden', working: 'hidden', followThrough: 'counts', solutions: 3 }, problems: [], faults: [] });
    assert.doesNotMatch(manifest, /masteryscore|minNormalizedMeasure/);
    const launch = unzip(zip, 'index.html');
    assert.match(launch, /data-exercises="ch19\.ex3,ch14\.ex1"/, 'the chosen exercises, in order, each once');
    assert.match(launch, new RegExp(`data-scorm="${version}"`));
    assert.match(launch, new RegExp(`data-package="${packageKey(['ch19.ex3', 'ch14.ex1'], parameters)}"`),
      'the package gives the SCO its key');
    if (fs.existsSync(schemas)) {
      const run = validate(version, manifest);
      assert.equal(run.status, 0, `${path.basename(zip)}: ${run.stderr}`);
    }
  }
  // A whole chapter: its exercises in chapter order.
  const [chapter] = scormPackage(['--chapter', '19', '--title', 'Chapter 19, pass mark 80', '--mastery', '80', '--version', '1.2', '--out', out]);
  assert.match(unzip(chapter, 'index.html'), /data-exercises="ch19\.running,ch19\.shapes,ch19\.ex1,ch19\.ex2,[^"]*ch19\.ex22"/);
  assert.match(unzip(chapter, 'imsmanifest.xml'), /<adlcp:masteryscore>80<\/adlcp:masteryscore>/);
  assert.equal(launchParameters(), '');
  assert.equal(launchParameters({ policy: readPolicy(() => null).policy }), '');
  for (const [args, message] of [
    [['--exercises', 'ch14.ex1,ch99.nope', '--title', 'x'], /no exercise ch99\.nope/],
    [['--exercises', 'ch14.ex1'], /--title and one of --exercises or --chapter are needed/],
    [['--exercises', 'ch14.ex1', '--chapter', '14', '--title', 'x'], /one of --exercises or --chapter/],
    [['--chapter', '15', '--title', 'x'], /no chapter "15"; the chapters are 14, 19/],
    [['--exercises', 'ch14.ex1', '--title', 'x', '--attempts', '0'], /--attempts "0" is not a whole number from 1 to 20/],
    [['--exercises', 'ch14.ex1', '--title', 'x', '--values', 'secret'], /--values "secret" is not one of shown or hidden/],
    [['--exercises', 'ch14.ex1', '--title', 'x', '--salt', 'y'], /--salt only means something with --per-learner/],
    [['--exercises', 'ch14.ex1', '--title', 'x', '--mastery', '120'], /whole number from 0 to 100/],
    [['--exercises', 'ch14.ex1', '--title', 'x', '--version', '3'], /--version must be/],
    [['--exercises', 'ch14.ex1', '--title', 'x', '--bogus'], /Unknown option/],
    [['--exercises', 'ch14.ex1', '--title', 'x', '--follow-through', 'sometimes'], /--follow-through "sometimes" is not one of counts or noted/],
    [['--exercises', 'ch14.ex1', '--title', 'x', '--seed=-1'], /--seed "-1" is not a whole number/],
    [['--exercises', 'ch14.ex1', '--title', 'x', '--seed', '1e3'], /--seed "1e3" is not a whole number/],
    [['--exercises', 'ch14.ex1', '--title', 'x', '--seed', '7', '--per-learner'], /--seed gives the whole class one variant/],
  ]) assert.throws(() => scormPackage([...args, '--out', out]), message, args.join(' '));
  // One variant for the class, and follow-through noted, in the launch's parameters.
  const [fixed] = scormPackage(['--exercises', 'ch14.ex1', '--title', 'Week 4', '--seed', '42', '--follow-through', 'noted',
    '--version', '2004', '--out', out]);
  assert.equal(unzip(fixed, 'imsmanifest.xml').match(/parameters="([^"]*)"/)[1].replaceAll('&#38;', '&'),
    '?seed=42&followThrough=noted');
  // --help prints every option and writes nothing.
  const printed = [];
  assert.deepEqual(scormPackage(['--help'], { print: (text) => printed.push(text) }), []);
  assert.equal(printed.join(''), USAGE);
  for (const option of ['--exercises', '--chapter', '--title', '--version', '--per-learner', '--salt', '--seed', '--mastery',
    '--attempts', '--values', '--working', '--follow-through', '--out', '--build', '--help']) {
    assert.match(USAGE, new RegExp(`^  ${option}\\b`, 'm'), option);
  }
});

test('a package\'s identifiers do not depend on its title or the order of its exercises; its browser key neither', (t) => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-'));
  t.after(() => fs.rmSync(out, { recursive: true, force: true }));
  const identifiers = (zip) => [...unzip(zip, 'imsmanifest.xml').matchAll(/identifier(?:ref)?="([^"]*)"/g)].map((m) => m[1]);
  const key = (zip) => unzip(zip, 'index.html').match(/data-package="([^"]*)"/)[1];
  const [first] = scormPackage(['--exercises', 'ch19.ex3,ch14.ex1', '--title', 'Week 3', '--attempts', '2', '--version', '1.2',
    '--out', path.join(out, 'a')]);
  const [retitled] = scormPackage(['--exercises', 'ch14.ex1,ch19.ex3', '--title', 'Week three: softmax again', '--attempts', '2',
    '--version', '1.2', '--out', path.join(out, 'b')]);
  assert.deepEqual(identifiers(retitled), identifiers(first));
  assert.deepEqual([...new Set(identifiers(first))], [IDENTIFIER, `${IDENTIFIER}-org`, `${IDENTIFIER}-item`, `${IDENTIFIER}-sco`]);
  assert.equal(key(retitled), key(first), 'the browser copy is found again');
  const [otherPolicy] = scormPackage(['--exercises', 'ch14.ex1,ch19.ex3', '--title', 'Week 3', '--version', '1.2',
    '--out', path.join(out, 'c')]);
  assert.notEqual(key(otherPolicy), key(first), 'another policy keeps its own copy (its own attempt counts)');
  // The chapters' packages too.
  const built = (name) => path.join(repoRoot, 'build', 'scorm', name);
  assert.deepEqual(identifiers(built('attention-companion-ch14-scorm12.zip')), identifiers(first));
});

// The SCORM commands a teacher is told to run (README.md, docs/teachers.md), as written,
// from the repository's root: each prints the zips it wrote, which hold what it asked for.
test('the teachers\' SCORM commands run as written and write the packages they say', () => {
  const expected = {
    'quick-scorm': { title: 'Chapter 14', exercises: /data-exercises="ch14\.example1,ch14\.example2,[^"]*ch14\.ex5"/, parameters: null },
    'scorm-package': { title: 'Week 3: softmax', exercises: /data-exercises="ch19\.ex3,ch19\.ex5,ch14\.ex1"/,
      parameters: '?variants=learner&salt=week3-2026&attempts=3&values=hidden&working=hidden' },
    'scorm-mastery': { title: 'Chapter 19, pass mark 80', exercises: /data-exercises="ch19\.running,[^"]*ch19\.ex22"/, parameters: null,
      mastery: /<adlcp:masteryscore>80<\/adlcp:masteryscore>|<imsss:minNormalizedMeasure>0\.8</ },
  };
  for (const [name, want] of Object.entries(expected)) {
    const printed = execFileSync('sh', ['-c', snippet(name)], { cwd: repoRoot, encoding: 'utf8' }).trim().split('\n');
    assert.equal(printed.length, 2, `${name} prints the two zips: ${printed}`);
    for (const zip of printed) {
      assert.match(zip, /^build\/scorm\/attention-companion-[a-z0-9-]+-scorm(12|2004)\.zip$/);
      const manifest = unzip(path.join(repoRoot, zip), 'imsmanifest.xml');
      assert.match(manifest, new RegExp(`<title>Attention companion: ${want.title}</title>`));
      assert.match(unzip(path.join(repoRoot, zip), 'index.html'), want.exercises);
      const parameters = manifest.match(/parameters="([^"]*)"/)?.[1].replaceAll('&#38;', '&') ?? null;
      assert.equal(parameters, want.parameters, name);
      if (want.mastery) assert.match(manifest, want.mastery);
      else assert.doesNotMatch(manifest, /masteryscore|minNormalizedMeasure/);
    }
  }
});
