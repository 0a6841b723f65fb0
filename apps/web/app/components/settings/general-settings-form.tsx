import { profileNameField, settingsEmailField } from '@launchkit/api-contract/field-rules';
import { useAuth } from '#web/auth/auth-context.tsx';
import { signInMethodLabels } from '#web/auth/providers.ts';
import type { AuthUser } from '#web/auth/session.ts';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { NameField } from '#web/components/forms/name-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { useReauthentication } from '#web/hooks/use-reauthentication.tsx';
import { hasOwnName } from '#web/lib/person-name.ts';
import { SettingsForm } from './settings-form.tsx';

type ProfileValues = { name: string; email: string };

const saveLabels = { idle: 'Save changes', busy: 'Saving…' };

/**
 * docs/product.md §5 settings profile: name and email. The name is saved as a profile update; a changed
 * email is saved after it, and may first ask the person to sign in again (§4).
 */
export function GeneralSettingsForm({ user }: { user: AuthUser }) {
  const { updateProfile, updateEmail } = useAuth();
  const reauthentication = useReauthentication();
  // A social account's email belongs to the provider (the API refuses to change it).
  const socialMethod = user.providers.find((method) => method !== 'password');
  // A name that is only the email is no name: the field starts empty for the person to fill.
  const form = useAppForm<ProfileValues>({ name: hasOwnName(user) ? user.name : '', email: user.email });
  const { requiredProps, submitWith, reset } = form;

  const onSubmit = submitWith(async ({ name, email }) => {
    const values = { name: name.trim(), email: email.trim() };
    await updateProfile({ name: values.name });
    if (values.email.toLowerCase() !== user.email.toLowerCase()) {
      await reauthentication.run(() => updateEmail(values.email));
    }
    reset(values);
    return 'Your profile has been updated';
  });

  return (
    <>
      <SettingsForm
        form={form}
        onSubmit={onSubmit}
        labels={saveLabels}
        testId="settings-general-form"
        card={{ id: 'profile', title: 'Profile', intro: 'Your name, and the email address we write to.' }}
      >
        <NameField id="settings-name" {...requiredProps('name', profileNameField)} />
        <EmailField
          id="settings-email"
          readOnly={Boolean(socialMethod)}
          hint={
            socialMethod
              ? `Your email comes from your ${signInMethodLabels[socialMethod]} account.`
              : 'Changing your email may ask you to sign in again.'
          }
          {...requiredProps('email', settingsEmailField)}
        />
      </SettingsForm>
      {reauthentication.dialog}
    </>
  );
}
