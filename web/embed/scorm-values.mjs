// What a package writes into the LMS's data model, in forms every LMS accepts: the ids of
// interactions and objectives, and a learner's text as a response. The class report
// (web/report/interactions.mjs) reads the ids back.

import { cutText } from '../ui/text-limits.mjs';
import { tagWords } from '../ui/practice-target.mjs';

export { cutText };

// An interaction's or objective's id: the exercise (and part) ids, with anything outside
// the identifier characters both versions accept replaced.
export const scormId = (...names) => names.join('.').replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 255);

// A checked part's interaction id: exercise.part, then .v<seed> for a variant other than
// the chapter's numbers (seed 0), so that a class report can grade the stored answer again
// against the numbers the learner saw; then, where known, .h<version> (the version of the
// exercise the answer was given against: VERSION below) and .seen (the learner had seen a
// worked solution before this check), which SCORM 1.2's report shows nowhere else.
export const VERSION = /^[A-Za-z0-9-]{1,64}$/;
export const SEEN = 'seen';
export const interactionId = (exercise, part, seed = 0, { version = null, solutionSeen = false } = {}) => scormId(
  exercise, part, ...(seed ? [`v${seed}`] : []), ...(typeof version === 'string' && VERSION.test(version) ? [`h${version}`] : []),
  ...(solutionSeen ? [SEEN] : []));

// The word that marks written work in an interaction id: exercise.written.ITEM, ITEM an
// explain item's name or PLAN, an open design task's plan (the whole exercise).
export const WRITTEN = 'written';
export const PLAN = 'plan';
// What a teacher reads (in the class report, its CSV and a SCORM 2004 interaction's
// description) where a learner opened a written item's reference notes.
export const REVEALED_WORDS = 'reference notes opened';
// A written text longer than a response holds (SCORM 1.2's 255 characters) goes in pieces,
// each its own interaction: exercise.written.ITEM for the first, then .2, .3, … (the class
// report joins them again); then .seen where the learner had opened the item's reference
// notes (revealed), as a checked part's id says a worked solution was seen, since SCORM 1.2's
// report shows it nowhere else. Under SCORM 2004 (one interaction per item, whole) the item's
// id names its variant as a checked part's does, .v<seed> after ITEM for a seed other than 0,
// since its reference notes, and so what the teacher compares the text with, are the
// variant's; SCORM 1.2's ids stay as they were (seed 0 here), its pieces each within 255.
export const writtenId = (exercise, item, piece = 1, { revealed = false, seed = 0 } = {}) => scormId(exercise, WRITTEN,
  item, ...(seed ? [`v${seed}`] : []), ...(piece > 1 ? [String(piece)] : []), ...(revealed ? [SEEN] : []));

// The mark of a part's practice: exercise.part.practice.TAG, the interaction that records
// that the learner practised the part's named mistake TAG on new variants (result correct;
// its response the mistake's tag, whole, where the id's is cut to the 255 characters both
// versions allow; under 2004 its description PRACTISED_WORDS and the mistake), one per part
// and mistake. (The first ids had no tag: exercise.part.practice, which the report still reads.)
export const PRACTICE = 'practice';
export const PRACTISED_WORDS = 'practised';
export const practiceId = (exercise, part, tag) => scormId(exercise, part, PRACTICE, ...(tag ? [tag] : []));
// What a teacher reads for a practised mistake (the class report, its CSV, SCORM 2004's
// description): "practised: divided by count".
export const practisedText = (tag) => `${PRACTISED_WORDS}: ${tagWords(tag)}`;

// A learner's text as an LMS response: every line break (a matrix typed one row a line)
// becomes a space, which the core reads the same way, since the runtimes' response types
// hold one line (Moodle's SCORM 2004 checks ^.*$, scorm-again's 1.2 refuses a line break);
// and a text that opens with "{" gets a space before it, since SCORM 2004's language-tagged
// strings read a leading "{" as the start of a {lang=…} tag. At most `n` characters.
export function lmsResponse(text, n) {
  const line = String(text).replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, ' ');
  return cutText(line.startsWith('{') ? ` ${line}` : line, n);
}

// A learner's text as one line (lmsResponse's line breaks as spaces), in pieces of at most
// `n` UTF-16 code units, never half a character; at least one piece (empty for no text).
export function responsePieces(text, n) {
  const line = String(text).replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, ' ');
  const pieces = [];
  for (let at = 0; at < line.length || pieces.length === 0;) {
    const piece = cutText(line.slice(at), n) || line.slice(at, at + 2); // (n < 2: a pair stays whole)
    pieces.push(piece);
    at += piece.length;
  }
  return pieces;
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
