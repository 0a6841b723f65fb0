import { passwordField } from '@launchkit/api-contract/field-rules';
import { useState } from 'react';
import { useAuth } from '#web/auth/auth-context.tsx';
import { signInMethodLabels } from '#web/auth/providers.ts';
import type { AuthUser } from '#web/auth/session.ts';
import { checkboxClasses } from '#web/components/forms/checkbox.ts';
import { matchingPassword } from '#web/components/forms/error-message.ts';
import { PasswordField } from '#web/components/forms/password-field.tsx';
import { SettingsCard } from '#web/components/layout/settings-card.tsx';
import { EndOtherSessionsOffer } from '#web/components/security/end-other-sessions-offer.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { useReauthentication } from '#web/hooks/use-reauthentication.tsx';
import { SettingsForm } from './settings-form.tsx';

type PasswordValues = { password: string; confirmPassword: string; endOtherSessions: boolean };

const changeLabels = { idle: 'Change password', busy: 'Changing…' };

/**
 * docs/product.md §5 settings password: a new password and its confirmation; may ask to sign in again
 * first (§4). A new password is the usual step after a compromise, so it signs out every other session
 * unless the person unticks that (decision 0040); kept, they are offered it again afterwards.
 */
export function PasswordSettingsForm({ user }: { user: AuthUser }) {
  const { updatePassword } = useAuth();
  const reauthentication = useReauthentication();
  const [keptOthers, setKeptOthers] = useState(false);
  const form = useAppForm<PasswordValues>({ password: '', confirmPassword: '', endOtherSessions: true });
  const { fieldProps, requiredProps, submitWith, getValues, reset } = form;

  const socialMethod = user.providers.find((method) => method !== 'password');
  if (socialMethod) {
    return (
      <SettingsCard
        id="password"
        title="No password to change"
        intro={`You sign in with your ${signInMethodLabels[socialMethod]} account, so there is no password for this site. Change your password with ${signInMethodLabels[socialMethod]}.`}
      />
    );
  }

  const onSubmit = submitWith(async ({ password, endOtherSessions }) => {
    await reauthentication.run(() => updatePassword(password, endOtherSessions));
    reset();
    setKeptOthers(!endOtherSessions);
    return endOtherSessions
      ? 'Your password has been changed, and your other devices are signed out'
      : 'Your password has been changed';
  });

  return (
    <>
      <SettingsForm
        form={form}
        onSubmit={onSubmit}
        labels={changeLabels}
        testId="settings-password-form"
        card={{ id: 'password', title: 'Password', intro: 'The password you sign in with by email.' }}
      >
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
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className={checkboxClasses}
            disabled={form.isSubmitting}
            {...form.register('endOtherSessions')}
          />
          <span>
            Sign out of my other devices
            <span className="block text-slate-600">
              Every other browser and device signed in to your account is signed out. This one stays signed
              in.
            </span>
          </span>
        </label>
      </SettingsForm>
      {keptOthers && (
        <div className="mt-4">
          <EndOtherSessionsOffer change="Your new password is needed for every sign-in from now on." />
        </div>
      )}
      {reauthentication.dialog}
    </>
  );
}
