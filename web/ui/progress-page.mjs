// progress.html: export the saved answers to a file and import them back.

import { openStore } from './storage.mjs';
import { showNotice } from './boot.mjs';
import { mountProgressPanel } from './progress-panel.mjs';

try {
  const { store, notice } = openStore();
  if (notice) showNotice(notice, 'warning');
  mountProgressPanel(document.getElementById('progress'), { store });
} finally {
  document.body.dataset.ready = 'true';
}
