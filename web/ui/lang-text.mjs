// Text that may hold Chinese source tokens (Chapter 14's source is written in Chinese:
// 红色, 钥匙, 。). Each run of Chinese characters and CJK punctuation goes into a
// <span lang="zh">, so that a screen reader reads it in the right language and the
// stylesheet's :lang(zh) font fallback applies; everything else stays plain text nodes.
// The text is only ever inserted as text, never as markup.

const CJK_RUN = /[\p{Script=Han}\u3000-\u303F\uFF00-\uFFEF]+/gu;

// "the source [红色, 钥匙, 。]" -> [text node, <span lang="zh">, text node, ...].
export function langNodes(text) {
  const source = String(text ?? '');
  const nodes = [];
  let last = 0;
  for (const match of source.matchAll(CJK_RUN)) {
    if (match.index > last) nodes.push(document.createTextNode(source.slice(last, match.index)));
    const span = document.createElement('span');
    span.lang = 'zh';
    span.textContent = match[0];
    nodes.push(span);
    last = match.index + match[0].length;
  }
  if (last < source.length || nodes.length === 0) nodes.push(document.createTextNode(source.slice(last)));
  return nodes;
}
