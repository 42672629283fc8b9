// The class report's chart: horizontal bars, one group per row (a part, or a named
// mistake), each bar made of coloured segments (correct, incorrect, invalid; or one
// count), drawn as SVG. The label sits above its bar and the counts, in words, below it.
// The text keeps its size at any width: the SVG is as wide as its column, only the bars
// stretch (their x and width are percentages of the widest row), and a line of text that
// would not fit is wrapped at its spaces, measured in the page (again when the window's
// width changes). It is an image with a title and a summary for assistive technology; the
// page's table is its accessible equivalent.

import { svgEl } from '../ui/dom.mjs';

const LINE = 18;        // px from one line of text to the next
const BAR_HEIGHT = 14;
const GAP = 12;         // px between rows

const percent = (share) => `${(Math.max(0, Math.min(1, share)) * 100).toFixed(3)}%`;
const countOf = (segment) => (Number.isFinite(segment.count) && segment.count > 0 ? segment.count : 0);

// The lines of `text` that fit `width` px as `probe` (an SVG text in the page) measures
// them; one line when nothing can be measured (the chart not in the page yet).
function wrap(text, width, probe) {
  probe.textContent = text;
  if (!(width > 0) || probe.getComputedTextLength() <= width) return [text];
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    const tried = line ? `${line} ${word}` : word;
    probe.textContent = tried;
    if (line && probe.getComputedTextLength() > width) {
      lines.push(line);
      line = word;
    } else {
      line = tried;
    }
  }
  lines.push(line);
  return lines;
}

// {title, rows: [{label, segments: [{className, count}], counts (the words under the bar)}],
//  summary (the words assistive technology reads)} -> an <svg> that lays itself out.
export function barChart({ title, rows, summary }) {
  const widest = Math.max(1, ...rows.map((row) => row.segments.reduce((sum, s) => sum + countOf(s), 0)));
  const svg = svgEl('svg', { class: 'report-chart', width: '100%', role: 'img', 'aria-label': `${title}. ${summary}` });
  let drawnWidth = null;

  const draw = () => {
    const width = svg.isConnected ? svg.getBoundingClientRect().width : 0;
    if (width === drawnWidth) return;
    drawnWidth = width;
    svg.replaceChildren(svgEl('title', {}, title));
    const probe = svgEl('text', { x: 0, y: 0, class: 'report-chart-label', visibility: 'hidden' });
    svg.append(probe);
    let y = 0;
    const lines = (text, className) => {
      probe.setAttribute('class', className);
      return wrap(text, width, probe).map((line) => {
        y += LINE;
        return svgEl('text', { x: 0, y: y - 4, class: className }, line);
      });
    };
    for (const row of rows) {
      const group = svgEl('g', { class: 'report-chart-row' });
      group.append(...lines(row.label, 'report-chart-label'));
      const top = y + 4;
      group.append(svgEl('rect', { x: 0, y: top, width: '100%', height: BAR_HEIGHT, class: 'report-bar-track' }));
      let start = 0;
      for (const segment of row.segments) {
        const count = countOf(segment);
        if (count === 0) continue;
        group.append(svgEl('rect', { x: percent(start / widest), y: top, width: percent(count / widest), height: BAR_HEIGHT,
          class: `report-bar ${segment.className}` }));
        start += count;
      }
      y = top + BAR_HEIGHT + 2;
      group.append(...lines(row.counts, 'report-chart-counts'));
      y += GAP;
      svg.append(group);
    }
    probe.remove();
    svg.setAttribute('height', Math.max(1, y - GAP + 4));
  };

  draw();
  // Laid out again once it is in the page (the next frame), and whenever the window's
  // width changes, until it leaves the page.
  const again = () => {
    if (!svg.isConnected && drawnWidth !== null && drawnWidth > 0) {
      window.removeEventListener('resize', again);
      return;
    }
    draw();
  };
  requestAnimationFrame(again);
  window.addEventListener('resize', again);
  return svg;
}
