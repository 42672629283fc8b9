// JSON read as far as it is whole: the SCO's saved work as an LMS hands it back may be cut
// short (an LMS that keeps fewer characters than it was given) or damaged part way. A strict
// JSON.parse then loses all of it; this reader keeps every value that was read whole before
// the text ended or stopped being JSON. Objects and arrays that were open at that point are
// kept with their whole members (so a saved record is lost only where the damage is); a
// string, number or word that was cut is left out, since its end is not known. Nesting is
// bounded (MAX_DEPTH), and the work is one pass over the text.
//
// readLenient(text, start = 0) -> {value (undefined when nothing whole was read), whole
// (true when the text was JSON to its end, trailing white space aside)}.

const MAX_DEPTH = 64;
const ESCAPES = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const WORDS = [['true', true], ['false', false], ['null', null]];

const CONTROL = /[^ -\uffff]/; // a character below U+0020, which JSON writes escaped

class Stop extends Error {}

export function readLenient(text, start = 0) {
  let i = start;
  const n = text.length;
  const space = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i += 1;
  };
  const stop = () => { throw new Stop(); };

  function string() {
    i += 1; // the opening quote
    let out = '';
    for (;;) {
      const close = text.indexOf('"', i);
      const slash = text.indexOf('\\', i);
      if (close < 0) stop();
      if (slash < 0 || close < slash) {
        const piece = text.slice(i, close);
        if (CONTROL.test(piece)) stop();
        out += piece;
        i = close + 1;
        return out;
      }
      const piece = text.slice(i, slash);
      if (CONTROL.test(piece)) stop();
      out += piece;
      const c = text[slash + 1];
      if (c === 'u') {
        const hex = text.slice(slash + 2, slash + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) stop();
        out += String.fromCharCode(parseInt(hex, 16));
        i = slash + 6;
      } else if (c !== undefined && Object.hasOwn(ESCAPES, c)) {
        out += ESCAPES[c];
        i = slash + 2;
      } else {
        stop();
      }
    }
  }

  // A value that opened at i; `holder.partial` receives an open container's members so far.
  function value(depth, holder) {
    space();
    if (i >= n) stop();
    const c = text[i];
    if (c === '"') return string();
    if (c === '{' || c === '[') {
      if (depth >= MAX_DEPTH) stop();
      const isArray = c === '[';
      const out = isArray ? [] : Object.create(null);
      holder.partial = out;
      i += 1;
      space();
      if (text[i] === (isArray ? ']' : '}')) {
        i += 1;
        return out;
      }
      for (;;) {
        space();
        let key = null;
        if (!isArray) {
          if (text[i] !== '"') stop();
          key = string();
          space();
          if (text[i] !== ':') stop();
          i += 1;
        }
        const inner = {};
        try {
          const member = value(depth + 1, inner);
          if (isArray) out.push(member);
          else out[key] = member;
        } catch (error) {
          // A container left open inside is kept with what it holds.
          if (error instanceof Stop && inner.partial !== undefined) {
            if (isArray) out.push(inner.partial);
            else out[key] = inner.partial;
          }
          throw error;
        }
        space();
        if (text[i] === ',') {
          i += 1;
          continue;
        }
        if (text[i] === (isArray ? ']' : '}')) {
          i += 1;
          return out;
        }
        stop();
      }
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(text);
    if (number) {
      const end = i + number[0].length;
      // A number may have been cut ("1.5e", or at the very end): it counts once what follows
      // it ends it.
      if (end >= n || !' \t\n\r,]}'.includes(text[end])) stop();
      i = end;
      return Number(number[0]);
    }
    for (const [word, meaning] of WORDS) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return meaning;
      }
    }
    return stop();
  }

  const top = {};
  try {
    const result = value(0, top);
    space();
    return { value: result, whole: i >= n };
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return { value: top.partial, whole: false };
  }
}
