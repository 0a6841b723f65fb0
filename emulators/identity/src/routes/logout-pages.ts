import { escapeHtml } from '@launchkit/emulator-kit';
import type { FastifyReply } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';
import { backToAppLink, sendPage } from '#identity/http/html.ts';

// The pages of the logout endpoints: refusals, the confirmation asked for without an id_token_hint,
// and the signed-out page.

export function isAllowedLogoutUrl(context: IdentityContext, address: string) {
  return URL.canParse(address) && context.config.webOrigins.includes(new URL(address).origin);
}

/** A 400 page saying the request was not understood, with `reason` as its paragraph's HTML. */
export function logoutNotUnderstood(context: IdentityContext, reply: FastifyReply, reason: string) {
  return sendPage(reply, context, {
    status: 400,
    title: 'Sign-out request not understood',
    body: `<p>${reason}</p>`,
  });
}

export function refusedAddress(context: IdentityContext, reply: FastifyReply, name: string, address: string) {
  const { webOrigins } = context.config;
  return sendPage(reply, context, {
    status: 400,
    title: 'Return address not allowed',
    body: `<p>You are still signed in. The ${name} address "${escapeHtml(address)}" is not an allowed logout URL.</p>
<p class="hint">Allowed: any address on ${webOrigins.map(escapeHtml).join(', ')} (IDENTITY_WEB_ORIGINS).</p>`,
  });
}

export function unknownClient(context: IdentityContext, reply: FastifyReply, clientId: string) {
  return sendPage(reply, context, {
    status: 400,
    title: 'Unknown client',
    body: `<p>The client_id "${escapeHtml(clientId)}" is not a client of this identity provider.</p>`,
  });
}

export function signedOutPage(context: IdentityContext, reply: FastifyReply) {
  return sendPage(reply, context, {
    title: 'You are signed out',
    body: `<p>You are signed out of the identity emulator.</p>
${backToAppLink(context)}`,
  });
}

/** Asks the person to confirm, posting the request's parameters back with `confirm=yes`. */
export function confirmLogoutPage(
  context: IdentityContext,
  reply: FastifyReply,
  params: Record<string, string | undefined>,
) {
  const fields = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(String(value))}">`,
    )
    .join('\n');
  return sendPage(reply, context, {
    title: `Sign out of ${context.config.appName}?`,
    body: `<form method="post" action="/oidc/logout">
${fields}
<input type="hidden" name="confirm" value="yes">
<button type="submit">Sign out</button>
</form>`,
  });
}
