import { escapeHtml } from '@launchkit/emulator-kit';
import { explainPasswordPolicy, formatPasswordRule, type PasswordRule } from '@launchkit/password-policy';
import type { FastifyReply } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';
import { sendPage } from '#identity/http/html.ts';

export type ResetFormOptions = { error?: string; rules?: PasswordRule[]; status?: number };

/** The password reset form of /lo/reset, listing the policy's rules (after a try, each marked met or not). */
export function showResetForm(
  context: IdentityContext,
  reply: FastifyReply,
  ticket: string,
  email: string,
  options: ResetFormOptions = {},
) {
  const isChecked = options.rules !== undefined;
  const ruleItems = ruleList(
    options.rules ?? explainPasswordPolicy(context.config.passwordPolicy),
    isChecked,
  );
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
}

/** The policy's rules, nested as password-sheriff lists them. */
function ruleList(rules: PasswordRule[], isChecked: boolean): string {
  return rules
    .map((rule) => {
      const mark = isChecked ? (rule.verified ? ' ✓' : ' — not met') : '';
      const items = rule.items ? `<ul class="rules">${ruleList(rule.items, isChecked)}</ul>` : '';
      return `<li>${escapeHtml(formatPasswordRule(rule))}${mark}${items}</li>`;
    })
    .join('');
}
