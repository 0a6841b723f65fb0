import { passwordField } from '@launchkit/api-contract/field-rules';
import { useState } from 'react';
import { useAuth } from '#web/auth/auth-context.tsx';
import { signInMethodLabels } from '#web/auth/providers.ts';
import type { AuthUser } from '#web/auth/session.ts';
import { matchingPassword } from '#web/components/forms/error-message.ts';
import { PasswordField } from '#web/components/forms/password-field.tsx';
import { EndOtherSessionsOffer } from '#web/components/security/end-other-sessions-offer.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { useReauthentication } from '#web/hooks/use-reauthentication.tsx';
import { SettingsForm } from './settings-form.tsx';

type PasswordValues = { password: string; confirmPassword: string };

const changeLabels = { idle: 'Change password', busy: 'Changing…' };

/**
 * docs/product.md §5 settings password: a new password and its confirmation; may ask to sign in again
 * first (§4).
 */
export function PasswordSettingsForm({ user }: { user: AuthUser }) {
  const { updatePassword } = useAuth();
  const reauthentication = useReauthentication();
  const [hasChanged, setHasChanged] = useState(false);
  const form = useAppForm<PasswordValues>({ password: '', confirmPassword: '' });
  const { fieldProps, requiredProps, submitWith, getValues, reset } = form;

  const socialMethod = user.providers.find((method) => method !== 'password');
  if (socialMethod) {
    return (
      <div className="rounded-lg bg-slate-50 p-6 text-sm text-slate-700 ring-1 ring-slate-200">
        <h2 className="text-base font-semibold text-slate-900">No password to change</h2>
        <p className="mt-2">
          You sign in with your {signInMethodLabels[socialMethod]} account, so there is no password for this
          site. Change your password with {signInMethodLabels[socialMethod]}.
        </p>
      </div>
    );
  }

  const onSubmit = submitWith(async ({ password }) => {
    await reauthentication.run(() => updatePassword(password));
    reset();
    setHasChanged(true);
    return 'Your password has been changed';
  });

  return (
    <>
      <SettingsForm form={form} onSubmit={onSubmit} labels={changeLabels} testId="settings-password-form">
        <PasswordField
          id="settings-new-password"
          label="New password"
          {...requiredProps('password', passwordField)}
        />
        <PasswordField
          id="settings-confirm-password"
          label="Confirm new password"
          {...fieldProps('confirmPassword', { validate: matchingPassword(() => getValues('password')) })}
        />
      </SettingsForm>
      {hasChanged && (
        <div className="mt-4">
          <EndOtherSessionsOffer change="Your new password is needed for every sign-in from now on." />
        </div>
      )}
      {reauthentication.dialog}
    </>
  );
}
