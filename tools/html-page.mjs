// The small static pages the embed build writes (dist/'s index and exercise pages, a
// SCORM package's launch page): a head with the charset, viewport, title and style.css,
// a body with data attributes, and classic scripts at its end.

export const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function page({ title, body, scripts, dataset = {} }) {
  const data = Object.entries(dataset).map(([key, value]) => ` data-${key}="${escapeHtml(value)}"`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="style.css">
</head>
<body${data}>
${body}
${scripts.map((src) => `<script src="${src}"></script>`).join('\n')}
</body>
</html>
`;
}
