// progress.html: export the saved answers to a file and import them back.

import { openStore } from '../ui/storage.mjs';
import { showNotice } from '../ui/boot.mjs';
import { mountProgressPanel } from '../ui/progress-panel.mjs';

try {
  const { store, notice } = openStore();
  if (notice) showNotice(notice, 'warning');
  mountProgressPanel(document.getElementById('progress'), { store });
} finally {
  document.body.dataset.ready = 'true';
}
