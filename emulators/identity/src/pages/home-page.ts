import { escapeHtml } from '@launchkit/emulator-kit';
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';
import { sendPage } from '#identity/http/html.ts';

/** `/`: what this server is and how it is configured, for a developer who opens it by hand. */
export function registerHomePage(app: FastifyInstance, context: IdentityContext) {
  const { config, urls } = context;
  app.get('/', async (_request, reply) => {
    const appOrigin = config.webOrigins[0] ?? '';
    const rows: [string, string][] = [
      ['Issuer', urls.issuer],
      ['Browser client id', config.webClientId],
      ['Management client id', config.managementClient.id],
      ['API audience (AUTH0_AUDIENCE)', urls.apiAudience],
      ['Database connection', config.connection],
      ['Password policy', config.passwordPolicy],
      ['Web origins', config.webOrigins.join(', ')],
      ['Users', String(context.store.state.users.size)],
    ];
    const mail =
      config.mail.transport === 'outbox'
        ? `<p>Emails (verification, password reset, unblock) go to the development outbox: <a href="${escapeHtml(appOrigin)}/dev/outbox">${escapeHtml(appOrigin)}/dev/outbox</a>.</p>`
        : '<p>Emails are sent through the SMTP server of SMTP_URL.</p>';
    return sendPage(reply, context, {
      title: 'Identity emulator',
      showBrand: false,
      body: `<p>An OAuth/OpenID Connect provider speaking Auth0's protocol, for development and tests.</p>
<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
${mail}
<p><a href="/.well-known/openid-configuration">OpenID configuration</a> · <a href="/.well-known/jwks.json">Signing keys</a></p>`,
    });
  });
}
