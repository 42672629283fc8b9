// How much of a learner's text is kept: an answer or a written explanation keeps at most
// MAX_TEXT characters (UTF-16 code units, as SCORM 2004 counts a long fill-in response,
// whose smallest permitted maximum is 4,000), and a text is never cut inside a character
// written as a surrogate pair. The field of a written item states the limit as the learner
// nears it (open-task.mjs); storage, progress files and SCORM keep the same number.

export const MAX_TEXT = 4000;

// The first `n` UTF-16 code units of a text, never ending on half of a character written
// as a surrogate pair.
export function cutText(text, n) {
  const cut = String(text).slice(0, n);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

// A text as it is kept: its first MAX_TEXT code units, whole characters only.
export const keptText = (text) => cutText(text, MAX_TEXT);
