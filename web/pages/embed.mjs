// embed.html: one exercise (?exercise=ID) or a whole chapter (?chapter=14), with an
// optional seed (&seed=42) and parent-origin allow-list (&origin=https://course.example),
// in minimal chrome. Reports its height and the learner's results to the embedding page
// through the postMessage protocol (protocol.mjs), only to the origins on the list: with
// none (or only malformed ones, which a notice names) it posts nothing.

import { el } from '../ui/dom.mjs';
import { bootCompanion, setStatus, showNotice, ensureHeading } from '../ui/boot.mjs';
import { openStore } from '../ui/storage.mjs';
import { connectToParent, originNotice, parseOrigins, PROTOCOL_VERSION } from '../embed/protocol.mjs';
import { exerciseIds, mountSet } from '../embed/exercise-set.mjs';
import { readSeed } from '../seed.mjs';
import { messageOf } from '../error-message.mjs';

function watchHeight(post) {
  let last = -1;
  const report = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    document.body.dataset.height = String(height);
    post('resize', { height });
  };
  new ResizeObserver(report).observe(document.documentElement);
  report();
}

async function main() {
  const params = new URLSearchParams(window.location.search);
  const exercise = params.get('exercise');
  const chapter = params.get('chapter');
  const seedRead = readSeed(params.get('seed') ?? '0', 'seed in the address');
  const parsedOrigins = parseOrigins(params.get('origin'));
  const allowedOrigins = parsedOrigins.origins;
  if (parsedOrigins.rejected.length) {
    showNotice(originNotice(parsedOrigins), 'error');
    document.body.dataset.originProblem = 'true';
  }
  let set = null;
  const channel = connectToParent({
    allowedOrigins,
    onCommand: async (command) => {
      if (!set) throw new Error('The exercise is not loaded yet.');
      if (command.type === 'reset') await set.reset(command.exercise);
      if (command.type === 'setSeed') await set.setSeed(command.seed, command.exercise);
      if (command.type === 'getState') channel.post('state', { requestId: command.requestId, ...set.state() });
    },
  });
  watchHeight(channel.post);

  const { store, notice } = openStore();
  if (notice) showNotice(notice, 'warning');
  if (!exercise && !chapter) {
    setStatus('This embed needs ?exercise=ID or ?chapter=N in its address.', 'error');
    return;
  }
  if (!seedRead.ok) {
    setStatus(seedRead.message, 'error');
    return;
  }
  const { seed } = seedRead;
  const companion = await bootCompanion();
  if (!companion) return;
  let ids;
  try {
    ids = exerciseIds(companion, { exercise, chapter });
  } catch (error) {
    setStatus(error.message, 'error');
    return;
  }
  const holder = document.getElementById('exercises');
  if (chapter && !exercise) holder.before(el('h1', { class: 'aw-chapter' }, `Chapter ${chapter}`));
  set = mountSet(holder, {
    companion, ids, seed, store, titleLevel: exercise ? 1 : 2, // the page's one exercise is its h1
    onEvent: (event) => {
      const { type, ...payload } = event;
      channel.post(type, payload);
    },
  });
  await set.ready;
  channel.post('ready', { protocolVersion: PROTOCOL_VERSION, seed, ...set.state() });
}

main().catch((error) => {
  setStatus(`This embed could not be set up: ${messageOf(error)}`, 'error');
}).finally(() => {
  ensureHeading('An exercise of the attention companion');
  document.body.dataset.ready = 'true';
});
