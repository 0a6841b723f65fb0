import { readOutbox, type StoredMail } from '@launchkit/mail';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import type { MailSite } from '#api/mail/mail-layout.ts';
import { type MailTemplate, renderMail } from '#api/mail/mail-template.ts';
import { mailTemplates } from '#api/mail/mail-templates.ts';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * The development outbox (embedded mode, no SMTP_URL): every mail the product sends, as a page at
 * /dev/outbox and as JSON at /api/dev/outbox?to=<address>, and every template's preview at /dev/mail. Mail holds reset and invitation links, so
 * only a client on this machine may read it, judged by the socket's own peer address: `request.ip`
 * would follow X-Forwarded-For under TRUST_PROXY, and a reverse proxy on this host makes every visitor
 * loopback, so a request that came through a proxy (any forwarding header) is refused too. And only
 * under a name of this machine (localhost, a loopback address, the site's own host): a web page whose
 * name an attacker points at 127.0.0.1 (DNS rebinding) reaches the socket from this machine, but its
 * requests carry the attacker's host name.
 */
export function registerOutboxRoutes(
  app: FastifyInstance,
  options: { outboxDir: string; siteOrigins: string[]; site: MailSite },
) {
  const localHosts = new Set([
    'localhost',
    '127.0.0.1',
    '[::1]',
    ...options.siteOrigins.map((origin) => new URL(origin).hostname),
  ]);
  const assertAllowed = (request: FastifyRequest) => {
    const peer = request.raw.socket.remoteAddress ?? '';
    const isForwarded = forwardingHeaders.some((header) => request.headers[header] !== undefined);
    if (!loopback.has(peer) || isForwarded) {
      throw new AppError(403, 'forbidden', 'The development outbox is only readable from this machine.');
    }
    if (!localHosts.has(hostnameOf(request.headers.host))) {
      throw new AppError(
        403,
        'forbidden',
        `The development outbox answers only at ${[...localHosts].join(', ')}: open it at http://localhost (the site's own host is set by VITE_SITE_URL).`,
      );
    }
  };

  route(app, 'readOutbox', { guard: assertAllowed }, async ({ query }) =>
    success(await readOutbox(options.outboxDir, { to: query.to })),
  );

  const sendPage = (reply: FastifyReply, page: string) =>
    reply
      .type('text/html; charset=utf-8')
      // The mails' own HTML shows in sandboxed frames of this page: no script, no request anywhere.
      .header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      )
      .send(page);

  app.get('/dev/outbox', async (request, reply) => {
    assertAllowed(request);
    return sendPage(reply, renderOutbox(await readOutbox(options.outboxDir)));
  });

  app.get('/dev/mail', async (request, reply) => {
    assertAllowed(request);
    return sendPage(reply, await renderPreviews(options.site));
  });
}

/** The host name of a Host header (lower case, without the port); '' when there is none. */
function hostnameOf(host: string | undefined): string {
  if (!host || !URL.canParse(`http://${host}`)) return '';
  return new URL(`http://${host}`).hostname;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const linkify = (escaped: string) => escaped.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** A mail as the outbox page shows it: its rendered HTML in a sandboxed frame, its plain text below. */
function renderMessage(message: Pick<StoredMail, 'subject' | 'to' | 'text' | 'html'>, meta: string): string {
  const html = message.html
    ? `<iframe sandbox srcdoc="${escapeHtml(message.html)}" title="${escapeHtml(message.subject)}"></iframe>
  <details><summary>Plain text</summary><pre>${linkify(escapeHtml(message.text))}</pre></details>`
    : `<pre>${linkify(escapeHtml(message.text))}</pre>`;
  return `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">${meta}</p>
  ${html}
</article>`;
}

function renderPage(title: string, intro: string, articles: string[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:2rem 1rem;color:#1e293b}
article{border:1px solid #e2e8f0;border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}
h2{font-size:1.05rem;margin:0}.meta{color:#475569;font-size:.85rem}pre{white-space:pre-wrap;font:inherit}
iframe{border:1px solid #e2e8f0;border-radius:.25rem;width:100%;height:44rem;background:#fff}
summary{cursor:pointer;color:#475569;margin-top:.5rem}a{color:#4338ca}
</style></head>
<body><main><h1>${title}</h1>
<p>${intro}</p>
${articles.join('\n') || '<p>No mail yet.</p>'}
</main></body></html>`;
}

function renderOutbox(messages: StoredMail[]): string {
  return renderPage(
    'Development outbox',
    'Mail the product sends while no SMTP server is configured. Newest first. Every template, with example content: <a href="/dev/mail">/dev/mail</a>.',
    messages.map((message) =>
      renderMessage(
        message,
        `To ${escapeHtml(message.to)} · from ${escapeHtml(message.from)} · ${escapeHtml(message.createdAt)}`,
      ),
    ),
  );
}

/** Every mail template rendered with its example props (mail/mail-templates.ts). */
async function renderPreviews(site: MailSite): Promise<string> {
  const articles = await Promise.all(
    Object.entries(mailTemplates).map(async ([name, template]) => {
      const mail = await renderMail(template as MailTemplate<unknown>, template.example, site);
      const kind = template.optional ? 'optional: carries List-Unsubscribe' : 'always sent';
      return renderMessage({ ...mail, to: '' }, `Template <code>${escapeHtml(name)}</code> · ${kind}`);
    }),
  );
  return renderPage(
    'Mail templates',
    'Every mail the product sends, rendered with example content (apps/api/src/mail/templates). Mail actually sent: <a href="/dev/outbox">/dev/outbox</a>.',
    articles,
  );
}
