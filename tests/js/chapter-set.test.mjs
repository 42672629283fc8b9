// A chapter embed (web/ui/chapter-set.mjs) says the state of an exercise it has not drawn yet,
// nor loaded the file of, from the catalogue alone: the same state as the widget's, from the
// exercise's file and the core (web/embed/widget.mjs's savedExerciseState), for every exercise.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadCompanion } from '../../web/companion.mjs';
import { catalogueState } from '../../web/ui/chapter-set.mjs';
import { savedExerciseState } from '../../web/embed/widget.mjs';

let companion;
before(async () => { companion = await loadCompanion({ core: 'exercises' }); });

// A store with something saved under every key it is asked for (a part's answer, written work).
const store = {
  part: (id, name, seed) => ({ text: `${id}/${name}/${seed}`, verdict: name.length % 2 ? 'correct' : 'incorrect', attempts: 2 }),
  openTask: (id, key) => ({ notes: `${id}/${key}`, ticked: [0] }),
};
const empty = { part: () => null, openTask: () => null };

test('an exercise not drawn yet has the state its file would give it, from the catalogue alone', () => {
  const entries = companion.exercises();
  assert.ok(entries.length > 30);
  for (const entry of entries) {
    for (const saved of [store, empty]) {
      assert.deepEqual(catalogueState(entry, saved), savedExerciseState(companion, saved, entry.id, 0), entry.id);
    }
  }
});
