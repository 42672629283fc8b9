// A test LMS that behaves as Moodle's SCORM player does where a package can lose work
// (read from Moodle's public mod/scorm: datamodels/scorm_12.js, scorm_13.js, request.js,
// scorm_12lib.php, scorm_13lib.php): scorm-again (npm) is the API object the SCO talks to
// (its data model and its checks of every value), wrapped so that saving is Moodle's:
//
// - A save (Commit, and the finish) sends Moodle's form: SCORM 1.2 only the elements that
//   changed since the last save (CollectData updates its defaults), SCORM 2004 every
//   element that differs from what the launch handed over and every interaction and
//   objective, at every save. The element names are Moodle's (cmi__interactions__N0__id).
// - While the page is being left (beforeunload, pagehide, unload, a hidden page), a save
//   goes by navigator.sendBeacon with a FormData body, which Chromium refuses above 64 KB
//   in flight: a refused save is lost (Moodle logs "Failed to queue navigator.sendBeacon
//   request"); otherwise a synchronous XHR posts it.
// - At the finish, SCORM 1.2 applies the mastery override as Moodle does by default
//   (masteryoverride): in normal mode, for credit, with a mastery score and a raw score,
//   lesson_status becomes passed or failed by the raw score. SCORM 2004 applies none (its
//   check reads cmi.scaled_passed_score, which does not exist).
// - A launch hands back the stored data: SCORM 1.2 all of it; SCORM 2004 only when the
//   stored cmi.exit is suspend (else the SCO starts from nothing, ab-initio).
//
// - A package uploaded again into an activity (install on a folder that has one) is Moodle's
//   package update (scorm_parse_scorm): the learners' tracks of an item whose identifier the
//   new manifest has again are kept; the tracks of the others are deleted.
//
// startMoodle() serves a folder and these endpoints; install(folder, zip, version) puts a
// package and its player there. The player: /FOLDER/player.html?learner=L[&name=NAME][&attempt=A]
// [&refuse=ELEMENT], with an "Exit activity" link to /course.html (a whole-page navigation).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { execFileSync } from 'node:child_process';
import { repoRoot } from './harness.mjs';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.xml': 'application/xml',
  '.json': 'application/json' };

// Moodle's name of an element in a saved form (underscore(): dots as "__"; 2004 writes an
// index as N0).
const moodleName = (element, version) => (version === '2004'
  ? element.replace(/\.(\d+)(?=\.)/g, '.N$1') : element).replace(/\./g, '__');
const elementOf = (name) => name.replace(/__/g, '.').replace(/\.N(\d+)(?=\.)/g, '.$1');

// A multipart/form-data body (the beacon's FormData) -> [[name, value]].
function readMultipart(body, type) {
  const boundary = /boundary=(.+)$/.exec(type)?.[1];
  if (!boundary) return [];
  return body.split(`--${boundary}`).slice(1, -1).map((part) => {
    const [head, ...rest] = part.replace(/^\r\n/, '').split('\r\n\r\n');
    return [/name="([^"]*)"/.exec(head)?.[1] ?? '', rest.join('\r\n\r\n').replace(/\r\n$/, '')];
  });
}

// What a launch hands to the player: the stored tracks, as Moodle's get_scorm_default does.
function launchData(version, tracks, mastery) {
  const stored = tracks ?? {};
  const suspended = stored[version === '2004' ? 'cmi.exit' : 'cmi.core.exit'] === 'suspend';
  const handed = version === '2004' && !suspended ? {} : { ...stored };
  const fresh = Object.keys(stored).length === 0;
  if (version === '2004') {
    Object.assign(handed, { 'cmi.entry': suspended ? 'resume' : 'ab-initio', 'cmi.mode': 'normal', 'cmi.credit': 'credit' });
    if (mastery !== null) handed['cmi.scaled_passing_score'] = String(mastery / 100);
    delete handed['cmi.exit'];
  } else {
    Object.assign(handed, { 'cmi.core.entry': fresh ? 'ab-initio' : suspended ? 'resume' : '', 'cmi.core.lesson_mode': 'normal',
      'cmi.core.credit': 'credit', 'cmi.student_data.mastery_score': mastery === null ? '' : String(mastery) });
    delete handed['cmi.core.exit'];
    delete handed['cmi.core.session_time'];
  }
  return handed;
}

// The player page's script: the API object, Moodle's saves, the frame.
const PLAYER = `
const moodleName = ${moodleName.toString()};
const query = new URLSearchParams(location.search);
const learner = query.get('learner') ?? 'learner-1';
const attempt = query.get('attempt') ?? '1';
const version = document.body.dataset.version;
const moodle = location.pathname.replace(/player\\.html$/, '');
const params = 'learner=' + encodeURIComponent(learner) + '&attempt=' + attempt + '&folder=' + encodeURIComponent(document.body.dataset.folder);
const get = (url) => { const r = new XMLHttpRequest(); r.open('GET', url, false); r.send(); return JSON.parse(r.responseText); };
const launch = get('/moodle/launch?' + params);
const handed = { ...launch.data, [version === '2004' ? 'cmi.learner_id' : 'cmi.core.student_id']: learner,
  ...(query.get('name') ? { [version === '2004' ? 'cmi.learner_name' : 'cmi.core.student_name']: query.get('name') } : {}) };

// request.js: the beacon once the page is being left.
window.mod_scorm_useBeaconAPI = false;
for (const type of ['beforeunload', 'unload', 'pagehide']) addEventListener(type, () => { window.mod_scorm_useBeaconAPI = true; });
addEventListener('pageshow', () => { window.mod_scorm_useBeaconAPI = false; });
document.addEventListener('visibilitychange', () => { window.mod_scorm_useBeaconAPI = document.visibilityState === 'hidden'; });
window.refusedCalls = [];
function doRequest(form) {
  const url = '/moodle/datamodel.php?' + params;
  const beacon = () => {
    const data = new FormData();
    for (const [key, value] of form) data.append(key, value);
    data.append('unloading', '1');
    if (!navigator.sendBeacon(url + '&api=beacon', data)) {
      console.log('mod_scorm: Failed to queue navigator.sendBeacon request');
      return false;
    }
    return true;
  };
  if (window.mod_scorm_useBeaconAPI) return beacon();
  const request = new XMLHttpRequest();
  request.open('POST', url, false);
  request.setRequestHeader('Content-Type', 'application/x-www-form-urlencoded');
  try {
    request.send(form.map(([key, value]) => encodeURIComponent(key) + '=' + encodeURIComponent(value)).join('&'));
  } catch {
    return beacon();
  }
  return request.status === 200;
}

// CollectData: the elements of the data model, flattened, that a save carries.
const READ_ONLY = /^cmi\\.(core\\.(student_id|student_name|credit|entry|total_time|lesson_mode)|launch_data|comments_from_lms|student_data\\.|learner_id|learner_name|credit|entry|mode|total_time|scaled_passing_score|completion_threshold|max_time_allowed|time_limit_action|learner_preference\\.)|\\._(count|children)$/;
function flatten(object, prefix, out) {
  for (const [key, value] of Object.entries(object ?? {})) {
    const element = prefix + '.' + key;
    if (value !== null && typeof value === 'object') flatten(value, element, out);
    else if (value !== '' && value !== null && value !== undefined && !READ_ONLY.test(element)) out.set(element, String(value));
  }
  return out;
}
const INDEXED = /^cmi\\.(interactions|objectives)\\.\\d+\\./;
const sentBefore = new Map(Object.entries(handed)); // 1.2: updated at every save; 2004: the launch's, for good
let mastery12 = null;
function store(api, terminate) {
  const cmi = api.cmi;
  if (version === '1.2' && terminate) {
    if (cmi.core.lesson_status === 'not attempted') cmi.core.lesson_status = 'completed';
    if (cmi.core.lesson_mode === 'normal' && cmi.core.credit === 'credit' && cmi.student_data.mastery_score !== ''
        && cmi.core.score.raw !== '') {
      cmi.core.lesson_status = parseFloat(cmi.core.score.raw) >= parseFloat(cmi.student_data.mastery_score) ? 'passed' : 'failed';
    }
  }
  const now = flatten(api.renderCommitCMI(true).cmi, 'cmi', new Map());
  if (version === '1.2' && !terminate) now.delete('cmi.core.session_time');
  const form = [];
  for (const [element, value] of now) {
    // 2004: an interaction's or objective's element is compared with its model's default
    // (only a status has one, "unknown"), so it goes with every save.
    const indexed = version === '2004' && INDEXED.test(element);
    const send = indexed ? !(/_status$/.test(element) && value === 'unknown') : sentBefore.get(element) !== value;
    if (send) form.push([element, value]);
    if (version === '1.2') sentBefore.set(element, value);
  }
  const named = form.map(([element, value]) => [moodleName(element, version), value]);
  const ok = doRequest(named);
  return ok ? { result: 'true', errorCode: 0 } : { result: 'false', errorCode: 101 };
}

const Api = version === '2004' ? Scorm2004API : Scorm12API;
const api = new Api({ logLevel: 5, autocommit: false });
api.loadFromFlattenedJSON(handed, '');
api.storeData = (terminate) => store(api, terminate);
window[version === '2004' ? 'API_1484_11' : 'API'] = api;
// Every refused call, as the SCO met it (GetLastError right after). ?refuse=ELEMENT makes
// the LMS refuse to store that element (a data type it will not take), as a test of the
// SCO's answer to a refusal.
const refuse = query.get('refuse');
let refusedCode = '0';
for (const name of ['GetLastError', 'LMSGetLastError']) {
  const own = api[name]?.bind(api);
  if (own) api[name] = () => (refusedCode !== '0' ? refusedCode : own());
}
for (const name of version === '2004' ? ['SetValue', 'Commit', 'Terminate'] : ['LMSSetValue', 'LMSCommit', 'LMSFinish']) {
  const call = api[name].bind(api);
  api[name] = (...args) => {
    refusedCode = '0';
    if (refuse && /SetValue$/.test(name) && args[0] === refuse) {
      refusedCode = version === '2004' ? '406' : '405';
      window.refusedCalls.push({ name, args: [args[0]], code: refusedCode, planned: true });
      return 'false';
    }
    const answer = call(...args);
    const code = String(version === '2004' ? api.GetLastError() : api.LMSGetLastError());
    if (String(answer) !== 'true' || code !== '0') window.refusedCalls.push({ name, args: args.map(String), code });
    return answer;
  };
}
const frame = document.createElement('iframe');
frame.id = 'sco';
frame.title = 'SCORM activity';
frame.style.width = '100%';
frame.style.height = '700px';
frame.src = 'package/index.html' + (launch.parameters ? '?' + launch.parameters.replace(/^[?&]/, '') : '');
document.getElementById('player').append(frame);
`;

const page = (title, body) => `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${title}</title>\n` +
  `<link rel="icon" href="data:,">\n</head>\n<body${body}\n</body>\n</html>\n`;

// A package's manifest: its launch parameters and mastery score (1.2's masteryscore, or
// 2004's minimum normalized measure, as 0-100).
function manifestFacts(dir) {
  const manifest = fs.readFileSync(path.join(dir, 'imsmanifest.xml'), 'utf8');
  const parameters = (manifest.match(/parameters="([^"]*)"/)?.[1] ?? '').replaceAll('&#38;', '&').replaceAll('&amp;', '&');
  const twelve = manifest.match(/<adlcp:masteryscore>([^<]*)</)?.[1];
  const measure = manifest.match(/<imsss:minNormalizedMeasure>([^<]*)</)?.[1];
  const mastery = twelve !== undefined ? Number(twelve) : measure !== undefined ? Math.round(Number(measure) * 100) : null;
  // The launchable item (the SCO): the item that names a resource.
  const item = manifest.match(/<item [^>]*identifier="([^"]*)"[^>]*identifierref=/)?.[1] ?? null;
  return { parameters, mastery, item };
}

export async function startMoodle() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-moodle-'));
  const tracks = new Map(); // "folder|learner|attempt" -> {element: value}
  const requests = []; // {folder, learner, api: 'xhr' | 'beacon', bytes, fields}
  const versions = new Map();
  fs.writeFileSync(path.join(dir, 'course.html'), page('Course', ' data-page="course">\n<h1>The course page</h1>'));
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://localhost');
    const key = `${url.searchParams.get('folder')}|${url.searchParams.get('learner')}|${url.searchParams.get('attempt')}`;
    if (url.pathname === '/moodle/launch') {
      const folder = url.searchParams.get('folder');
      const facts = manifestFacts(path.join(dir, folder, 'package'));
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ data: launchData(versions.get(folder), tracks.get(key), facts.mastery), parameters: facts.parameters }));
      return;
    }
    if (url.pathname === '/moodle/datamodel.php' && request.method === 'POST') {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const type = request.headers['content-type'] ?? '';
        const fields = type.startsWith('multipart/') ? readMultipart(body, type) : [...new URLSearchParams(body)];
        const stored = tracks.get(key) ?? {};
        for (const [name, value] of fields) if (name !== 'unloading') stored[elementOf(name)] = value;
        tracks.set(key, stored);
        requests.push({ folder: url.searchParams.get('folder'), learner: url.searchParams.get('learner'),
          api: url.searchParams.get('api') ?? 'xhr', bytes: Buffer.byteLength(body), fields: fields.length });
        response.writeHead(200, { 'Content-Type': 'text/plain' });
        response.end('true\n0');
      });
      return;
    }
    const file = path.join(dir, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    url,
    requests,
    // The stored data of a learner's attempt (Moodle's scorm_scoes_track).
    tracks: (folder, learner, attempt = 1) => ({ ...(tracks.get(`${folder}|${learner}|${attempt}`) ?? {}) }),
    // A package (zip) and its player in `folder`; version '1.2' or '2004'.
    // -> {kept, deleted}: the learners' records kept and deleted by a package update.
    install(folder, zip, version) {
      const packageDir = path.join(dir, folder, 'package');
      const before = fs.existsSync(path.join(packageDir, 'imsmanifest.xml')) ? manifestFacts(packageDir).item : null;
      fs.rmSync(path.join(dir, folder), { recursive: true, force: true });
      fs.mkdirSync(packageDir, { recursive: true });
      execFileSync('unzip', ['-q', zip, '-d', packageDir]);
      // Moodle's package update: the tracks of an item that is not in the new manifest go.
      const { item } = manifestFacts(packageDir);
      const mine = [...tracks.keys()].filter((key) => key.startsWith(`${folder}|`));
      const update = { kept: before === null || before === item ? mine.length : 0, deleted: 0 };
      if (before !== null && before !== item) {
        for (const key of mine) tracks.delete(key);
        update.deleted = mine.length;
      }
      const library = version === '2004' ? 'scorm2004.js' : 'scorm12.js';
      fs.copyFileSync(path.join(repoRoot, 'node_modules', 'scorm-again', 'dist', library), path.join(dir, folder, library));
      fs.writeFileSync(path.join(dir, folder, 'player.js'), PLAYER);
      fs.writeFileSync(path.join(dir, folder, 'player.html'), page('SCORM player',
        ` data-version="${version}" data-folder="${folder}">\n<p><a id="exit" href="/course.html">Exit activity</a></p>\n` +
        `<div id="player"></div>\n<script src="${library}"></script>\n<script src="player.js"></script>`));
      versions.set(folder, version);
      return update;
    },
    stop: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => {
        fs.rmSync(dir, { recursive: true, force: true });
        resolve();
      });
    }),
  };
}
