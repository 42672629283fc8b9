// The class report's fixtures, shared by tests/js/class-report.test.mjs and the browser's
// tests/e2e/class-report.test.mjs: Moodle's cell escaping and row writing, and a class of
// three learners whose answers to Exercise 19.3's weights include six wrong answers that
// no named mistake explains (two of them the same value typed differently: five values),
// a written explanation, and a text a spreadsheet would run as a formula. The tests check
// with the core that the six are such answers; nothing here decides a verdict.

import { interactionId, writtenId } from '../../web/embed/scorm-values.mjs';

// Moodle's s(): htmlspecialchars(ENT_QUOTES), then numeric references the text already
// held are un-doubled.
export const moodleS = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  .replace(/"/g, '&quot;').replace(/'/g, '&#039;').replace(/&amp;#(\d+|x[0-9a-f]+);/gi, '&#$1;');
// PHP's fputcsv with a tab: a cell is quoted when it holds the delimiter, a quote, a
// backslash, a line break or a space; quotes inside are doubled.
const phpCell = (text) => (/[\t"\\\n\r ]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
export const phpRow = (cells) => `${cells.map((cell) => phpCell(String(cell))).join('\t')}\n`;

export const UNEXPLAINED_PART = ['ch19.ex3', 'weights'];
export const SAME_VALUE = ['[0.36, 0.5, 0.14]', '[.360, 0.5, 0.14]'];
export const OTHERS = ['[0.1, 0.1, 0.8]', '[0.2, 0.2, 0.6]', '[0.3, 0.3, 0.4]', '[0.45, 0.45, 0.1]'];
export const EXPLANATION = 'They must add up to one.';

// [[learner, [{id, text}]]]
export function classOfThree() {
  const W = (text) => ({ id: interactionId(...UNEXPLAINED_PART), text });
  return [
    ['Ana', [W(SAME_VALUE[0]), W(OTHERS[0]), { id: writtenId('ch14.ex2', 'why_not_a_distribution'), text: EXPLANATION }]],
    ['Ben', [W(SAME_VALUE[1]), W(OTHERS[1])]],
    ['Cy', [W(OTHERS[2]), W(OTHERS[3]), { id: interactionId('ch14.ex1', 'weights'), text: '=1+2' }]],
  ];
}

// Learners' interactions as Moodle's Interactions report writes them (tab-separated).
export function classReport(learners) {
  const most = Math.max(...learners.map(([, list]) => list.length));
  const header = ['Name', 'Attempt', ...Array.from({ length: most }, (_, i) => [`Question ${i}`, `Response ${i}`]).flat()];
  return [header, ...learners.map(([name, list]) => [name, '1', ...list.flatMap(({ id, text }) => [moodleS(id), moodleS(text)])])]
    .map(phpRow).join('');
}
