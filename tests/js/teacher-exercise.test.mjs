// A teacher's exercise file read as text (web/ui/teacher-exercise.mjs): parsed, or refused in a
// sentence that says where it goes wrong; the reader that finds where agrees with JSON.parse
// on every text (the shipped examples, and each of them cut and with a character changed).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonErrorOffset, readExerciseText, MAX_EXERCISE_CHARS } from '../../web/ui/teacher-exercise.mjs';

const examples = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'examples');
const texts = fs.readdirSync(examples).filter((f) => f.endsWith('.json')).map((f) => fs.readFileSync(path.join(examples, f), 'utf8'));

test('an example file is read as it is', () => {
  for (const text of texts) assert.deepEqual(readExerciseText(text).doc, JSON.parse(text));
});

test('text that is not one exercise is refused in a sentence that says where', () => {
  assert.equal(readExerciseText('{"id": "t.x", "parts": [}').error,
    'The file is not valid JSON at line 1, column 25, where it has "}".');
  assert.equal(readExerciseText('{\n  "id": "t.x",\n  "title": tru\n}', 'The pasted text').error,
    'The pasted text is not valid JSON at line 3, column 12, where it has "tru".');
  assert.match(readExerciseText('{"id": "t.x"').error, /ends at line 1, column 13 before the JSON is complete/);
  assert.match(readExerciseText('[1, 2]').error, /must hold one exercise, a JSON object/);
  assert.match(readExerciseText('{"title": "no id"}').error, /has no "id"/);
  assert.match(readExerciseText('  ').error, /is empty/);
  assert.match(readExerciseText(`{"id": "${'x'.repeat(MAX_EXERCISE_CHARS)}"}`).error, /at most 200,000/);
});

test('the reader of where JSON goes wrong agrees with JSON.parse', () => {
  const valid = (text) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  };
  const cases = [...texts, '1', '"a\\u00e9"', '-0.5e+3', '{"a":[]}', '{"a":"\\x"}', '01', '1.', '{"a" 1}', '[1,]', 'nul'];
  for (const text of texts) {
    for (let at = 0; at < text.length; at += 97) {
      cases.push(text.slice(0, at));
      for (const c of ['}', ']', ',', '"', ':', 'x', ' ']) cases.push(text.slice(0, at) + c + text.slice(at + 1));
    }
  }
  for (const text of cases) {
    const at = jsonErrorOffset(text);
    assert.equal(at === null, valid(text), JSON.stringify(text.slice(0, 80)));
    if (at !== null) assert.ok(at >= 0 && at <= text.length);
  }
});
