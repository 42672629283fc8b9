// What a package writes into the LMS's data model, in forms every LMS accepts: the ids of
// interactions and objectives, and a learner's text as a response. The class report
// (web/report/interactions.mjs) reads the ids back.

// An interaction's or objective's id: the exercise (and part) ids, with anything outside
// the identifier characters both versions accept replaced.
export const scormId = (...names) => names.join('.').replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 255);

// A checked part's interaction id: exercise.part, and .v<seed> after it for a variant
// other than the chapter's numbers (seed 0), so that a class report can grade the stored
// answer again against the numbers the learner saw.
export const interactionId = (exercise, part, seed = 0) => (seed ? scormId(exercise, part, `v${seed}`)
  : scormId(exercise, part));

// The word that marks written work in an interaction id: exercise.written.ITEM, ITEM an
// explain item's name or PLAN, an open design task's plan (the whole exercise).
export const WRITTEN = 'written';
export const PLAN = 'plan';
export const writtenId = (exercise, item) => scormId(exercise, WRITTEN, item);

// The first `n` UTF-16 code units of a text (the limits of SCORM's string types), never
// ending on half of a character written as a surrogate pair.
export function cutText(text, n) {
  const cut = String(text).slice(0, n);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

// A learner's text as an LMS response: every line break (a matrix typed one row a line)
// becomes a space, which the core reads the same way, since the runtimes' response types
// hold one line (Moodle's SCORM 2004 checks ^.*$, scorm-again's 1.2 refuses a line break);
// and a text that opens with "{" gets a space before it, since SCORM 2004's language-tagged
// strings read a leading "{" as the start of a {lang=…} tag. At most `n` characters.
export function lmsResponse(text, n) {
  const line = String(text).replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, ' ');
  return cutText(line.startsWith('{') ? ` ${line}` : line, n);
}

// The bytes of a text in UTF-8 (what a browser sends).
export function utf8Length(text) {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}
