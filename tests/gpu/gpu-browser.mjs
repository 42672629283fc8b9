// Shared by the WebGPU tests (gpu-*.test.mjs): Debian's Chromium with or without
// --enable-unsafe-webgpu (without it, requestAdapter() returns null: the fallback path),
// the assembled site served by tools/serve.mjs (through the shared harness), and the batch
// lab page opened and ready.

import { launchBrowser, newCheckedPage, waitReady } from '../e2e/harness.mjs';

export function launchChromium({ webgpu }) {
  return launchBrowser({ extraArgs: webgpu ? ['--enable-unsafe-webgpu'] : [] });
}

// Opens lab-batch.html; `allow` lists console errors the test expects.
export async function openBatchLab(browser, serverUrl, { allow = [] } = {}) {
  const checked = await newCheckedPage(browser, { viewport: { width: 1280, height: 1000 }, allow });
  await checked.page.goto(`${serverUrl}lab-batch.html`);
  await waitReady(checked.page);
  await checked.page.locator('#batch-result[data-runs]').waitFor();
  return checked;
}
