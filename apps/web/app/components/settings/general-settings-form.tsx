import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAuth } from '#web/auth/auth-context.tsx';
import { OutcomeMessage } from '#web/auth/outcome-message.tsx';
import { signInMethodLabels } from '#web/auth/providers.ts';
import type { AuthUser } from '#web/auth/session.ts';
import { useReauthentication } from '#web/auth/use-reauthentication.tsx';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { errorMessage, requiredText } from '#web/components/forms/error-message.ts';
import { TextField } from '#web/components/forms/text-field.tsx';

type ProfileValues = { name: string; email: string };
type Outcome = { variant: 'success' | 'error'; message: string };

/**
 * §5 settings profile: name and email. The name is saved as a profile update; a changed email is
 * saved after it, and may first ask the person to sign in again (§4).
 */
export function GeneralSettingsForm({ user }: { user: AuthUser }) {
  const { updateProfile, updateEmail } = useAuth();
  const reauthentication = useReauthentication();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A social account's email belongs to the provider (the API refuses to change it).
  const socialMethod = user.providers.find((method) => method !== 'password');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: user.name, email: user.email },
  });

  const onSubmit = handleSubmit(async ({ name, email }) => {
    setOutcome(null);
    const values = { name: name.trim(), email: email.trim() };
    try {
      await updateProfile({ name: values.name });
      if (values.email.toLowerCase() !== user.email.toLowerCase()) {
        await reauthentication.run(() => updateEmail(values.email));
      }
      reset(values);
      setOutcome({ variant: 'success', message: 'Your profile has been updated' });
    } catch (error) {
      setOutcome({ variant: 'error', message: errorMessage(error) });
    }
  });

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="space-y-6" data-testid="settings-general-form">
        <TextField
          id="settings-name"
          label="Name"
          autoComplete="name"
          disabled={isSubmitting}
          error={errors.name?.message}
          {...register('name', { validate: requiredText('Please enter your name') })}
        />
        <TextField
          id="settings-email"
          label="Email"
          type="email"
          autoComplete="email"
          readOnly={Boolean(socialMethod)}
          hint={
            socialMethod
              ? `Your email comes from your ${signInMethodLabels[socialMethod]} account.`
              : 'Changing your email may ask you to sign in again.'
          }
          disabled={isSubmitting}
          error={errors.email?.message}
          {...register('email', { validate: requiredText('Please enter your email') })}
        />
        {outcome && (
          <Alert variant={outcome.variant}>
            <OutcomeMessage message={outcome.message} />
          </Alert>
        )}
        <Button type="submit" busy={isSubmitting} busyLabel="Saving…">
          Save changes
        </Button>
      </form>
      {reauthentication.dialog}
    </>
  );
}
