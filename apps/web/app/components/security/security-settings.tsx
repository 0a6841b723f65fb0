import type { AuthUser } from '#web/auth/session.ts';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { listAuthenticationMethods, passkeysOf } from '#web/lib/authentication-methods.ts';
import { PasskeySettings } from './passkey-settings.tsx';
import { SessionSettings } from './session-settings.tsx';
import { TwoFactorSettings } from './two-factor-settings.tsx';

/**
 * Settings → Security: passkeys and two-factor authentication, from one read of the person's methods
 * at the identity provider (a social account's sign-in is its provider's, so it has neither here), and
 * the sessions where the account is signed in.
 */
export function SecuritySettings({ user }: { user: AuthUser }) {
  const isSocial = user.providers.some((method) => method !== 'password');
  const methods = useApiResource(isSocial ? null : listAuthenticationMethods);
  return (
    <div className="space-y-8">
      {!isSocial && methods.data && (
        <PasskeySettings
          email={user.email}
          passkeys={passkeysOf(methods.data.methods)}
          onChange={methods.reload}
        />
      )}
      <TwoFactorSettings user={user} methods={methods} />
      <SessionSettings />
    </div>
  );
}
