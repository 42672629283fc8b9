// The test LMS of the SCORM tests: scorm-again (npm) playing the LMS (its Scorm12API and
// Scorm2004API) in a page that keeps the learner's CMI record in its own storage between
// visits (as an LMS keeps it in its database) and frames the package's launch page with
// the manifest's launch parameters appended, as Moodle does (or the LMS page's ?parameters=,
// for a test of many policies with one package). The learner's id comes from the LMS page's
// ?learner= (default learner-1). installPackage puts a package and its LMS
// page in a folder of a test host (embed-helpers.mjs's startHost).
//
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { repoRoot } from './harness.mjs';
import { hostPage } from './embed-helpers.mjs';

const LMS_PREAMBLE = `
const lmsQuery = new URLSearchParams(location.search);
const learner = lmsQuery.get('learner') ?? 'learner-1';
const manifestRequest = new XMLHttpRequest();
manifestRequest.open('GET', 'package/imsmanifest.xml', false);
manifestRequest.send();
window.manifest = manifestRequest.responseText;
`;

// The LMS page's script, per API: `record()` reads back what the SCO reported, the same
// shape for both ({status, success, raw, min, max, scaled, suspend}).
// The 1.2 LMS is run as Moodle runs it by default: it reads the package's mastery score
// from the manifest, and that score overrides the status at the finish (mastery_override).
const LMS_FRAME = `
const frame = document.createElement('iframe');
// (A test may launch with other parameters than the manifest's: the LMS page's ?parameters=.)
const launchParameters = lmsQuery.get('parameters')
  ?? (window.manifest.match(/parameters="([^"]*)"/)?.[1] ?? '').replaceAll('&#38;', '&').replaceAll('&amp;', '&');
frame.id = 'sco';
frame.title = 'SCORM activity';
frame.style.width = '100%';
frame.style.height = '700px';
frame.src = 'package/index.html' + (launchParameters ? '?' + launchParameters.replace(/^[?&]/, '') : '');
document.body.append(frame);
`;
export const LMS_SCRIPTS = {
  '1.2': `
${LMS_PREAMBLE}
const saved = localStorage.getItem('lms-cmi-12');
const mastery = window.manifest.match(/<adlcp:masteryscore>([^<]*)</)?.[1] ?? '';
window.API = new Scorm12API({ logLevel: 5, autocommit: false, mastery_override: true });
window.API.loadFromJSON({ ...(saved ? JSON.parse(saved) : {}),
  core: { ...(saved ? JSON.parse(saved).core : {}), credit: 'credit', lesson_mode: 'normal', student_id: learner },
  student_data: { mastery_score: mastery } });
window.commits = 0;
window.interactions = () => JSON.parse(JSON.stringify(window.API.cmi.interactions.childArray));
window.objectives = () => JSON.parse(JSON.stringify(window.API.cmi.objectives.childArray));
window.record = () => {
  const { core, suspend_data: suspend } = window.API.cmi;
  return { status: core.lesson_status, raw: core.score.raw, min: core.score.min, max: core.score.max, suspend };
};
const persist = () => {
  const core = window.API.cmi.core;
  window.commits += 1;
  localStorage.setItem('lms-cmi-12', JSON.stringify({
    core: { lesson_status: core.lesson_status, score: { raw: core.score.raw, min: core.score.min, max: core.score.max } },
    suspend_data: window.API.cmi.suspend_data,
  }));
};
window.API.on('LMSCommit', () => setTimeout(persist));
window.API.on('LMSFinish', () => { window.finished = true; setTimeout(persist); });
${LMS_FRAME}`,
  2004: `
${LMS_PREAMBLE}
const saved = localStorage.getItem('lms-cmi-2004');
window.API_1484_11 = new Scorm2004API({ logLevel: 5, autocommit: false });
window.API_1484_11.loadFromJSON({ ...(saved ? JSON.parse(saved) : {}), learner_id: learner });
window.commits = 0;
window.interactions = () => JSON.parse(JSON.stringify(window.API_1484_11.cmi.interactions.childArray));
window.objectives = () => JSON.parse(JSON.stringify(window.API_1484_11.cmi.objectives.childArray));
window.record = () => {
  const cmi = window.API_1484_11.cmi;
  return { status: cmi.completion_status, success: cmi.success_status, raw: cmi.score.raw, min: cmi.score.min,
    max: cmi.score.max, scaled: cmi.score.scaled, suspend: cmi.suspend_data };
};
const persist = () => {
  const cmi = window.API_1484_11.cmi;
  window.commits += 1;
  localStorage.setItem('lms-cmi-2004', JSON.stringify({
    completion_status: cmi.completion_status, success_status: cmi.success_status,
    score: { raw: cmi.score.raw, min: cmi.score.min, max: cmi.score.max, scaled: cmi.score.scaled },
    suspend_data: cmi.suspend_data,
  }));
};
window.API_1484_11.on('Commit', () => setTimeout(persist));
window.API_1484_11.on('Terminate', () => { window.finished = true; setTimeout(persist); });
${LMS_FRAME}`,
};

// The package `zip` unpacked in `folder` of the host, with scorm-again and the LMS page:
// open `${host.url}${folder}/lms.html[?learner=…]`.
export function installPackage(host, folder, zip, version) {
  const library = version === '2004' ? 'scorm2004.js' : 'scorm12.js';
  const packageDir = path.join(host.dir, folder, 'package');
  fs.mkdirSync(packageDir, { recursive: true });
  execFileSync('unzip', ['-q', zip, '-d', packageDir]);
  fs.copyFileSync(path.join(repoRoot, 'node_modules', 'scorm-again', 'dist', library), path.join(host.dir, folder, library));
  host.write(`${folder}/lms.js`, LMS_SCRIPTS[version]);
  host.write(`${folder}/lms.html`, hostPage(`<script src="${library}"></script>\n<script src="lms.js"></script>`));
}
