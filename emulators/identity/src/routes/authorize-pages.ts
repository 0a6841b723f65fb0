import { randomBytes, timingSafeEqual } from 'node:crypto';
import { escapeHtml } from '@launchkit/emulator-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { sendPage } from '#identity/http/html.ts';
import {
  consentPageBody,
  type ExistingAccount,
  loginPageBody,
  secondFactorPageBody,
} from '#identity/pages/sign-in-pages.ts';
import type { SocialConnection } from '#identity/storage/identity-state.ts';
import { socialProviderNames } from '#identity/users/sign-in-with-social.ts';
import { type AuthorizeRequest, validateAuthorizeRequest } from './authorize-request.ts';
import { deliverAuthorizeError } from './authorize-response.ts';

// Login CSRF guard for the sign-in forms: a random value in a SameSite cookie and in the form.
const csrfCookie = 'identity_csrf';

const formText = z.string().max(4096).optional();
const signInForm = z.object({
  authorize: z.string().max(16_384),
  csrf: z.string().max(256),
  action: z.enum(['continue', 'cancel', 'switch']).default('continue'),
  email: formText,
  name: formText,
  password: formText,
  account: formText,
  mfa_token: formText,
  otp: formText,
  recovery_code: formText,
  method: z.enum(['otp', 'recovery-code']).default('otp'),
});

export type SignInForm = z.infer<typeof signInForm>;

export function sendErrorPage(
  context: IdentityContext,
  reply: FastifyReply,
  title: string,
  message: string,
  status = 400,
) {
  return sendPage(reply, context, { status, title, body: `<p>${escapeHtml(message)}</p>` });
}

export function csrfFor(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const existing = request.cookies[csrfCookie];
  if (existing && /^[\w-]{20,64}$/.test(existing)) return existing;
  const value = randomBytes(24).toString('base64url');
  reply.setCookie(csrfCookie, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: context.urls.isSecure,
    path: '/authorize',
    maxAge: 3600,
  });
  return value;
}

export function showLoginPage(
  context: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  authorize: AuthorizeRequest,
  options: { email?: string; error?: string; status?: number } = {},
) {
  return sendPage(reply, context, {
    status: options.status,
    title: `Sign in to ${context.config.appName}`,
    body: loginPageBody({ query: authorize.query, csrf: csrfFor(context, request, reply) }, options),
  });
}

export function showConsentPage(
  context: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  authorize: AuthorizeRequest,
  connection: SocialConnection,
  options: { error?: string; status?: number } = {},
) {
  const accounts: ExistingAccount[] = [];
  for (const user of context.store.state.users.values()) {
    for (const identity of user.identities) {
      if (identity.provider === connection)
        accounts.push({ id: identity.userId, name: user.name, email: identity.email });
    }
  }
  const { appName } = context.config;
  const provider = socialProviderNames[connection];
  return sendPage(reply, context, {
    status: options.status,
    title: `Continue to ${appName} with ${provider}`,
    body: consentPageBody(
      { query: authorize.query, csrf: csrfFor(context, request, reply) },
      { appName, provider, connection, accounts, error: options.error },
    ),
  });
}

export function showSecondFactorPage(
  context: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  authorize: AuthorizeRequest,
  mfaToken: string,
  options: { usesRecoveryCode?: boolean; error?: string; status?: number } = {},
) {
  return sendPage(reply, context, {
    status: options.status,
    title: 'Verify it is you',
    body: secondFactorPageBody(
      { query: authorize.query, csrf: csrfFor(context, request, reply), mfaToken },
      { usesRecoveryCode: options.usesRecoveryCode ?? false, error: options.error },
    ),
  });
}

/** The checks every sign-in form shares; undefined when a response was already sent. */
export function readSignInForm(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const form = signInForm.safeParse(request.body ?? {});
  if (!form.success) {
    sendErrorPage(
      context,
      reply,
      'Sign-in form not understood',
      'The form was incomplete. Start signing in again from the application.',
    );
    return undefined;
  }
  const validation = validateAuthorizeRequest(
    Object.fromEntries(new URLSearchParams(form.data.authorize)),
    context,
  );
  if (validation.kind === 'page') {
    sendErrorPage(context, reply, validation.title, validation.message);
    return undefined;
  }
  if (validation.kind === 'callback') {
    deliverAuthorizeError(context, reply, validation.request, validation.error, validation.description);
    return undefined;
  }
  const cookie = request.cookies[csrfCookie] ?? '';
  if (!sameText(cookie, form.data.csrf)) {
    sendErrorPage(
      context,
      reply,
      'This sign-in form has expired',
      'Start signing in again from the application. (The form must be sent from this browser, with cookies enabled.)',
      403,
    );
    return undefined;
  }
  return { form: form.data, authorize: validation.request };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length > 0 && left.length === right.length && timingSafeEqual(left, right);
}
