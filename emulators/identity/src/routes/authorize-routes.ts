import { randomBytes, timingSafeEqual } from 'node:crypto';
import { escapeHtml } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { sendPage } from '#identity/http/html.ts';
import { rateLimitHeaders } from '#identity/http/rate-limiter.ts';
import { answerSecondFactor } from '#identity/mfa/answer-second-factor.ts';
import { hasSecondFactor } from '#identity/mfa/authenticators.ts';
import { createMfaToken, spendMfaToken } from '#identity/mfa/mfa-tokens.ts';
import { mfaTokenOwner, tooManySecondFactorAttempts } from '#identity/mfa/second-factor-grant.ts';
import {
  consentPageBody,
  type ExistingAccount,
  loginPageBody,
  newRecoveryCodePageBody,
  secondFactorPageBody,
} from '#identity/pages/sign-in-pages.ts';
import type { SocialConnection, UserRecord } from '#identity/storage/identity-state.ts';
import { nowInSeconds } from '#identity/tokens/issue-tokens.ts';
import { readSession, startSession } from '#identity/users/sessions.ts';
import {
  loginAttemptKey,
  signInWithPassword,
  tooManyAttemptsMessage,
} from '#identity/users/sign-in-with-password.ts';
import { signInWithSocial, socialProviderNames } from '#identity/users/sign-in-with-social.ts';
import { findUserByIdentity } from '#identity/users/user-profile.ts';
import { type AuthorizeRequest, validateAuthorizeRequest } from './authorize-request.ts';
import { deliverAuthorizeError, deliverTokens } from './authorize-response.ts';

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
const emailAddress = z.email().max(254);

/**
 * GET /authorize and the two sign-in forms behind it: the database login page and the social consent
 * page. A valid session cookie answers prompt=none (checkSession) without any page.
 */
export function registerAuthorizeRoutes(app: FastifyInstance, context: IdentityContext) {
  const { config, urls } = context;

  const errorPage = (reply: FastifyReply, title: string, message: string, status = 400) =>
    sendPage(reply, context, { status, title, body: `<p>${escapeHtml(message)}</p>` });

  const csrfFor = (request: FastifyRequest, reply: FastifyReply) => {
    const existing = request.cookies[csrfCookie];
    if (existing && /^[\w-]{20,64}$/.test(existing)) return existing;
    const value = randomBytes(24).toString('base64url');
    reply.setCookie(csrfCookie, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: urls.isSecure,
      path: '/authorize',
      maxAge: 3600,
    });
    return value;
  };

  const showLoginPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    authorize: AuthorizeRequest,
    options: { email?: string; error?: string; status?: number } = {},
  ) =>
    sendPage(reply, context, {
      status: options.status,
      title: `Sign in to ${config.appName}`,
      body: loginPageBody({ query: authorize.query, csrf: csrfFor(request, reply) }, options),
    });

  const showConsentPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    authorize: AuthorizeRequest,
    connection: SocialConnection,
    options: { error?: string; status?: number } = {},
  ) => {
    const accounts: ExistingAccount[] = [];
    for (const user of context.store.state.users.values()) {
      for (const identity of user.identities) {
        if (identity.provider === connection)
          accounts.push({ id: identity.userId, name: user.name, email: identity.email });
      }
    }
    const provider = socialProviderNames[connection];
    return sendPage(reply, context, {
      status: options.status,
      title: `Continue to ${config.appName} with ${provider}`,
      body: consentPageBody(
        { query: authorize.query, csrf: csrfFor(request, reply) },
        { appName: config.appName, provider, connection, accounts, error: options.error },
      ),
    });
  };

  const showSecondFactorPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    authorize: AuthorizeRequest,
    mfaToken: string,
    options: { usesRecoveryCode?: boolean; error?: string; status?: number } = {},
  ) =>
    sendPage(reply, context, {
      status: options.status,
      title: 'Verify it is you',
      body: secondFactorPageBody(
        { query: authorize.query, csrf: csrfFor(request, reply), mfaToken },
        { usesRecoveryCode: options.usesRecoveryCode ?? false, error: options.error },
      ),
    });

  /** The first factor passed: the tokens, or first the second factor's page for a person who has one. */
  const finishSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    authorize: AuthorizeRequest,
    user: UserRecord,
  ) => {
    if (!hasSecondFactor(user)) {
      const session = await startSession(context, reply, user.userId, nowInSeconds());
      return deliverTokens(context, reply, authorize, user, session);
    }
    const mfaToken = await createMfaToken(context.store, {
      userId: user.userId,
      clientId: authorize.clientId,
      audience: authorize.audience,
      scope: authorize.scope ?? '',
      sid: '',
    });
    return showSecondFactorPage(request, reply, authorize, mfaToken);
  };

  app.get('/authorize', async (request, reply) => {
    const validation = validateAuthorizeRequest(request.query, config, urls);
    if (validation.kind === 'page') return errorPage(reply, validation.title, validation.message);
    const authorize = validation.request;
    if (validation.kind === 'callback') {
      return deliverAuthorizeError(context, reply, authorize, validation.error, validation.description);
    }
    const session = readSession(context, request);
    // max_age: a session signed in longer ago counts as none, so the person proves who they are again.
    const isRecentEnough =
      authorize.maxAge === undefined || nowInSeconds() - (session?.session.authTime ?? 0) <= authorize.maxAge;
    const signedIn = isRecentEnough ? session : undefined;
    if (authorize.prompt === 'none') {
      if (!signedIn)
        return deliverAuthorizeError(context, reply, authorize, 'login_required', 'Login required');
      return deliverTokens(context, reply, authorize, signedIn.user, signedIn.session);
    }
    if (authorize.connection !== 'database')
      return showConsentPage(request, reply, authorize, authorize.connection);
    // Single sign-on: a live session skips the form unless the app asks to sign in again.
    if (signedIn && authorize.prompt !== 'login') {
      return deliverTokens(context, reply, authorize, signedIn.user, signedIn.session);
    }
    return showLoginPage(request, reply, authorize);
  });

  /** The checks both forms share; undefined when a response was already sent. */
  const readForm = (request: FastifyRequest, reply: FastifyReply) => {
    const form = signInForm.safeParse(request.body ?? {});
    if (!form.success) {
      errorPage(
        reply,
        'Sign-in form not understood',
        'The form was incomplete. Start signing in again from the application.',
      );
      return undefined;
    }
    const validation = validateAuthorizeRequest(
      Object.fromEntries(new URLSearchParams(form.data.authorize)),
      config,
      urls,
    );
    if (validation.kind === 'page') {
      errorPage(reply, validation.title, validation.message);
      return undefined;
    }
    if (validation.kind === 'callback') {
      deliverAuthorizeError(context, reply, validation.request, validation.error, validation.description);
      return undefined;
    }
    const cookie = request.cookies[csrfCookie] ?? '';
    if (!sameText(cookie, form.data.csrf)) {
      errorPage(
        reply,
        'This sign-in form has expired',
        'Start signing in again from the application. (The form must be sent from this browser, with cookies enabled.)',
        403,
      );
      return undefined;
    }
    return { form: form.data, authorize: validation.request };
  };

  app.post('/authorize/login', async (request, reply) => {
    const read = readForm(request, reply);
    if (!read) return reply;
    const { form, authorize } = read;
    if (form.action === 'cancel')
      return deliverAuthorizeError(context, reply, authorize, 'access_denied', 'User cancelled');
    if (!form.email || !form.password) {
      return showLoginPage(request, reply, authorize, {
        email: form.email,
        error: 'Enter your email and password.',
        status: 400,
      });
    }
    const limit = context.rateLimits.loginAttempts?.take(loginAttemptKey(form.email, request.ip));
    if (limit) reply.headers(rateLimitHeaders(limit));
    if (limit && !limit.isAllowed) {
      return showLoginPage(request, reply, authorize, {
        email: form.email,
        error: `Too many sign-in attempts for this account. Try again in ${limit.retryAfterSeconds} seconds.`,
        status: 429,
      });
    }
    const result = await signInWithPassword(context, {
      email: form.email,
      password: form.password,
      ip: request.ip,
    });
    if (!result.ok) {
      const refusal = {
        wrong_credentials: { status: 401, error: 'Wrong email or password.' },
        too_many_attempts: { status: 429, error: tooManyAttemptsMessage },
        blocked: { status: 401, error: 'This account is blocked.' },
      }[result.reason];
      return showLoginPage(request, reply, authorize, { email: form.email, ...refusal });
    }
    return finishSignIn(request, reply, authorize, result.user);
  });

  app.post('/authorize/consent', async (request, reply) => {
    const read = readForm(request, reply);
    if (!read) return reply;
    const { form, authorize } = read;
    const { connection } = authorize;
    if (connection === 'database') {
      return errorPage(reply, 'Wrong form', 'This request signs in with a password: use the sign-in page.');
    }
    if (form.action === 'cancel')
      return deliverAuthorizeError(context, reply, authorize, 'access_denied', 'User cancelled');

    let email: string;
    let name: string | undefined;
    if (form.account) {
      const user = findUserByIdentity(context.store.state, connection, form.account);
      const identity = user?.identities.find(
        (each) => each.provider === connection && each.userId === form.account,
      );
      if (!identity) {
        return showConsentPage(request, reply, authorize, connection, {
          error: 'That account no longer exists.',
          status: 400,
        });
      }
      email = identity.email;
    } else {
      const parsed = emailAddress.safeParse(form.email?.trim());
      if (!parsed.success) {
        return showConsentPage(request, reply, authorize, connection, {
          error: 'Enter a valid email address.',
          status: 400,
        });
      }
      email = parsed.data;
      name = form.name?.trim().slice(0, 150) || undefined;
    }
    const user = await signInWithSocial(context, { connection, email, name, ip: request.ip });
    if (user.blocked) {
      return showConsentPage(request, reply, authorize, connection, {
        error: 'This account is blocked.',
        status: 401,
      });
    }
    return finishSignIn(request, reply, authorize, user);
  });

  app.post('/authorize/mfa', async (request, reply) => {
    const read = readForm(request, reply);
    if (!read) return reply;
    const { form, authorize } = read;
    if (form.action === 'cancel')
      return deliverAuthorizeError(context, reply, authorize, 'access_denied', 'User cancelled');
    const mfaToken = form.mfa_token ?? '';
    let owner: ReturnType<typeof mfaTokenOwner>;
    try {
      owner = mfaTokenOwner(context, mfaToken, authorize.clientId);
    } catch {
      return errorPage(
        reply,
        'This sign-in has expired',
        'Start signing in again from the application.',
        403,
      );
    }
    const { user, record } = owner;
    const usesRecoveryCode = form.method === 'recovery-code';
    if (form.action === 'switch')
      return showSecondFactorPage(request, reply, authorize, mfaToken, { usesRecoveryCode });
    const complete = async () => {
      spendMfaToken(context.store, mfaToken);
      const session = await startSession(context, reply, user.userId, nowInSeconds(), ['mfa']);
      return deliverTokens(context, reply, authorize, user, session);
    };
    if (record.passed) return complete();

    const outcome = answerSecondFactor(
      context,
      user,
      usesRecoveryCode
        ? { recoveryCode: form.recovery_code ?? '' }
        : { otp: (form.otp ?? '').replace(/\s/g, '') },
    );
    if (outcome.kind === 'locked') {
      reply.headers(rateLimitHeaders(outcome.limit));
      return showSecondFactorPage(request, reply, authorize, mfaToken, {
        usesRecoveryCode,
        error: tooManySecondFactorAttempts,
        status: 429,
      });
    }
    if (outcome.kind === 'wrong') {
      return showSecondFactorPage(request, reply, authorize, mfaToken, {
        usesRecoveryCode,
        error: usesRecoveryCode ? 'That recovery code is not right.' : 'That code is not right.',
        status: 403,
      });
    }
    const { nextRecoveryCode } = outcome;
    if (!nextRecoveryCode) return complete();
    record.passed = true;
    await context.store.save();
    return sendPage(reply, context, {
      title: 'Save your new recovery code',
      body: newRecoveryCodePageBody(
        { query: authorize.query, csrf: csrfFor(request, reply), mfaToken },
        nextRecoveryCode,
      ),
    });
  });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length > 0 && left.length === right.length && timingSafeEqual(left, right);
}
