import { contactMessageField, emailField } from '@launchkit/api-contract/field-rules';
import { Button } from '#web/components/forms/button.tsx';
import { requiredField } from '#web/components/forms/error-message.ts';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { TextArea, TextField } from '#web/components/forms/text-field.tsx';
import { config } from '#web/config.ts';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { postForm } from '#web/lib/api.ts';

type ContactValues = { name: string; email: string; message: string };

const emptyValues: ContactValues = { name: '', email: '', message: '' };

/**
 * The contact form (docs/product.md §4, §5): sent to the form-handling service; success resets the form.
 */
export function ContactForm() {
  const {
    fieldProps,
    submitWith,
    reset,
    outcome,
    formState: { isSubmitting },
  } = useAppForm<ContactValues>(emptyValues);

  const onSubmit = submitWith(async ({ name, email, message }) => {
    await postForm(config.contactFormUrl, {
      name: name.trim(),
      email: email.trim(),
      message: message.trim(),
    });
    reset(emptyValues);
    return 'Your message has been sent!';
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6" data-testid="contact-form">
      <TextField id="contact-name" label="Name" optional autoComplete="name" {...fieldProps('name')} />
      <TextField
        id="contact-email"
        label="Email"
        type="email"
        autoComplete="email"
        {...fieldProps('email', { validate: requiredField(emailField) })}
      />
      <TextArea
        id="contact-message"
        label="Message"
        rows={6}
        {...fieldProps('message', { validate: requiredField(contactMessageField) })}
      />
      <FormOutcome outcome={outcome} />
      <Button type="submit" size="lg" busy={isSubmitting} busyLabel="Sending…" className="w-full sm:w-auto">
        Send message
      </Button>
    </form>
  );
}
