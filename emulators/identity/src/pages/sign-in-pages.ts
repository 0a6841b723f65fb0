import { escapeHtml } from '@launchkit/emulator-kit';
import type { SocialConnection } from '#identity/storage/identity-state.ts';

export type SignInFormState = {
  /** The /authorize query string, carried through the form and checked again on submit. */
  query: string;
  csrf: string;
};

const hiddenFields = (form: SignInFormState) =>
  `<input type="hidden" name="authorize" value="${escapeHtml(form.query)}">
<input type="hidden" name="csrf" value="${escapeHtml(form.csrf)}">`;

const errorParagraph = (error: string | undefined) =>
  error ? `<p class="error" role="alert" id="form-error">${escapeHtml(error)}</p>` : '';

/** The database connection's sign-in form (Auth0's Universal Login, reduced to what the emulator needs). */
export function loginPageBody(form: SignInFormState, options: { email?: string; error?: string }) {
  const described = options.error ? ' aria-describedby="form-error"' : '';
  return `${errorParagraph(options.error)}
<form method="post" action="/authorize/login">
${hiddenFields(form)}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}"${described}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<div class="actions">
<button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
</div>
</form>`;
}

export type ExistingAccount = { id: string; name: string; email: string };

/**
 * Stands in for the social provider's consent screen: pick an account the emulator already knows for
 * that provider, or type the email (and name) of a new one.
 */
export function consentPageBody(
  form: SignInFormState,
  options: {
    appName: string;
    provider: string;
    connection: SocialConnection;
    accounts: ExistingAccount[];
    error?: string;
  },
) {
  const described = options.error ? ' aria-describedby="form-error"' : '';
  const accounts = options.accounts.length
    ? `<h2>Choose an account</h2>
<form method="post" action="/authorize/consent">
${hiddenFields(form)}
<input type="hidden" name="action" value="continue">
${options.accounts
  .map(
    (account) =>
      `<button type="submit" name="account" value="${escapeHtml(account.id)}" class="account"><strong>${escapeHtml(account.name)}</strong>${escapeHtml(account.email)}</button>`,
  )
  .join('\n')}
</form>
<h2>Or use another account</h2>`
    : '';
  return `<p class="hint">This page stands in for ${escapeHtml(options.provider)}: nothing leaves this computer. ${escapeHtml(options.appName)} will receive the account's name, email address and picture.</p>
${errorParagraph(options.error)}
${accounts}
<form method="post" action="/authorize/consent">
${hiddenFields(form)}
<label for="email">Email of the ${escapeHtml(options.provider)} account</label>
<input id="email" name="email" type="email" autocomplete="email" required${described}>
<label for="name">Name <span class="hint">(optional)</span></label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="150">
<div class="actions">
<button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
</div>
</form>`;
}

/**
 * Universal Login's second step for a person with an authenticator app: the code, or the recovery code
 * (`method=recovery-code`). The mfa_token carries the half of the sign-in that passed.
 */
export function secondFactorPageBody(
  form: SignInFormState & { mfaToken: string },
  options: { usesRecoveryCode: boolean; error?: string },
) {
  const described = options.error ? ' aria-describedby="form-error"' : '';
  const field = options.usesRecoveryCode
    ? `<label for="recovery_code">Recovery code</label>
<input id="recovery_code" name="recovery_code" type="text" autocomplete="off" autocapitalize="characters" required${described}>
<input type="hidden" name="method" value="recovery-code">`
    : `<label for="otp">Code from your authenticator app</label>
<input id="otp" name="otp" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,9}" required${described}>
<input type="hidden" name="method" value="otp">`;
  const other = options.usesRecoveryCode ? 'otp' : 'recovery-code';
  return `${errorParagraph(options.error)}
<form method="post" action="/authorize/mfa">
${hiddenFields(form)}
<input type="hidden" name="mfa_token" value="${escapeHtml(form.mfaToken)}">
${field}
<div class="actions">
<button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
</div>
</form>
<form method="post" action="/authorize/mfa">
${hiddenFields(form)}
<input type="hidden" name="mfa_token" value="${escapeHtml(form.mfaToken)}">
<input type="hidden" name="method" value="${other}">
<button type="submit" name="action" value="switch" class="secondary" formnovalidate>${options.usesRecoveryCode ? 'Use your authenticator app' : 'Use a recovery code'}</button>
</form>`;
}

/** After a recovery code: its successor, shown once, then the sign-in finishes. */
export function newRecoveryCodePageBody(form: SignInFormState & { mfaToken: string }, recoveryCode: string) {
  return `<p>Your recovery code has been used. Here is a new one: keep it somewhere safe.</p>
<p class="code" data-testid="new-recovery-code">${escapeHtml(recoveryCode)}</p>
<form method="post" action="/authorize/mfa">
${hiddenFields(form)}
<input type="hidden" name="mfa_token" value="${escapeHtml(form.mfaToken)}">
<div class="actions">
<button type="submit" name="action" value="continue">Continue</button>
</div>
</form>`;
}
