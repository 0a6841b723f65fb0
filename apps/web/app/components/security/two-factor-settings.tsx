import type { AuthenticationMethods } from '@launchkit/api-contract';
import { formatLongDate } from '@launchkit/plans';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { signInMethodLabels } from '#web/auth/providers.ts';
import type { AuthUser } from '#web/auth/session.ts';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { SettingsCard } from '#web/components/layout/settings-card.tsx';
import type { ApiResource } from '#web/hooks/use-api-resource.ts';
import { authenticatorAppOf, hasPassword } from '#web/lib/authentication-methods.ts';
import { AuthenticatorAppSetup } from './authenticator-app-setup.tsx';
import { TurnOffTwoFactor } from './turn-off-two-factor.tsx';

/**
 * Settings → Security: two-factor authentication with an authenticator app, on the identity provider's
 * MFA API. A social account's second factor is its provider's own.
 */
export function TwoFactorSettings({
  user,
  methods,
}: {
  user: AuthUser;
  methods: ApiResource<AuthenticationMethods>;
}) {
  const socialMethod = user.providers.find((method) => method !== 'password');

  let body: ReactNode;
  if (socialMethod) {
    const provider = signInMethodLabels[socialMethod];
    body = (
      <p className="text-sm text-slate-700">
        You sign in with your {provider} account, so its own two-step verification protects this site too.
        Turn it on with {provider}.
      </p>
    );
  } else if (methods.error) {
    body = <LoadFailure error={methods.error} onRetry={methods.retry} />;
  } else if (!methods.data) {
    body = <p className="text-sm text-slate-600">Loading…</p>;
  } else if (!hasPassword(methods.data.methods) && !authenticatorAppOf(methods.data.methods)) {
    body = <PasskeyOnlyTwoFactor isTwoFactorSignIn={user.signedInWithSecondFactor} />;
  } else {
    const app = authenticatorAppOf(methods.data.methods);
    body = app ? (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-green-800">On</span> since {formatLongDate(app.createdAt)}.
          Signing in asks for a code from your authenticator app
          {app.lastUsedAt ? `; last used ${formatLongDate(app.lastUsedAt)}` : ''}.
        </p>
        {!user.signedInWithSecondFactor && (
          <p className="text-sm text-slate-700">
            This sign-in did not use it: sign out and sign in again with your code to open workspaces whose
            owner requires it.
          </p>
        )}
        <TurnOffTwoFactor email={user.email} onDone={methods.reload} />
      </div>
    ) : (
      <AuthenticatorAppSetup email={user.email} onDone={methods.reload} />
    );
  }

  return (
    <SettingsCard id="two-factor" title="Two-factor authentication">
      <div className="mt-3">{body}</div>
    </SettingsCard>
  );
}

const setPasswordLink = (
  <Link to="/settings/password" className="font-medium text-brand-700 underline hover:text-brand-800">
    set a password
  </Link>
);

/**
 * A passkey-only account: whether this sign-in counts as two factors is the provider's word (the
 * access token's claim), given only when the passkey verified the person (decision 0040). A security
 * key that was only touched, or a provider that does not report the check (Auth0's Action), is one.
 */
function PasskeyOnlyTwoFactor({ isTwoFactorSignIn }: { isTwoFactorSignIn: boolean }) {
  return isTwoFactorSignIn ? (
    <p className="text-sm text-slate-700" data-testid="passkey-only-two-factor">
      You signed in with a passkey that checked it was you (your fingerprint, face, screen lock or PIN), which
      is two factors in one: this device, and you. Workspaces that require two-factor accept it. An
      authenticator app adds a step to signing in with a password: to use one, {setPasswordLink} first.
    </p>
  ) : (
    <p className="text-sm text-slate-700" data-testid="passkey-only-two-factor">
      This passkey sign-in counts as one factor: it does not show that your passkey checked it was you with a
      fingerprint, face, screen lock or PIN, so workspaces that require two-factor stay closed to it. To open
      them, {setPasswordLink}, turn on an authenticator app here, and sign in with your password and code.
    </p>
  );
}
