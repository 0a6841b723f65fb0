import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { IdentityContext } from '../context.ts';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** JSON safe to place inside an inline <script>: no "</script>", no line separators. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export type Page = {
  status?: number;
  title: string;
  /** HTML placed in <main> under the <h1> (the title); callers escape what they interpolate. */
  body: string;
  /** Inline script, allowed by a nonce. */
  script?: string;
  /** Origins that may frame the page (the silent-authentication answer); none otherwise. */
  frameAncestors?: string[];
  /** The "Identity emulator" line above the title; off where the title says it already. */
  showBrand?: boolean;
};

/**
 * Every page is one small HTML document styled by /assets/identity.css, with a policy that allows no
 * other source, its own inline script by nonce, and forms posting here or (after a redirect) to the
 * app. Pages carry tickets in their URL, so no referrer leaves them and nothing is cached.
 */
export function sendPage(reply: FastifyReply, context: IdentityContext, page: Page) {
  const nonce = randomBytes(16).toString('base64');
  const origins = context.config.webOrigins.join(' ');
  const policy = [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    page.script ? `script-src 'nonce-${nonce}'` : "script-src 'none'",
    // Chrome applies form-action to the redirect after a POST too: the sign-in forms end at the app.
    `form-action 'self' ${origins}`,
    `frame-ancestors ${page.frameAncestors?.length ? page.frameAncestors.join(' ') : "'none'"}`,
    "base-uri 'none'",
  ].join('; ');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} · Identity emulator</title>
<link rel="stylesheet" href="/assets/identity.css">
</head>
<body>
<main>
${page.showBrand === false ? '' : '<p class="brand">Identity emulator</p>'}
<h1>${escapeHtml(page.title)}</h1>
${page.body}
</main>
${page.script ? `<script nonce="${nonce}">${page.script}</script>` : ''}
</body>
</html>
`;
  return reply
    .status(page.status ?? 200)
    .type('text/html; charset=utf-8')
    .header('Content-Security-Policy', policy)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .send(html);
}
