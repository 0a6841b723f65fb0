import { passwordField } from '@launchkit/api-contract/field-rules';
import { useAuth } from '#web/auth/auth-context.tsx';
import { signInMethodLabels } from '#web/auth/providers.ts';
import type { AuthUser } from '#web/auth/session.ts';
import { Button } from '#web/components/forms/button.tsx';
import { matchingPassword, requiredField } from '#web/components/forms/error-message.ts';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { useReauthentication } from '#web/hooks/use-reauthentication.tsx';

type PasswordValues = { password: string; confirmPassword: string };

/**
 * docs/product.md §5 settings password: a new password and its confirmation; may ask to sign in again
 * first (§4).
 */
export function PasswordSettingsForm({ user }: { user: AuthUser }) {
  const { updatePassword } = useAuth();
  const reauthentication = useReauthentication();
  const {
    fieldProps,
    submitWith,
    getValues,
    reset,
    outcome,
    formState: { isSubmitting },
  } = useAppForm<PasswordValues>({ password: '', confirmPassword: '' });

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
    return 'Your password has been changed';
  });

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="space-y-6" data-testid="settings-password-form">
        <TextField
          id="settings-new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          {...fieldProps('password', { validate: requiredField(passwordField) })}
        />
        <TextField
          id="settings-confirm-password"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...fieldProps('confirmPassword', { validate: matchingPassword(() => getValues('password')) })}
        />
        <FormOutcome outcome={outcome} />
        <Button type="submit" busy={isSubmitting} busyLabel="Changing…">
          Change password
        </Button>
      </form>
      {reauthentication.dialog}
    </>
  );
}
