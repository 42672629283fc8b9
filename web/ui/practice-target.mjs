// Practice that targets a named mistake (issue 46, item 6): after a part is settled at a
// seed where one of its tries carried a named mistake, the learner may practise the step on
// new variants. This file holds the choices, pure and DOM-free: which mistake a part's tries
// name, how it is said in words, and which new variant to draw. A variant serves only where
// the mistake gives there a value the core tells apart from the right one at the precision it
// judges: the core's describeMistakes gives the mistake's answer at that seed, and grading
// that answer at that seed is "incorrect" with the same named mistake.

// The most variants tried before the page says none was found.
export const MAX_CANDIDATES = 40;
// Right answers in a row, each on a new variant, that mark the mistake as practised.
export const PRACTISED_AFTER = 2;

// The named mistake of a part's tries at a seed (the latest try that named one), or null.
export function mistakeOf(tries) {
  for (let i = (tries ?? []).length - 1; i >= 0; i -= 1) {
    if (typeof tries[i]?.mistake === 'string' && tries[i].mistake !== '') return tries[i].mistake;
  }
  return null;
}

// A mistake's tag as words: "divided-by-count" -> "divided by count".
export const tagWords = (tag) => String(tag).replace(/[-_]+/g, ' ').trim();

// The mistake in words for the learner: the core's explanation where it holds no number (so
// that it gives no value of the variant away), else the tag's words.
export function mistakeWords(tag, explanation = null) {
  const said = typeof explanation === 'string' ? explanation.trim() : '';
  return said !== '' && !/[0-9]/.test(said) && said.length <= 300 ? said : tagWords(tag);
}

// FNV-1a over a text: a 32-bit number, the same in every browser.
function hash32(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

// The candidate seeds of a practice, in order: drawn from the exercise, the part and the
// mistake (so the same learner gets the same sequence back), each from 1 to 2^32 - 1, none of
// `avoid` (the seed the part was answered at, and the practice's seeds so far).
export function candidateSeeds(exerciseId, part, tag, avoid = [], count = MAX_CANDIDATES) {
  const skip = new Set(avoid.map(Number));
  const out = [];
  for (let i = 0; out.length < count && i < count * 4; i += 1) {
    const seed = hash32(`${exerciseId}\u0000${part}\u0000${tag}\u0000${i}`);
    if (seed === 0 || skip.has(seed) || out.includes(seed)) continue;
    out.push(seed);
  }
  return out;
}

// Whether the mistake `tag` tells apart at `seed`: its answer there (the core's) is graded
// incorrect with that mistake named. companion: mistakes(id, {seed}), grade(id, part, text, {seed}).
export function mistakeShowsAt(companion, exerciseId, part, tag, seed) {
  const described = companion.mistakes(exerciseId, { seed });
  const named = (described?.parts ?? []).find((entry) => entry.name === part)?.mistakes
    ?.find((mistake) => mistake.tag === tag);
  if (!named || typeof named.answer !== 'string' || named.answer.trim() === '') return false;
  const result = companion.grade(exerciseId, part, named.answer, { seed });
  return result?.verdict === 'incorrect' && result.misconception === tag;
}

// The next practice variant: the first candidate at which the mistake shows and that is
// another exercise than the one answered (avoid[0]; an exercise that a seed does not change
// has no new variant, so no practice), or null where none of them is (a core error at a
// candidate skips it).
export function practiceSeed(companion, exerciseId, part, tag, avoid = []) {
  let answered = null;
  for (const seed of candidateSeeds(exerciseId, part, tag, avoid)) {
    try {
      answered ??= JSON.stringify(companion.exercise(exerciseId, { seed: Number(avoid[0] ?? 0) }));
      if (JSON.stringify(companion.exercise(exerciseId, { seed })) === answered) continue;
      if (mistakeShowsAt(companion, exerciseId, part, tag, seed)) return seed;
    } catch {
      // (this candidate could not be drawn: the next one is tried)
    }
  }
  return null;
}

// A practice after a check at a practice variant: a right answer moves on (streak + 1,
// practised at PRACTISED_AFTER), a wrong one keeps the variant and starts the streak again;
// an answer the core could not read changes nothing. -> {streak, practised, moveOn}
export function afterCheck(practice, verdict) {
  if (verdict === 'correct') {
    const streak = practice.streak + 1;
    return { streak, practised: practice.practised || streak >= PRACTISED_AFTER, moveOn: true };
  }
  if (verdict === 'incorrect') return { streak: 0, practised: practice.practised, moveOn: false };
  return { streak: practice.streak, practised: practice.practised, moveOn: false };
}
