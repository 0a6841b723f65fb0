import { usePasskeysOffered } from '#web/auth/passkey-sign-in.tsx';
import type { AuthUser } from '#web/auth/session.ts';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { listAuthenticationMethods, passkeysOf } from '#web/lib/authentication-methods.ts';
import { OperatorAccessSettings } from './operator-access-settings.tsx';
import { PasskeySettings } from './passkey-settings.tsx';
import { SessionSettings } from './session-settings.tsx';
import { TwoFactorSettings } from './two-factor-settings.tsx';

/**
 * Settings → Security: passkeys and two-factor authentication, from one read of the person's methods
 * at the identity provider (a social account's sign-in is its provider's, so it has neither here), and
 * the sessions where the account is signed in, and who of the operators viewed it (docs/operations.md).
 */
export function SecuritySettings({ user }: { user: AuthUser }) {
  const isSocial = user.providers.some((method) => method !== 'password');
  const methods = useApiResource(isSocial ? null : listAuthenticationMethods);
  const passkeysOffered = usePasskeysOffered();
  const passkeys = methods.data ? passkeysOf(methods.data.methods) : [];
  return (
    <div className="space-y-8">
      {/* With PASSKEYS off, passkeys made before are still listed, to be removed. */}
      {!isSocial && methods.data && (passkeysOffered || passkeys.length > 0) && (
        <PasskeySettings
          email={user.email}
          passkeys={passkeys}
          canAdd={passkeysOffered}
          onChange={methods.reload}
        />
      )}
      <TwoFactorSettings user={user} methods={methods} />
      <SessionSettings />
      <OperatorAccessSettings />
    </div>
  );
}
