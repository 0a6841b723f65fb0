import { escapeHtml } from '@launchkit/emulator-kit';
import {
  checkPassword,
  explainPasswordPolicy,
  formatPasswordRule,
  type PasswordRule,
} from '@launchkit/password-policy';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { sendPage } from '#identity/http/html.ts';
import { clearLoginFailures } from '#identity/users/brute-force.ts';
import { setPassword } from '#identity/users/set-password.ts';
import { findTicket, type TicketLookup } from '#identity/users/tickets.ts';

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

/**
 * The pages behind the emailed links: password reset (/lo/reset), email verification
 * (/u/email-verification) and unblock (/unblock). As with Auth0, opening a verification or unblock
 * link is the whole action; each link works once.
 */
export function registerAccountPages(app: FastifyInstance, context: IdentityContext) {
  const { state } = context.store;
  const policy = context.config.passwordPolicy;

  const ticketOf = (query: unknown) => {
    const parsed = ticketQuery.safeParse(query ?? {});
    return parsed.success ? parsed.data.ticket : undefined;
  };

  const linkProblem = (reply: FastifyReply, title: string, lookup: TicketLookup) =>
    sendPage(reply, context, {
      status: lookup.status === 'unknown' ? 404 : 410,
      title,
      body: `<p role="alert">${lookup.status === 'valid' ? '' : unusableTicket[lookup.status]}</p>`,
    });

  const showResetForm = (
    reply: FastifyReply,
    ticket: string,
    email: string,
    options: { error?: string; rules?: PasswordRule[]; status?: number } = {},
  ) => {
    const isChecked = options.rules !== undefined;
    // The policy's rules, nested as password-sheriff lists them; after a try, each marked met or not.
    const ruleList = (rules: PasswordRule[]): string =>
      rules
        .map((rule) => {
          const mark = isChecked ? (rule.verified ? ' ✓' : ' — not met') : '';
          const items = rule.items ? `<ul class="rules">${ruleList(rule.items)}</ul>` : '';
          return `<li>${escapeHtml(formatPasswordRule(rule))}${mark}${items}</li>`;
        })
        .join('');
    const ruleItems = ruleList(options.rules ?? explainPasswordPolicy(policy));
    const described = options.error ? 'form-error password-policy' : 'password-policy';
    return sendPage(reply, context, {
      status: options.status,
      title: 'Change your password',
      body: `<p>Choose a new password for <strong>${escapeHtml(email)}</strong>.</p>
${options.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="/lo/reset">
<input type="hidden" name="ticket" value="${escapeHtml(ticket)}">
<input type="text" name="username" autocomplete="username" value="${escapeHtml(email)}" hidden>
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required aria-describedby="${described}">
<div id="password-policy"><p class="hint">Your password must have:</p><ul class="rules">${ruleItems}</ul></div>
<label for="confirm">Confirm new password</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
<button type="submit">Change password</button>
</form>`,
    });
  };

  app.get('/lo/reset', async (request, reply) => {
    const ticket = ticketOf(request.query);
    const lookup = findTicket(state, ticket, 'reset');
    if (lookup.status !== 'valid' || !ticket) return linkProblem(reply, 'Change your password', lookup);
    const user = state.users.get(lookup.record.userId);
    return showResetForm(reply, ticket, user?.email ?? '');
  });

  app.post('/lo/reset', async (request, reply) => {
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
    if (lookup.status !== 'valid' || !user) return linkProblem(reply, 'Change your password', lookup);
    if (password !== confirm) {
      return showResetForm(reply, ticket, user.email, {
        error: 'The two passwords are not the same.',
        status: 400,
      });
    }
    const check = checkPassword(policy, password);
    if (!check.valid) {
      return showResetForm(reply, ticket, user.email, {
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
    request.log.info({ userId: user.userId }, 'password changed from a reset link');
    return sendPage(reply, context, {
      title: 'Password changed',
      body: `<p class="success" role="status">Your password has been changed successfully.</p>
<p><a href="${escapeHtml(context.config.webOrigins[0] ?? '/')}">Back to ${escapeHtml(context.config.appName)}</a></p>`,
    });
  });

  app.get('/u/email-verification', async (request, reply) => {
    const lookup = findTicket(state, ticketOf(request.query), 'verify');
    const user = lookup.status === 'valid' ? state.users.get(lookup.record.userId) : undefined;
    if (lookup.status !== 'valid' || !user) return linkProblem(reply, 'Verify your email', lookup);
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
    return sendPage(reply, context, {
      title: 'Email verified',
      body: `<p class="success" role="status">Your email address ${escapeHtml(user.email)} was successfully verified.</p>
<p><a href="${escapeHtml(context.config.webOrigins[0] ?? '/')}">Back to ${escapeHtml(context.config.appName)}</a></p>`,
    });
  });

  app.get('/unblock', async (request, reply) => {
    const lookup = findTicket(state, ticketOf(request.query), 'unblock');
    if (lookup.status !== 'valid') return linkProblem(reply, 'Unblock your account', lookup);
    lookup.record.usedAt = Date.now();
    clearLoginFailures(state, lookup.record.userId, lookup.record.ip ?? '');
    await context.store.save();
    return sendPage(reply, context, {
      title: 'Account unblocked',
      body: `<p class="success" role="status">Your account is unblocked: you can sign in again.</p>
<p><a href="${escapeHtml(context.config.webOrigins[0] ?? '/')}">Back to ${escapeHtml(context.config.appName)}</a></p>`,
    });
  });
}
