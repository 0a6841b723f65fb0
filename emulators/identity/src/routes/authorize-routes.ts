import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { sendPage } from '#identity/http/html.ts';
import { rateLimitHeaders } from '#identity/http/rate-limiter.ts';
import { answerSecondFactor } from '#identity/mfa/answer-second-factor.ts';
import { hasSecondFactor } from '#identity/mfa/authenticators.ts';
import { createMfaToken, spendMfaToken } from '#identity/mfa/mfa-tokens.ts';
import { mfaTokenOwner, tooManySecondFactorAttempts } from '#identity/mfa/second-factor-grant.ts';
import { newRecoveryCodePageBody } from '#identity/pages/sign-in-pages.ts';
import type { SocialConnection, UserRecord } from '#identity/storage/identity-state.ts';
import { nowInSeconds } from '#identity/tokens/issue-tokens.ts';
import { readSession, startSession } from '#identity/users/sessions.ts';
import {
  loginAttemptKey,
  signInWithPassword,
  tooManyAttemptsMessage,
} from '#identity/users/sign-in-with-password.ts';
import { signInWithSocial } from '#identity/users/sign-in-with-social.ts';
import { findUserByIdentity } from '#identity/users/user-profile.ts';
import {
  csrfFor,
  readSignInForm,
  type SignInForm,
  sendErrorPage,
  showConsentPage,
  showLoginPage,
  showSecondFactorPage,
} from './authorize-pages.ts';
import { type AuthorizeRequest, validateAuthorizeRequest } from './authorize-request.ts';
import { deliverAuthorizeError, deliverTokens } from './authorize-response.ts';
import { enterpriseConnectionFor, startEnterpriseSignIn } from './enterprise-routes.ts';

const emailAddress = z.email().max(254);

async function authorize(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const validation = validateAuthorizeRequest(request.query, context);
  if (validation.kind === 'page') return sendErrorPage(context, reply, validation.title, validation.message);
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
    return showConsentPage(context, request, reply, authorize, authorize.connection);
  const enterprise = enterpriseConnectionFor(context, authorize);
  // An enterprise connection signs in at the customer's provider, even with a session here (Auth0 asks the provider, which may keep its own).
  if (enterprise && (authorize.enterpriseConnection || !signedIn || authorize.prompt === 'login'))
    return startEnterpriseSignIn(context, reply, authorize, enterprise);
  // Single sign-on: a live session skips the form unless the app asks to sign in again.
  if (signedIn && authorize.prompt !== 'login') {
    return deliverTokens(context, reply, authorize, signedIn.user, signedIn.session);
  }
  return showLoginPage(context, request, reply, authorize);
}

/** The first factor passed: the tokens, or first the second factor's page for a person who has one. */
async function finishSignIn(
  context: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  authorize: AuthorizeRequest,
  user: UserRecord,
  connection: string,
) {
  if (!hasSecondFactor(user)) {
    const session = await startSession(context, reply, user.userId, nowInSeconds());
    return deliverTokens(context, reply, authorize, user, session, connection);
  }
  const mfaToken = await createMfaToken(context.store, {
    userId: user.userId,
    clientId: authorize.clientId,
    audience: authorize.audience,
    scope: authorize.scope ?? '',
    sid: '',
  });
  return showSecondFactorPage(context, request, reply, authorize, mfaToken);
}

async function submitLogin(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const read = readSignInForm(context, request, reply);
  if (!read) return reply;
  const { form, authorize } = read;
  if (form.action === 'cancel') return cancelSignIn(context, reply, authorize);
  if (!form.email || !form.password) {
    return showLoginPage(context, request, reply, authorize, {
      email: form.email,
      error: 'Enter your email and password.',
      status: 400,
    });
  }
  const limit = context.rateLimits.loginAttempts?.take(loginAttemptKey(form.email, request.ip));
  if (limit) reply.headers(rateLimitHeaders(limit));
  if (limit && !limit.isAllowed) {
    return showLoginPage(context, request, reply, authorize, {
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
    return showLoginPage(context, request, reply, authorize, { email: form.email, ...refusal });
  }
  return finishSignIn(context, request, reply, authorize, result.user, context.config.connection);
}

async function submitConsent(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const read = readSignInForm(context, request, reply);
  if (!read) return reply;
  const { form, authorize } = read;
  const { connection } = authorize;
  if (connection === 'database') {
    return sendErrorPage(
      context,
      reply,
      'Wrong form',
      'This request signs in with a password: use the sign-in page.',
    );
  }
  if (form.action === 'cancel') return cancelSignIn(context, reply, authorize);
  const chosen = chosenAccount(context, form, connection);
  if (!chosen.ok) {
    return showConsentPage(context, request, reply, authorize, connection, {
      error: chosen.error,
      status: 400,
    });
  }
  const { email, name } = chosen;
  const user = await signInWithSocial(context, { connection, email, name, ip: request.ip });
  if (user.blocked) {
    return showConsentPage(context, request, reply, authorize, connection, {
      error: 'This account is blocked.',
      status: 401,
    });
  }
  return finishSignIn(context, request, reply, authorize, user, connection);
}

/** The consent page's answer: an account listed on it, or an email (and name) typed in. */
function chosenAccount(
  context: IdentityContext,
  form: SignInForm,
  connection: SocialConnection,
): { ok: true; email: string; name?: string } | { ok: false; error: string } {
  if (form.account) {
    const user = findUserByIdentity(context.store.state, connection, form.account);
    const identity = user?.identities.find(
      (each) => each.provider === connection && each.userId === form.account,
    );
    if (!identity) return { ok: false, error: 'That account no longer exists.' };
    return { ok: true, email: identity.email };
  }
  const parsed = emailAddress.safeParse(form.email?.trim());
  if (!parsed.success) return { ok: false, error: 'Enter a valid email address.' };
  return { ok: true, email: parsed.data, name: form.name?.trim().slice(0, 150) || undefined };
}

async function submitSecondFactor(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const read = readSignInForm(context, request, reply);
  if (!read) return reply;
  const { form, authorize } = read;
  if (form.action === 'cancel') return cancelSignIn(context, reply, authorize);
  const mfaToken = form.mfa_token ?? '';
  let owner: ReturnType<typeof mfaTokenOwner>;
  try {
    owner = mfaTokenOwner(context, mfaToken, authorize.clientId);
  } catch {
    return sendErrorPage(
      context,
      reply,
      'This sign-in has expired',
      'Start signing in again from the application.',
      403,
    );
  }
  const { user, record } = owner;
  const usesRecoveryCode = form.method === 'recovery-code';
  if (form.action === 'switch')
    return showSecondFactorPage(context, request, reply, authorize, mfaToken, { usesRecoveryCode });
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
    return showSecondFactorPage(context, request, reply, authorize, mfaToken, {
      usesRecoveryCode,
      error: tooManySecondFactorAttempts,
      status: 429,
    });
  }
  if (outcome.kind === 'wrong') {
    return showSecondFactorPage(context, request, reply, authorize, mfaToken, {
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
      { query: authorize.query, csrf: csrfFor(context, request, reply), mfaToken },
      nextRecoveryCode,
    ),
  });
}

/**
 * GET /authorize and the sign-in forms behind it: the database login page, the social consent page
 * and the second factor. A valid session cookie answers prompt=none (checkSession) without any page.
 */
export function registerAuthorizeRoutes(app: FastifyInstance, context: IdentityContext) {
  registerRoutes(app, context, {
    'GET /authorize': authorize,
    'POST /authorize/login': submitLogin,
    'POST /authorize/consent': submitConsent,
    'POST /authorize/mfa': submitSecondFactor,
  });
}

/** The person cancelled on one of the forms: the app hears access_denied. */
function cancelSignIn(context: IdentityContext, reply: FastifyReply, authorize: AuthorizeRequest) {
  return deliverAuthorizeError(context, reply, authorize, 'access_denied', 'User cancelled');
}
