// A teacher's own exercise file (docs/authoring.md): its text read as JSON, with a message
// that says where it is wrong, and a file fetched from an address the teacher hosts
// (exercise.html?src=…, embed.html?src=…, <attention-exercise src="…">). The file is only
// ever parsed: nothing in it is run or put into a page as HTML. Whether the core accepts it
// is the core's to say (companion.exercise refuses it by name).

// (No import: the pages load this file only for a teacher's file, and it shares no chunk
// with them.)
const messageOf = (error) => (error && typeof error.message === 'string' ? error.message : String(error));

// The bounds a file is read within, the core's own (cpp/exercises/file_limits.h, FileLimits;
// tests/js/teacher-file-ids.test.mjs holds them equal): its size, and its nesting, measured
// before the text is parsed, since a page that handed a file nested thousands deep to the core
// (JSON.stringify) would run out of stack.
export const MAX_EXERCISE_CHARS = 200_000;
export const MAX_EXERCISE_DEPTH = 16;

// The offset where JSON text is first nested deeper than MAX_EXERCISE_DEPTH ({ and [ outside
// its strings), or null.
export function tooDeepAt(text) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === '{' || c === '[') {
      depth += 1;
      if (depth > MAX_EXERCISE_DEPTH) return i;
    } else if (c === '}' || c === ']') {
      depth -= 1;
    }
  }
  return null;
}

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
  const deep = tooDeepAt(text);
  if (deep !== null) {
    return { error: `${name} is nested more than ${MAX_EXERCISE_DEPTH} levels deep (nesting), at `
      + `${JSON.stringify(text.slice(Math.max(0, deep - 20), deep + 20))}.` };
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

// Why a teacher's file whose id is one of the site's own exercises' (ids: a Set of them) is
// refused, as a clause ("the id … is …"), or null. (The form of an id is the core's to check:
// docs/authoring.md.)
export function shippedIdProblem(id, ids) {
  if (!ids?.has(id)) return null;
  return `its id "${id}" is one of the companion’s own exercises’: give the file an id of its own `
    + '(such as "teacher.my-exercise"), so that it never shows or changes that exercise’s saved answers';
}

// The ids of the site's own exercises: those of the catalogue a page carries (inPage), else of
// the site's catalogue.json. A learner's answers are kept by exercise id (storage.mjs), so a
// teacher's file is not opened where these cannot be read: throws then.
export async function siteExerciseIds(base, inPage = null) {
  let entries = inPage;
  if (!Array.isArray(entries)) {
    const unread = 'The companion’s list of its own exercises could not be read, so the exercise file is not opened '
      + '(its id must not be one of theirs).';
    try {
      const response = await fetch(new URL('catalogue.json', base));
      entries = response.ok ? await response.json() : null;
    } catch (error) {
      throw new Error(unread, { cause: error });
    }
    if (!Array.isArray(entries)) throw new Error(unread);
  }
  return new Set(entries.map((entry) => entry?.id).filter((id) => typeof id === 'string'));
}

// The address of a teacher's file (src, relative to base) -> the parsed exercise, refused where
// its id is one of shippedIds (the site's own exercises'); throws an
// Error whose message a page shows as it is. A file on another site is fetched only where
// that site allows it (CORS: Access-Control-Allow-Origin) and this site's policy does
// (Content-Security-Policy connect-src): docs/teachers.md says what to set.
export async function fetchExercise(src, base, { shippedIds = null } = {}) {
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
  const shipped = shippedIdProblem(read.doc.id, shippedIds);
  if (shipped) throw new Error(`The exercise file at ${url.href} is refused: ${shipped}.`);
  return read.doc;
}
