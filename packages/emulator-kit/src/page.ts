import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from './html.ts';

/** One page of an emulator: what its own page function decides, the shell does the rest. */
export type PageShell = {
  status?: number;
  /** The <h1>, and the <title> before " · product". */
  title: string;
  /** The emulator's name, such as "Identity emulator" (the end of every <title>). */
  product: string;
  /** The emulator's one stylesheet, such as /assets/identity.css. */
  stylesheet: string;
  /** HTML placed in <main> under the <h1>; callers escape what they interpolate. */
  body: string;
  /** HTML before <main> (a banner), and at the top of <main> above the <h1> (a brand line). */
  header?: string;
  lead?: string;
  /** A class for <main> (a wider layout). */
  mainClass?: string;
  /**
   * A name for <main>: a page framed inside another page's <main> (an embedded checkout) needs one,
   * or the two landmarks cannot be told apart.
   */
  mainLabel?: string;
  /** Inline script, allowed by a nonce; without one no script runs. */
  script?: string;
  /** Origins a form of the page may end up at after a redirect (Chrome applies form-action to it). */
  formTargets?: string[];
  /** Origins that may frame the page; none otherwise (and X-Frame-Options: DENY). */
  frameAncestors?: string[];
};

/**
 * Every emulator page is one small HTML document styled by the emulator's stylesheet, with a policy
 * that allows no other source, its own inline script by nonce, and forms posting here or (after a
 * redirect) to formTargets. Page URLs carry tickets and session ids, so no referrer leaves them and
 * nothing is cached.
 */
export function sendHtmlPage(reply: FastifyReply, page: PageShell) {
  const nonce = page.script ? randomBytes(16).toString('base64') : undefined;
  const framed = Boolean(page.frameAncestors?.length);
  const policy = [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    nonce ? `script-src 'nonce-${nonce}'` : "script-src 'none'",
    `form-action ${["'self'", ...(page.formTargets ?? [])].join(' ')}`,
    `frame-ancestors ${framed ? page.frameAncestors?.join(' ') : "'none'"}`,
    "base-uri 'none'",
  ].join('; ');
  const lines = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(page.title)} · ${escapeHtml(page.product)}</title>`,
    `<link rel="stylesheet" href="${escapeHtml(page.stylesheet)}">`,
    '</head>',
    '<body>',
    page.header,
    `<main${page.mainClass ? ` class="${escapeHtml(page.mainClass)}"` : ''}${page.mainLabel ? ` aria-label="${escapeHtml(page.mainLabel)}"` : ''}>`,
    page.lead,
    `<h1>${escapeHtml(page.title)}</h1>`,
    page.body,
    '</main>',
    nonce ? `<script nonce="${nonce}">${page.script}</script>` : undefined,
    '</body>',
    '</html>',
  ];
  const html = `${lines.filter((line) => line !== undefined && line !== '').join('\n')}\n`;
  reply
    .status(page.status ?? 200)
    .type('text/html; charset=utf-8')
    .header('Content-Security-Policy', policy)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer');
  if (!framed) reply.header('X-Frame-Options', 'DENY');
  return reply.send(html);
}
