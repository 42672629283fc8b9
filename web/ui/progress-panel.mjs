// Export and import controls for the learner's progress (progress-file.mjs): a button
// that downloads the file and a file picker that imports one, with the outcome shown as
// text in a live region.

import { el } from './dom.mjs';
import { exportProgress, exportFileName, importProgress } from './progress-file.mjs';

export function mountProgressPanel(holder, { store, onImported = () => {} }) {
  const outcome = el('p', { class: 'progress-outcome', role: 'status', 'aria-live': 'polite' });
  const exportButton = el('button', { type: 'button', class: 'export-progress' }, 'Export my progress');
  const fileInput = el('input', { type: 'file', accept: '.json,application/json', class: 'import-progress' });
  const show = (text, kind) => {
    outcome.textContent = text;
    outcome.dataset.outcome = kind;
    outcome.className = `progress-outcome notice notice-${kind === 'ok' ? 'info' : 'error'}`;
  };
  exportButton.addEventListener('click', () => {
    const blob = new Blob([exportProgress(store)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = el('a', { href: url, download: exportFileName(), hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    show('Your progress was saved as a file.', 'ok');
  });
  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    if (!file) return;
    let text;
    try {
      text = await file.text();
    } catch {
      show('The file could not be read. Nothing was changed.', 'error');
      return;
    }
    const result = importProgress(store, text);
    show(result.message, result.ok ? 'ok' : 'error');
    fileInput.value = '';
    if (result.ok) onImported();
  });
  const inputId = `import-${Math.random().toString(36).slice(2)}`;
  fileInput.id = inputId;
  holder.append(el('section', { class: 'progress-panel', 'aria-labelledby': `${inputId}-h` },
    el('h2', { id: `${inputId}-h` }, 'Save or load your progress'),
    el('p', {}, 'Your answers are kept in this browser. Save them as a file to keep a copy or move them to another browser, ' +
      'and load such a file here to bring them back. Loading a file adds its answers to the ones already here.'),
    el('p', { class: 'progress-actions' }, exportButton, ' ',
      el('label', { for: inputId }, 'Load a progress file: '), fileInput),
    outcome));
}
