// A teacher's own exercise file (docs/authoring.md): its text read as JSON, with a message
// that says where it is wrong, and a file fetched from an address the teacher hosts
// (exercise.html?src=…, embed.html?src=…, <attention-exercise src="…">). The file is only
// ever parsed: nothing in it is run or put into a page as HTML. Whether the core accepts it
// is the core's to say (companion.exercise refuses it by name).

// (No import: the pages load this file only for a teacher's file, and it shares no chunk
// with them.)
const messageOf = (error) => (error && typeof error.message === 'string' ? error.message : String(error));

export const MAX_EXERCISE_CHARS = 1_000_000;

// The offset where JSON text stops being JSON (browsers do not all say where), found by a
// small reader of the grammar; the text's length when it ends too soon.
export function jsonErrorOffset(text) {
  let i = 0;
  const space = () => { while (i < text.length && ' \t\n\r'.includes(text[i])) i += 1; };
  const fail = () => { throw i; };
  const literal = (word) => { if (text.startsWith(word, i)) i += word.length; else fail(); };
  const string = () => {
    i += 1;
    for (;;) {
      if (i >= text.length) fail();
      const c = text[i];
      if (c === '"') { i += 1; return; }
      if (c < ' ') fail();
      if (c === '\\') {
        i += 1;
        if (text[i] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) i += 5;
        else if ('"\\/bfnrt'.includes(text[i] ?? 'x')) i += 1;
        else fail();
      } else {
        i += 1;
      }
    }
  };
  const value = () => {
    space();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i += 1;
      space();
      if (text[i] === close) { i += 1; return; }
      for (;;) {
        if (c === '{') {
          space();
          if (text[i] !== '"') fail();
          string();
          space();
          if (text[i] !== ':') fail();
          i += 1;
        }
        value();
        space();
        if (text[i] === ',') { i += 1; continue; }
        if (text[i] === close) { i += 1; return; }
        fail();
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!number) fail();
    i += number[0].length;
  };
  try {
    value();
    space();
    return i < text.length ? i : null;
  } catch (at) {
    if (typeof at !== 'number') throw at;
    return Math.min(at, text.length);
  }
}

// Where JSON text goes wrong, in words: "at line L, column C (where it has “}”)".
function where(text, error) {
  const at = jsonErrorOffset(text);
  if (at === null) return `: ${messageOf(error)}`;
  const before = text.slice(0, at);
  const place = `line ${before.split('\n').length}, column ${before.length - before.lastIndexOf('\n')}`;
  if (at >= text.length) return `: it ends at ${place} before the JSON is complete (a missing } or ] or ")`;
  const shown = JSON.stringify(text.slice(at, at + 12).split('\n')[0] || text[at]);
  return ` at ${place}, where it has ${shown}`;
}

// text -> {doc} or {error: a sentence}. name: what the text is called in the sentence.
export function readExerciseText(text, name = 'The file') {
  if (typeof text !== 'string' || text.trim() === '') return { error: `${name} is empty.` };
  if (text.length > MAX_EXERCISE_CHARS) {
    return { error: `${name} has ${text.length.toLocaleString('en')} characters; an exercise file has at most `
      + `${MAX_EXERCISE_CHARS.toLocaleString('en')}.` };
  }
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    return { error: `${name} is not valid JSON${where(text, error)}.` };
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    return { error: `${name} must hold one exercise, a JSON object: {"id": …, "title": …, "parts": […], …}.` };
  }
  if (typeof doc.id !== 'string' || doc.id.trim() === '') {
    return { error: `${name} has no "id": give the exercise one, such as "teacher.my-exercise".` };
  }
  return { doc };
}

// The address of a teacher's file (src, relative to base) -> the parsed exercise; throws an
// Error whose message a page shows as it is. A file on another site is fetched only where
// that site allows it (CORS: Access-Control-Allow-Origin) and this site's policy does
// (Content-Security-Policy connect-src): docs/teachers.md says what to set.
export async function fetchExercise(src, base) {
  let url;
  try {
    url = new URL(src, base);
  } catch {
    throw new Error(`The address of the exercise file, ${JSON.stringify(String(src))}, is not an address.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`The exercise file must be on a web address (https:), not ${url.protocol}.`);
  }
  let response;
  try {
    // (no-cache: asked again each time, so that a file the teacher has edited is the one shown.)
    response = await fetch(url, { credentials: 'omit', cache: 'no-cache' });
  } catch (error) {
    const foreign = typeof location !== 'undefined' && url.origin !== location.origin;
    throw new Error(`The exercise file at ${url.href} could not be fetched (${messageOf(error)}).`
      + (foreign ? ' A file on another site is read only where that site allows it (CORS) and this site’s '
        + 'Content-Security-Policy lets it connect there; the simplest is to put the file beside the companion.' : ''),
    { cause: error });
  }
  if (!response.ok) throw new Error(`The exercise file at ${url.href} could not be fetched (HTTP ${response.status}).`);
  const read = readExerciseText(await response.text(), `The file at ${url.href}`);
  if (read.error) throw new Error(read.error);
  return read.doc;
}
