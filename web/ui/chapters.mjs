// The book chapters the companion goes with, in the companion's words, and the exercise
// catalogue (companion.exercises(): id, chapter, order, title, parts) put in chapter
// order. Which exercises exist, and in what order, comes only from the catalogue.

// A short title for each chapter's heading, and one line on what the chapter is about.
export const CHAPTERS = {
  14: {
    title: 'Attention: where should the current output look?',
    about: 'cross-attention in a recurrent encoder–decoder, worked exactly with a = ln 2',
  },
  19: {
    title: 'Attention as query-dependent retrieval',
    about: 'attention as query-dependent retrieval (scores, softmax, temperature, masks, batched tensors, cost)',
  },
};

export function chapterTitle(chapter) {
  return Object.hasOwn(CHAPTERS, chapter) ? CHAPTERS[chapter].title : null;
}

export function chapterAbout(chapter) {
  return Object.hasOwn(CHAPTERS, chapter) ? CHAPTERS[chapter].about : null;
}

// The catalogue's well-formed entries, sorted by chapter, then by order within it.
export function inChapterOrder(list) {
  if (!Array.isArray(list)) return [];
  return list.filter((entry) => entry && typeof entry.id === 'string')
    .map((entry, index) => ({ entry, index }))
    .sort((x, y) => (Number(x.entry.chapter) - Number(y.entry.chapter))
      || ((x.entry.order ?? 0) - (y.entry.order ?? 0)) || (x.index - y.index))
    .map(({ entry }) => entry);
}

// [[chapter, [entries in order]], ...] in chapter order.
export function byChapter(list) {
  const groups = new Map();
  for (const entry of inChapterOrder(list)) {
    const chapter = entry.chapter ?? '?';
    if (!groups.has(chapter)) groups.set(chapter, []);
    groups.get(chapter).push(entry);
  }
  return [...groups.entries()];
}

// The explain item names of a catalogue entry (its written, ungraded halves).
export function explainNames(entry) {
  return Array.isArray(entry?.explain) ? entry.explain.map(String) : [];
}

// The part names of a catalogue entry (an open design task has none).
export function partNames(entry) {
  return Array.isArray(entry?.parts) ? entry.parts.map(String) : [];
}
