// The class report drawn (DOM): what was graded, in words, and what the teacher should know
// about the files (learners.mjs's warnings); the answers per part as a chart and as a table
// (the chart's accessible equivalent); each named mistake with the explanation the core gave
// and the share of learners who met it; the wrong answers no named mistake explains; each
// learner's score and tries (learner-view.mjs; what the CSV downloads hold); the written
// work; the answers that could not be placed, with the reason. Everything is built from
// regrade.mjs's result and goes in as text.

import { el } from '../ui/dom.mjs';
import { plural } from '../ui/format.mjs';
import { barChart } from './bar-chart.mjs';
import { groupUnplaced } from './class-report.mjs';
import { SUMMARY_HEADER, summaryRows } from './report-csv.mjs';
import { learnerSection, unexplainedList, writtenList } from './learner-view.mjs';

export const count = (n) => n.toLocaleString('en');

const partLabel = (p) => `${p.exercise} · ${p.part}`;

// A name that may break after its dots (frozen.full_stop.readout), and nowhere else, so
// that a narrow column does not split it mid-word.
const breakable = (name) => name.split(/(?<=\.)/).flatMap((piece, i) => (i ? [el('wbr'), piece] : [piece]));

// "12 correct · 5 incorrect (2 near misses) · 1 invalid"
function verdictWords(p) {
  const near = p.nearMisses ? ` (${plural(p.nearMisses, 'near miss', 'near misses')})` : '';
  return `${count(p.correct)} correct · ${count(p.incorrect)} incorrect${near} · ${count(p.invalid)} invalid`;
}

function partsChart(parts) {
  const summary = parts.map((p) => `${partLabel(p)}: ${plural(p.answers, 'answer')}, ${verdictWords(p)}`).join('; ');
  return el('figure', { class: 'report-figure' },
    el('figcaption', {}, 'Answers per part, by verdict'),
    el('ul', { class: 'report-legend', 'aria-hidden': 'true' },
      el('li', {}, el('span', { class: 'report-swatch report-correct' }), 'Correct'),
      el('li', {}, el('span', { class: 'report-swatch report-incorrect' }), 'Incorrect'),
      el('li', {}, el('span', { class: 'report-swatch report-invalid' }), 'Invalid')),
    barChart({
      title: 'Answers per part, by verdict',
      summary: `${summary}.`,
      rows: parts.map((p) => ({
        label: `${partLabel(p)}: ${plural(p.answers, 'answer')}`,
        counts: verdictWords(p),
        segments: [{ className: 'report-correct', count: p.correct }, { className: 'report-incorrect', count: p.incorrect },
          { className: 'report-invalid', count: p.invalid }],
      })),
    }));
}

// "3 of 10 learners (30%) met it"
const shareWords = (m) => `${count(m.learners)} of ${plural(m.of, 'learner')} (${Math.round((100 * m.learners) / m.of)}%) met it`;

function mistakesChart(parts) {
  const mistakes = parts.flatMap((p) => p.mistakes.map((m) => ({ ...m, of: p.learners, where: partLabel(p) })))
    .sort((x, y) => y.count - x.count || x.tag.localeCompare(y.tag));
  if (mistakes.length === 0) return null;
  return el('figure', { class: 'report-figure' },
    el('figcaption', {}, 'Named mistakes, most frequent first'),
    barChart({
      title: 'Named mistakes, most frequent first',
      summary: `${mistakes.map((m) => `${m.tag} in ${m.where}: ${plural(m.count, 'answer')}`).join('; ')}.`,
      rows: mistakes.map((m) => ({
        label: m.tag,
        counts: `${plural(m.count, 'answer')}, in ${m.where}; ${shareWords(m)}`,
        segments: [{ className: 'report-incorrect', count: m.count }],
      })),
    }));
}

function summaryTable(report) {
  const rows = summaryRows(report);
  const head = SUMMARY_HEADER.filter((name) => name !== 'Exercise' && name !== 'Title');
  const table = el('table', { class: 'report-table' },
    el('caption', {}, 'Answers per exercise and part'),
    el('thead', {}, el('tr', {}, head.map((name) => el('th', { scope: 'col' }, name)))));
  let body = null;
  report.parts.forEach((p, index) => {
    const [, , , ...cells] = rows[index];
    if (!body || body.dataset.exercise !== p.exercise) {
      body = el('tbody', { 'data-exercise': p.exercise },
        el('tr', { class: 'report-exercise' },
          el('th', { scope: 'rowgroup', colspan: head.length }, el('code', {}, p.exercise), ` — ${p.title}`)));
      table.append(body);
    }
    const mistakes = cells.pop();
    body.append(el('tr', { 'data-exercise': p.exercise, 'data-part': p.part },
      el('th', { scope: 'row' }, el('code', {}, breakable(p.part))),
      cells.map((value) => el('td', { class: 'report-count' }, String(value))),
      el('td', { class: 'report-mistake-cell' }, mistakes)));
  });
  return el('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': 'Answers per exercise and part (table)' }, table);
}

function mistakeList(parts) {
  const withMistakes = parts.filter((p) => p.mistakes.length > 0);
  if (withMistakes.length === 0) {
    return el('p', { class: 'report-none' }, 'The core named no mistake in these answers.');
  }
  return withMistakes.map((p) => el('section', { class: 'report-mistakes', 'data-exercise': p.exercise, 'data-part': p.part },
    el('h3', {}, el('code', {}, p.exercise), ' · ', el('code', {}, p.part)),
    el('dl', {}, p.mistakes.map((m) => el('div', { class: 'report-mistake', 'data-tag': m.tag },
      el('dt', {}, el('code', { class: 'misconception-name' }, m.tag), `: ${plural(m.count, 'answer')}`,
        el('span', { class: 'report-share', 'data-learners': String(m.learners), 'data-of': String(p.learners) },
          `; ${shareWords({ ...m, of: p.learners })}`)),
      m.explanations.map((e) => el('dd', { class: 'report-explanation' }, e.text,
        m.explanations.length > 1 ? el('span', { class: 'report-explanation-count' }, ` (${plural(e.count, 'answer')})`) : null)))))));
}

function unplacedTable(unplaced) {
  const groups = groupUnplaced(unplaced);
  return el('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': 'Answers not graded (table)' },
    el('table', { class: 'report-table report-unplaced' },
      el('caption', {}, 'Answers in the files that were not graded'),
      el('thead', {}, el('tr', {}, ['Reason', 'Question id', 'Answers'].map((name) => el('th', { scope: 'col' }, name)))),
      el('tbody', {}, groups.map((g) => el('tr', { 'data-reason': g.reason },
        el('td', {}, g.detail ? `${g.reason}: ${g.detail}` : g.reason),
        el('th', { scope: 'row' }, g.id ? el('code', {}, g.id) : '(none)'),
        el('td', { class: 'report-count' }, String(g.count)))))));
}

// report: gradeAnswers' result; unplaced: the answers readReportFile could not place, and
// the ones the core could not grade; downloads: the buttons that save the CSVs (and what to
// say beside them); checklists: (exercise, item) -> the checklist of a written item;
// label(key): the name a learner is shown by; warnings: sentences about the files.
export function reportView(report, { unplaced, downloads = null, checklists = () => [], label = (key) => key, warnings = [] }) {
  const { totals } = report;
  const notGraded = [...unplaced, ...report.ungraded];
  const words = `${plural(totals.answers, 'answer')} graded again by the core: ${count(totals.correct)} correct, ` +
    `${count(totals.incorrect)} incorrect (${plural(totals.nearMisses, 'near miss', 'near misses')}), ` +
    `${count(totals.invalid)} invalid; ${plural(totals.named, 'answer')} with a named mistake.` +
    (notGraded.length ? ` ${plural(notGraded.length, 'answer')} in the files could not be placed or graded (listed below).` : '');
  const parts = report.parts;
  return el('section', { class: 'report-result', 'aria-labelledby': 'report-heading' },
    el('h2', { id: 'report-heading' }, 'The report'),
    el('p', { class: 'report-totals' }, words),
    warnings.length ? el('div', { class: 'notice notice-warning report-warnings' },
      el('p', {}, 'About the files:'), el('ul', {}, warnings.map((text) => el('li', {}, text)))) : null,
    parts.length || report.written.length ? downloads : null,
    parts.length ? partsChart(parts) : null,
    parts.length ? summaryTable(report) : null,
    parts.length ? el('h2', {}, 'Named mistakes and what the core said') : null,
    parts.length ? mistakesChart(parts) : null,
    parts.length ? mistakeList(parts) : null,
    parts.length ? el('h2', {}, 'Wrong answers no named mistake explains') : null,
    parts.length ? el('p', {}, 'What the class typed that the core does not recognise as a known mistake, grouped by the ' +
      'value the core read (so 0.36, .360 and 36% are one value), most frequent first.') : null,
    parts.length ? unexplainedList(parts) : null,
    report.learners.length ? el('h2', {}, 'Each learner: score and tries') : null,
    report.learners.length ? el('p', {}, `A learner's score: for each of the ${plural(report.exercises.length, 'exercise')} ` +
      'answered here, the parts whose last answer is correct (at the variant where the learner has most), over the ' +
      'exercise\u2019s parts; an exercise the learner did not answer counts 0. Open a learner for each part\u2019s tries.') : null,
    report.learners.length ? learnerSection(report, label) : null,
    report.written.length ? el('h2', {}, 'Written work') : null,
    writtenList(report.written, checklists, label),
    notGraded.length ? el('h2', {}, 'Answers that were not graded') : null,
    notGraded.length ? unplacedTable(notGraded) : null);
}
