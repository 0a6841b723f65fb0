import { profileNameField } from '@launchkit/api-contract/field-rules';
import { useAuth } from '#web/auth/auth-context.tsx';
import { FormSubmit } from '#web/components/forms/form-submit.tsx';
import { NameField } from '#web/components/forms/name-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';

/**
 * Asks a person who has no name yet (a password sign-up knows only the email) what to call them, on
 * the dashboard where they are greeted. Saved as Settings → General saves it; once there is a name the
 * greeting uses it and this card is gone.
 */
export function NamePrompt() {
  const { updateProfile } = useAuth();
  const form = useAppForm<{ name: string }>({ name: '' });
  const onSubmit = form.submitWith(async ({ name }) => {
    await updateProfile({ name: name.trim() });
    return 'Thank you: we will call you that from now on';
  });
  return (
    <section
      aria-labelledby="name-prompt-title"
      className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="name-prompt"
    >
      <h2 id="name-prompt-title" className="text-lg font-semibold text-slate-900">
        What should we call you?
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Your name is shown to the people in your workspace. You can change it later in Settings.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <NameField id="name-prompt-name" {...form.requiredProps('name', profileNameField)} />
        <FormSubmit outcome={form.outcome} busy={form.isSubmitting} busyLabel="Saving…">
          Save name
        </FormSubmit>
      </form>
    </section>
  );
}
