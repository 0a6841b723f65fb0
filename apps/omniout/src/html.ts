// The HTML both pages share: escaping for text and attribute values, and the document around a page.

/** Escapes text for an HTML text node or a double-quoted attribute value. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

type DocumentOptions = { title: string; body: string; bodyClass: string; scripts?: string[] };

/**
 * A complete page: the shared stylesheet, the app's favicon (without it the browser asks for a
 * /favicon.ico the product does not have), and external module scripts only, since the server's
 * Content-Security-Policy allows scripts from its own origin and no inline ones.
 */
export function renderDocument({ title, body, bodyClass, scripts = [] }: DocumentOptions): string {
  const scriptTags = scripts
    .map((src) => `<script type="module" src="${escapeHtml(src)}"></script>\n`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="omniout.css">
${scriptTags}</head>
<body class="${escapeHtml(bodyClass)}">
${body}
</body>
</html>
`;
}

/** A 20×20 icon drawn with strokes, hidden from assistive technology (the text next to it says it). */
export function icon(name: keyof typeof iconPaths, className = 'icon'): string {
  return `<svg class="${className}" viewBox="0 0 20 20" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${iconPaths[name]}</svg>`;
}

const iconPaths = {
  check: '<path d="M4.5 10.5l3.5 3.5 7.5-8"/>',
  lock: '<rect x="4" y="9" width="12" height="8" rx="2"/><path d="M7 9V6.5a3 3 0 0 1 6 0V9"/>',
  card: '<rect x="2.5" y="4.5" width="15" height="11" rx="2"/><path d="M2.5 8h15M6 12.5h3"/>',
  arrow: '<path d="M4 10h12M11 5l5 5-5 5"/>',
};
