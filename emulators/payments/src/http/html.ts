import type { FastifyReply } from 'fastify';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export type Page = {
  status?: number;
  title: string;
  /** HTML placed in <main> under the <h1> (the title); callers escape what they interpolate. */
  body: string;
  /** Origins a form of the page may end up at after a redirect (Chrome applies form-action to it). */
  formTargets?: string[];
  /** A wider layout (checkout, portal) than the default single column. */
  wide?: boolean;
};

/**
 * Every page is one small HTML document styled by /assets/payments.css, with a policy that allows no
 * script and no other source, and forms that post here (or, after the redirect, to formTargets).
 * Page URLs carry session ids, so no referrer leaves them and nothing is cached.
 */
export function sendPage(reply: FastifyReply, page: Page) {
  const policy = [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    "script-src 'none'",
    `form-action 'self'${page.formTargets?.length ? ` ${page.formTargets.join(' ')}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} · Payments emulator</title>
<link rel="stylesheet" href="/assets/payments.css">
</head>
<body>
<header class="banner${page.wide ? ' wide' : ''}"><p>Payments emulator <span class="badge">Test mode</span></p></header>
<main${page.wide ? ' class="wide"' : ''}>
<h1>${escapeHtml(page.title)}</h1>
${page.body}
</main>
</body>
</html>
`;
  return reply
    .status(page.status ?? 200)
    .type('text/html; charset=utf-8')
    .header('Content-Security-Policy', policy)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Frame-Options', 'DENY')
    .send(html);
}

/** A message for a form: `role=alert` so it is announced, with an id inputs point at. */
export const alertBox = (id: string, messages: string[]) =>
  messages.length === 0
    ? ''
    : `<div class="alert" role="alert" id="${escapeHtml(id)}">${
        messages.length === 1
          ? `<p>${escapeHtml(messages[0] ?? '')}</p>`
          : `<ul>${messages.map((message) => `<li>${escapeHtml(message)}</li>`).join('')}</ul>`
      }</div>`;

export const noticeBox = (message: string | undefined) =>
  message ? `<div class="notice" role="status"><p>${escapeHtml(message)}</p></div>` : '';
