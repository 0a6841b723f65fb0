import { escapeHtml, registerRoutes } from '@launchkit/emulator-kit';
import { checkPassword } from '@launchkit/password-policy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { backToAppLink, sendPage } from '#identity/http/html.ts';
import { clearLoginFailures } from '#identity/users/brute-force.ts';
import { endEverySignIn, setPassword } from '#identity/users/set-password.ts';
import { findTicket, type TicketLookup } from '#identity/users/tickets.ts';
import { showResetForm } from './reset-form.ts';

const ticketQuery = z.object({ ticket: z.string().max(256).optional() });
const resetForm = z.object({
  ticket: z.string().max(256),
  password: z.string().max(1000),
  confirm: z.string().max(1000),
});

const unusableTicket: Record<Exclude<TicketLookup['status'], 'valid'>, string> = {
  used: 'This link has already been used. Each link works once: ask for a new email if you still need one.',
  expired: 'This link has expired (links last 5 days). Ask for a new email from the application.',
  unknown: 'This link is not valid. Check that it was copied whole, or ask for a new email.',
};

function ticketOf(query: unknown) {
  const parsed = ticketQuery.safeParse(query ?? {});
  return parsed.success ? parsed.data.ticket : undefined;
}

function linkProblem(context: IdentityContext, reply: FastifyReply, title: string, lookup: TicketLookup) {
  return sendPage(reply, context, {
    status: lookup.status === 'unknown' ? 404 : 410,
    title,
    body: `<p role="alert">${lookup.status === 'valid' ? '' : unusableTicket[lookup.status]}</p>`,
  });
}

/** A page saying the link did its work, with `message` (HTML) in a status line. */
function doneLinkPage(context: IdentityContext, reply: FastifyReply, title: string, message: string) {
  return sendPage(reply, context, {
    title,
    body: `<p class="success" role="status">${message}</p>
${backToAppLink(context)}`,
  });
}

async function openResetLink(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const { state } = context.store;
  const ticket = ticketOf(request.query);
  const lookup = findTicket(state, ticket, 'reset');
  if (lookup.status !== 'valid' || !ticket)
    return linkProblem(context, reply, 'Change your password', lookup);
  const user = state.users.get(lookup.record.userId);
  return showResetForm(context, reply, ticket, user?.email ?? '');
}

async function submitReset(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const { state } = context.store;
  const form = resetForm.safeParse(request.body ?? {});
  if (!form.success) {
    return sendPage(reply, context, {
      status: 400,
      title: 'Change your password',
      body: '<p role="alert">The form was incomplete. Open the link from the email again.</p>',
    });
  }
  const { ticket, password, confirm } = form.data;
  const lookup = findTicket(state, ticket, 'reset');
  const user = lookup.status === 'valid' ? state.users.get(lookup.record.userId) : undefined;
  if (lookup.status !== 'valid' || !user) return linkProblem(context, reply, 'Change your password', lookup);
  if (password !== confirm) {
    return showResetForm(context, reply, ticket, user.email, {
      error: 'The two passwords are not the same.',
      status: 400,
    });
  }
  const check = checkPassword(context.config.passwordPolicy, password);
  if (!check.valid) {
    return showResetForm(context, reply, ticket, user.email, {
      error: 'Password is too weak: it must meet every rule below.',
      rules: check.rules,
      status: 400,
    });
  }
  // Used before the slow hash, so two submissions of one link cannot both change the password.
  lookup.record.usedAt = Date.now();
  await context.store.save();
  const result = await setPassword(context, user, password);
  if (!result.ok) {
    return sendPage(reply, context, {
      status: 400,
      title: 'Change your password',
      body: '<p role="alert">This account has no password of its own (it signs in with a social provider).</p>',
    });
  }
  await endEverySignIn(context, user.userId);
  request.log.info({ userId: user.userId }, 'password changed from a reset link; every sign-in ended');
  return doneLinkPage(context, reply, 'Password changed', 'Your password has been changed successfully.');
}

async function openVerificationLink(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const { state } = context.store;
  const lookup = findTicket(state, ticketOf(request.query), 'verify');
  const user = lookup.status === 'valid' ? state.users.get(lookup.record.userId) : undefined;
  if (lookup.status !== 'valid' || !user) return linkProblem(context, reply, 'Verify your email', lookup);
  lookup.record.usedAt = Date.now();
  if (lookup.record.email !== undefined && lookup.record.email !== user.email) {
    await context.store.save();
    return sendPage(reply, context, {
      status: 410,
      title: 'Verify your email',
      body: '<p role="alert">This link was for an earlier email address of the account; nothing was changed.</p>',
    });
  }
  user.emailVerified = true;
  user.updatedAt = new Date().toISOString();
  await context.store.save();
  return doneLinkPage(
    context,
    reply,
    'Email verified',
    `Your email address ${escapeHtml(user.email)} was successfully verified.`,
  );
}

async function openUnblockLink(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const { state } = context.store;
  const lookup = findTicket(state, ticketOf(request.query), 'unblock');
  if (lookup.status !== 'valid') return linkProblem(context, reply, 'Unblock your account', lookup);
  lookup.record.usedAt = Date.now();
  clearLoginFailures(state, lookup.record.userId, lookup.record.ip ?? '');
  await context.store.save();
  return doneLinkPage(
    context,
    reply,
    'Account unblocked',
    'Your account is unblocked: you can sign in again.',
  );
}

/**
 * The pages behind the emailed links: password reset (/lo/reset), email verification
 * (/u/email-verification) and unblock (/unblock). As with Auth0, opening a verification or unblock
 * link is the whole action; each link works once.
 */
export function registerAccountPages(app: FastifyInstance, context: IdentityContext) {
  registerRoutes(app, context, {
    'GET /lo/reset': openResetLink,
    'POST /lo/reset': submitReset,
    'GET /u/email-verification': openVerificationLink,
    'GET /unblock': openUnblockLink,
  });
}
