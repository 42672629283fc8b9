// report.html: the class report. A teacher chooses or drops files (Moodle's SCORM
// Interactions report as text, learners' progress files); the page reads them here
// (nothing is uploaded), places each answer on its learner, exercise and part, grades
// every answer again with the core, reading and grading in short slices (a progress bar,
// the page stays responsive however large the class), and shows the counts per part as a
// chart and a table, each named mistake with the core's explanation and the share of
// learners who met it, the wrong answers no named mistake explains, each learner's score and
// tries, the written work, the answers it could not place, and two CSV downloads (a row per
// learner and part; the gradebook, a row per learner). Every answer read counts toward the
// page's limit, placed or not, and a file over it is refused as soon as the limit is passed.
// The reading and counting are web/report/*.mjs (pure, tested in Node); this file is the DOM.

import { el, clear, pacer } from '../ui/dom.mjs';
import { coreWhenNeeded, setStatus } from '../ui/boot.mjs';
import { messageOf } from '../error-message.mjs';
import { ReportFileError, decodeText } from '../report/delimited-text.mjs';
import { interactionReader } from '../report/interactions.mjs';
import { LIMITS, TOO_MANY_ANSWERS, ReportLimitError, readReportFileInSlices } from '../report/class-report.mjs';
import { gradeAnswers } from '../report/regrade.mjs';
import { learnerCsv } from '../report/report-csv.mjs';
import { gradebook, gradebookCsv } from '../report/gradebook.mjs';
import { dedupeTries, joinLearners } from '../report/learners.mjs';
import { count, reportView } from '../report/report-view.mjs';
import { plural } from '../ui/format.mjs';
import { keepForOffline } from '../ui/offline.mjs';
import { loadCatalogue, loadCompanion } from '../companion.mjs';
import { readExerciseText } from '../ui/teacher-exercise.mjs';

const megabytes = (bytes) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

// File -> {name, text} or {name, error}.
async function readFile(file) {
  const name = file.name || '(a file without a name)';
  if (file.size > LIMITS.maxFileBytes) {
    return { name, error: `it is ${megabytes(file.size)}; this page reads files of at most ${megabytes(LIMITS.maxFileBytes)}. ` +
      'Download a report of fewer learners (a group at a time) and give the parts one by one.' };
  }
  if (file.size === 0) return { name, error: 'the file is empty.' };
  try {
    return { name, text: decodeText(await file.arrayBuffer()) };
  } catch (error) {
    return { name, error: `the file could not be read (${messageOf(error)}).` };
  }
}

// What a file gave, in a sentence (after its name).
function fileSentence(read) {
  const { kind, answers, written, unplaced, facts } = read;
  const found = `${plural(answers.length, 'answer')} to grade` +
    (written.length ? `, ${plural(written.length, 'piece')} of written work` : '') +
    (unplaced.length ? `, ${count(unplaced.length)} not placed` : '');
  if (kind === 'progress') {
    const dropped = facts.dropped ? ` ${plural(facts.dropped, 'damaged record')} in it could not be read and ${facts.dropped === 1 ? 'was' : 'were'} left out.` : '';
    const who = read.people[0];
    return `${who.named ? `${who.name}'s` : 'a learner\'s'} progress file: ${found}.${dropped}`;
  }
  const idle = facts.notAttempted ? ` (${count(facts.notAttempted)} not attempted)` : '';
  const long = facts.longRows ? ` ${plural(facts.longRows, 'row')} had more cells than the header; the extra cells were not read.` : '';
  const cut = facts.cut ? ` ${plural(facts.cut, 'response')} ${facts.cut === 1 ? 'is' : 'are'} exactly 255 characters long, ` +
    'the most SCORM 1.2 keeps: they may have been cut short, and are graded as they were kept.' : '';
  return `Moodle's Interactions report, ${plural(facts.rows, 'learner row')}${idle}: ${found}.${long}${cut}`;
}

async function main() {
  const input = document.getElementById('report-files');
  const zone = document.getElementById('drop-zone');
  const messages = document.getElementById('report-messages');
  const holder = document.getElementById('report');
  const progress = document.getElementById('report-progress');
  const bar = document.getElementById('report-progress-bar');
  const progressText = document.getElementById('report-progress-text');
  // The limits, stated from the ones the page applies.
  document.querySelector('.report-limits').textContent = `At most ${count(LIMITS.maxFiles)} files at a time, each at most ` +
    `${LIMITS.maxFileBytes / (1024 * 1024)} MB, holding at most ${count(LIMITS.maxAnswers)} answers in all ` +
    '(every answer counts, whether or not it belongs to this companion).';

  // The page lists the exercises from its catalogue (the build writes it into the page) and
  // starts the core only when there are answers to grade: a teacher who opens the page
  // downloads the core once they give it files, not before (docs/benchmarks.md, page weight).
  let catalogue;
  try {
    catalogue = await loadCatalogue();
    setStatus(null);
  } catch (error) {
    setStatus(`The list of exercises could not be loaded, so no answer can be placed: ${messageOf(error)}`, 'error');
    return;
  }
  const siteCore = coreWhenNeeded();
  let companion = null; // (the site's core, or one with a teacher's exercises, once there are answers)
  let teacherCore = null;
  const siteCatalogue = catalogue;
  let resolve = interactionReader(catalogue);
  // A teacher's own exercise files given with the answers (docs/authoring.md): the answers to
  // them are placed and graded with the files as given, beside the companion's exercises.
  const useTeacherExercises = async (docs) => {
    if (docs.length === 0) {
      teacherCore = null;
      catalogue = siteCatalogue;
    } else {
      const own = await fetch(new URL('exercises.json', document.baseURI)).then((response) => response.json());
      const ids = new Set(docs.map((doc) => doc.id));
      teacherCore = await loadCompanion({ core: 'exercises', exercises: [...own.filter((doc) => !ids.has(doc.id)), ...docs] });
      catalogue = teacherCore.exercises();
    }
    resolve = interactionReader(catalogue);
    described.clear();
  };
  // A written item's checklist (its exercise described by the core once).
  const described = new Map();
  const checklists = (exercise, item) => {
    if (!companion) return [];
    if (!described.has(exercise)) {
      try {
        described.set(exercise, companion.exercise(exercise));
      } catch {
        described.set(exercise, null); // (the list then stays empty)
      }
    }
    const doc = described.get(exercise);
    const points = item === 'plan' ? doc?.checklist : doc?.explain?.find((entry) => entry.name === item)?.checklist;
    return Array.isArray(points) ? points.map(String) : [];
  };
  let run = 0;

  const say = (items, kind = 'info') => {
    clear(messages);
    messages.append(el('div', { class: `notice notice-${kind} report-message` }, items));
  };

  async function handle(fileList) {
    run += 1;
    const mine = run;
    const files = [...(fileList ?? [])];
    clear(holder);
    holder.dataset.state = 'reading';
    progress.hidden = true;
    if (files.length === 0) return;
    if (files.length > LIMITS.maxFiles) {
      holder.dataset.state = 'refused';
      say(el('p', {}, `You gave ${count(files.length)} files; this page reads at most ${count(LIMITS.maxFiles)} at a time. ` +
        'Nothing was read.'), 'error');
      return;
    }
    // Read and place every file's answers; a file that cannot be read is named with why.
    // Every answer read counts toward the limit, placed or not; past it, nothing is graded.
    const lines = [];
    let answers = [];
    const written = [];
    const practice = [];
    const unplaced = [];
    const people = [];
    const append = (into, list) => { for (const item of list) into.push(item); }; // (no spread: lists are long)
    let readable = 0;
    let read = 0;
    const pause = pacer(8);
    progress.hidden = false;
    bar.removeAttribute('value'); // (reading: no count to show yet)
    // The files read first, so that a teacher's exercise file places the answers of every file.
    const texts = [];
    const teacherDocs = [];
    for (const [fileIndex, file] of files.entries()) {
      progressText.textContent = `Reading file ${fileIndex + 1} of ${files.length}…`;
      const got = await readFile(file);
      if (mine !== run) return;
      const exercise = got.error ? null : teacherExercise(got.text);
      if (exercise) {
        teacherDocs.push(exercise);
        lines.push(el('li', { class: 'report-file-ok', 'data-file': got.name }, el('strong', {}, got.name),
          `: your exercise “${exercise.title ?? exercise.id}” (${exercise.id}); its answers are graded with this file.`));
      } else {
        texts.push([fileIndex, got]);
      }
    }
    try {
      await useTeacherExercises(teacherDocs);
    } catch (error) {
      holder.dataset.state = 'refused';
      progress.hidden = true;
      say(el('p', {}, `Your exercise files could not be loaded: ${messageOf(error)}`), 'error');
      return;
    }
    if (mine !== run) return;
    for (const [fileIndex, got] of texts) {
      if (got.error) {
        lines.push(el('li', { class: 'report-file-error', 'data-file': got.name }, el('strong', {}, got.name), `: ${got.error}`));
        continue;
      }
      try {
        const placed = await readReportFileInSlices(got.text, { resolve, catalogue, source: got.name, fileIndex,
          maxAnswers: LIMITS.maxAnswers - read }, pause);
        if (mine !== run) return;
        readable += 1;
        read += placed.read;
        append(answers, placed.answers);
        append(written, placed.written);
        append(practice, placed.practice ?? []);
        append(unplaced, placed.unplaced);
        people.push({ source: got.name, kind: placed.kind, people: placed.people });
        lines.push(el('li', { class: 'report-file-ok', 'data-file': got.name }, el('strong', {}, got.name), `: ${fileSentence(placed)}`));
      } catch (error) {
        if (mine !== run) return;
        if (error instanceof ReportLimitError) {
          holder.dataset.state = 'refused';
          progress.hidden = true;
          say([el('p', {}, TOO_MANY_ANSWERS), el('ul', { class: 'report-file-list' }, lines)], 'error');
          return;
        }
        const why = error instanceof ReportFileError ? error.message : `it could not be read (${messageOf(error)}).`;
        lines.push(el('li', { class: 'report-file-error', 'data-file': got.name }, el('strong', {}, got.name),
          `: this file cannot be read here. ${why}`));
      }
    }
    const fileItems = el('ul', { class: 'report-file-list' }, lines);
    const { learners, warnings } = joinLearners(people);
    const label = (key) => learners.get(key)?.label ?? key;
    answers = dedupeTries(answers);
    if (answers.length === 0 && written.length === 0) {
      progress.hidden = true;
      holder.dataset.state = readable ? 'empty' : 'refused';
      say([el('p', {}, readable ? 'No answer to grade was found in these files.' : 'None of these files could be read.'), fileItems],
        readable ? 'warning' : 'error');
      if (readable && unplaced.length) {
        holder.append(reportView({ parts: [], totals: emptyTotals(), ungraded: [], learners: [], written: [] }, { unplaced }));
      }
      return;
    }
    say([el('p', {}, `Grading ${plural(answers.length, 'answer')}…`), fileItems]);
    bar.max = Math.max(1, answers.length);
    bar.value = 0;
    progressText.textContent = `Graded 0 of ${count(answers.length)} answers.`;
    companion = teacherCore ?? await siteCore();
    if (mine !== run) return;
    if (!companion) {
      // (bootCompanion has said why in the page's status, and that a reload tries again.)
      progress.hidden = true;
      holder.dataset.state = 'refused';
      say(el('p', {}, 'The answers were read but cannot be graded without the attention core.'), 'error');
      return;
    }
    const report = await gradeAnswers(companion, catalogue, answers, {
      written,
      practice,
      pause,
      stopped: () => mine !== run,
      onProgress: (done, total) => {
        if (done % 25 !== 0 && done !== total) return;
        bar.value = done;
        progressText.textContent = `Graded ${count(done)} of ${count(total)} answers.`;
      },
    });
    if (report === null || mine !== run) return;
    progressText.textContent = 'Drawing the report…';
    await pause();
    if (mine !== run) return;
    progress.hidden = true;
    clear(holder);
    holder.append(reportView(report, { unplaced, downloads: downloads(report, learners, label), checklists, label, warnings }));
    holder.dataset.state = 'ready';
    say([el('p', {}, `The report is ready: ${plural(report.totals.answers, 'answer')} graded.`), fileItems],
      lines.some((line) => line.classList.contains('report-file-error')) ? 'warning' : 'info');
  }

  input.addEventListener('change', () => {
    handle(input.files).catch((error) => say(el('p', {}, `The report could not be made: ${messageOf(error)}`), 'error'));
  });
  // Files dropped anywhere on the page (not only on the zone, so that a near miss does not
  // open the file in place of the page).
  let depth = 0;
  const carriesFiles = (event) => [...(event.dataTransfer?.types ?? [])].includes('Files');
  document.addEventListener('dragenter', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth += 1;
    zone.classList.add('report-drop-active');
  });
  document.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) zone.classList.remove('report-drop-active');
  });
  document.addEventListener('dragover', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  });
  document.addEventListener('drop', (event) => {
    if (!carriesFiles(event) && !event.dataTransfer?.files?.length) return;
    event.preventDefault();
    depth = 0;
    zone.classList.remove('report-drop-active');
    handle(event.dataTransfer.files).catch((error) => say(el('p', {}, `The report could not be made: ${messageOf(error)}`), 'error'));
  });
  input.disabled = false;
}

// A file's text -> a teacher's exercise (a JSON object with an id and parts, which no
// progress file is), or null.
function teacherExercise(text) {
  if (!/^\s*\{/.test(text)) return null;
  const { doc } = readExerciseText(text);
  return doc && Array.isArray(doc.parts) && doc.format === undefined ? doc : null;
}

const emptyTotals = () => ({ answers: 0, correct: 0, incorrect: 0, invalid: 0, nearMisses: 0, named: 0 });

// The two downloads: a row per learner and part, and the gradebook (a row per learner),
// with what the gradebook holds and how a gradebook imports it.
function downloads(report, learners, label) {
  const today = new Date().toISOString().slice(0, 10);
  const rows = el('button', { type: 'button', class: 'report-download' }, 'Download CSV (a row per learner and part)');
  rows.addEventListener('click', () => save(learnerCsv(report, label), `class-report-${today}.csv`));
  const book = gradebook(report, learners);
  const grades = el('button', { type: 'button', class: 'report-gradebook' }, 'Download the gradebook CSV (a row per learner)');
  const words = [];
  if (book.rows.length === 0) {
    grades.disabled = true;
    words.push('No learner here has an email address or another identifier a gradebook knows them by (Moodle\u2019s ' +
      'report gives one when its identity columns are ticked; a learner gives one on their progress page), so there is ' +
      'no gradebook file.');
  } else {
    grades.addEventListener('click', () => save(gradebookCsv(book), `gradebook-${today}.csv`));
    words.push(`The gradebook file has ${plural(book.rows.length, 'learner')}, each with ${book.identifiers.map((c) => `“${c}”`)
      .join(', ')}, their name, a score of 0 to 100 for each of the ${plural(report.exercises.length, 'exercise')} and the ` +
      'total. In Moodle: Grades, Import, CSV file; map “Email address” (or the identifier you use) to the user field of ' +
      'that name, and each exercise and the total to an existing grade item whose maximum is 100 (make the items first: ' +
      'Moodle\u2019s import can fail when several columns go to \u201cnew grade item\u201d).');
    if (book.formulaLike.length) {
      const shown = book.formulaLike.slice(0, 5).map(({ column, value }) => `${column} \u201c${value}\u201d`).join(', ');
      words.push(`${plural(book.formulaLike.length, 'identifier')} in it ${book.formulaLike.length === 1 ? 'begins' : 'begin'} ` +
        `as a spreadsheet formula would (${shown}${book.formulaLike.length > 5 ? ', …' : ''}). ` +
        `${book.formulaLike.length === 1 ? 'It is' : 'They are'} written exactly as given, so that the gradebook finds ` +
        'the learner: import the file as it is, and do not open and save it in a spreadsheet program first.');
    }
    if (book.missing.length) {
      words.push(`${plural(book.missing.length, 'learner')} ${book.missing.length === 1 ? 'has' : 'have'} no identifier and ` +
        `${book.missing.length === 1 ? 'is' : 'are'} left out of it: ${book.missing.slice(0, 10).join(', ')}` +
        `${book.missing.length > 10 ? ` and ${count(book.missing.length - 10)} more` : ''}.`);
    }
  }
  return el('div', { class: 'report-actions' }, el('p', {}, rows, ' ', grades),
    words.map((text) => el('p', { class: 'report-gradebook-note' }, text)));
}

function save(text, name) {
  const blob = new Blob([text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = el('a', { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

main().catch((error) => {
  setStatus(`This page could not be set up: ${messageOf(error)}`, 'error');
}).finally(() => {
  document.body.dataset.ready = 'true';
  keepForOffline();
});
