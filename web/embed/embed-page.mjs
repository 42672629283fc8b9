// embed.html: one exercise (?exercise=ch14.ex1) or a whole chapter (?chapter=14), with an
// optional seed (&seed=42) and parent-origin allow-list (&origin=https://course.example),
// in minimal chrome. Reports its height and the learner's results to the embedding page
// through the postMessage protocol (protocol.mjs).

import { el } from '../ui/dom.mjs';
import { bootCompanion, setStatus, showNotice } from '../ui/boot.mjs';
import { openStore } from '../ui/storage.mjs';
import { connectToParent, parseOrigins, PROTOCOL_VERSION } from './protocol.mjs';
import { exerciseIds, mountSet } from './exercise-set.mjs';

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
  const seedText = params.get('seed') ?? '0';
  const allowedOrigins = parseOrigins(params.get('origin'));
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
  const seed = Number(seedText);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    setStatus(`The seed must be a whole number from 0 to 4294967295, not “${seedText}”.`, 'error');
    return;
  }
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
    companion, ids, seed, store,
    onEvent: (event) => {
      const { type, ...payload } = event;
      channel.post(type, payload);
    },
  });
  await set.ready;
  channel.post('ready', { protocolVersion: PROTOCOL_VERSION, seed, ...set.state() });
}

main().catch((error) => {
  setStatus(`This embed could not be set up: ${error?.message ?? error}`, 'error');
}).finally(() => {
  document.body.dataset.ready = 'true';
});
