// The SCORM manifests (tools/scorm-manifest.mjs): valid against the published SCORM 1.2
// and 2004 4th edition schemas (xmllint, with the schemas in ../shared/scorm-xsd, which the
// project does not copy; skipped with a message where that folder is absent), the built
// packages' manifests included; and no mastery score unless one is configured.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../e2e/harness.mjs';
import { manifest12, manifest2004, readMasteryScore } from '../../tools/scorm-manifest.mjs';

const schemas = path.resolve(repoRoot, '..', 'shared', 'scorm-xsd');
const DRIVERS = { '1.2': path.join(schemas, 'scorm12', 'scorm12_driver.xsd'), 2004: path.join(schemas, 'scorm2004', 'scorm2004_driver.xsd') };
const MANIFESTS = { '1.2': manifest12, 2004: manifest2004 };
const files = ['index.html', 'sco.js', 'style.css'];

function validate(version, xml) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-')), 'imsmanifest.xml');
  fs.writeFileSync(file, xml);
  const run = spawnSync('xmllint', ['--noout', '--schema', DRIVERS[version], file], { encoding: 'utf8' });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return run;
}

test('no mastery score unless one is configured; a configured one is written for both versions', () => {
  const plain12 = manifest12({ chapter: 14, count: 10, files });
  const plain2004 = manifest2004({ chapter: 14, count: 10, files });
  assert.doesNotMatch(plain12, /masteryscore/);
  assert.doesNotMatch(plain2004, /minNormalizedMeasure|imsss/);
  assert.match(manifest12({ chapter: 14, count: 10, files, masteryScore: 80 }), /<adlcp:masteryscore>80<\/adlcp:masteryscore>/);
  assert.match(manifest2004({ chapter: 19, count: 23, files, masteryScore: 75 }),
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
      const run = validate(version, MANIFESTS[version]({ chapter: 19, count: 23, files, masteryScore }));
      assert.equal(run.status, 0, `SCORM ${version}, mastery ${masteryScore}: ${run.stderr}`);
    }
  }
  for (const [built, version] of [['attention-companion-ch14-scorm12.zip', '1.2'], ['attention-companion-ch19-scorm12.zip', '1.2'],
    ['attention-companion-ch14-scorm2004.zip', '2004'], ['attention-companion-ch19-scorm2004.zip', '2004']]) {
    const manifest = execFileSync('unzip', ['-p', path.join(repoRoot, 'build', 'scorm', built), 'imsmanifest.xml'], { encoding: 'utf8' });
    const run = validate(version, manifest);
    assert.equal(run.status, 0, `${built}: ${run.stderr}`);
  }
});
