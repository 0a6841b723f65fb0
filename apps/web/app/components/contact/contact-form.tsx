import { contactMessageField, emailField } from '@launchkit/api-contract/field-rules';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { FormSubmit } from '#web/components/forms/form-submit.tsx';
import { NameField } from '#web/components/forms/name-field.tsx';
import { TextArea } from '#web/components/forms/text-field.tsx';
import { config } from '#web/config.ts';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { postForm } from '#web/lib/api.ts';

type ContactValues = { name: string; email: string; message: string };

const emptyValues: ContactValues = { name: '', email: '', message: '' };

/**
 * The contact form (docs/product.md §4, §5): sent to the form-handling service; success resets the form.
 */
export function ContactForm() {
  const { fieldProps, requiredProps, submitWith, reset, outcome, isSubmitting } =
    useAppForm<ContactValues>(emptyValues);

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
      <NameField id="contact-name" optional {...fieldProps('name')} />
      <EmailField id="contact-email" {...requiredProps('email', emailField)} />
      <TextArea
        id="contact-message"
        label="Message"
        rows={6}
        {...requiredProps('message', contactMessageField)}
      />
      <FormSubmit outcome={outcome} busy={isSubmitting} busyLabel="Sending…" className="w-full sm:w-auto">
        Send message
      </FormSubmit>
    </form>
  );
}
