import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { errorMessage, requiredText } from '#web/components/forms/error-message.ts';
import { TextArea, TextField } from '#web/components/forms/text-field.tsx';
import { config } from '#web/config.ts';
import { postForm } from '#web/lib/api.ts';

type ContactValues = { name: string; email: string; message: string };
type Outcome = { variant: 'success' | 'error'; message: string };

const emptyValues: ContactValues = { name: '', email: '', message: '' };

/** The contact form (§4, §5): sent to the form-handling service; success resets the form. */
export function ContactForm() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({ mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: emptyValues });

  const onSubmit = handleSubmit(async ({ name, email, message }) => {
    setOutcome(null);
    try {
      await postForm(config.contactFormUrl, {
        name: name.trim(),
        email: email.trim(),
        message: message.trim(),
      });
      reset(emptyValues);
      setOutcome({ variant: 'success', message: 'Your message has been sent!' });
    } catch (error) {
      setOutcome({ variant: 'error', message: errorMessage(error) });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6" data-testid="contact-form">
      <TextField
        id="contact-name"
        label="Name"
        optional
        autoComplete="name"
        disabled={isSubmitting}
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="contact-email"
        label="Email"
        type="email"
        autoComplete="email"
        disabled={isSubmitting}
        error={errors.email?.message}
        {...register('email', { validate: requiredText('Please enter an email address') })}
      />
      <TextArea
        id="contact-message"
        label="Message"
        rows={6}
        disabled={isSubmitting}
        error={errors.message?.message}
        {...register('message', { validate: requiredText('Please enter a message') })}
      />
      {outcome && <Alert variant={outcome.variant}>{outcome.message}</Alert>}
      <Button type="submit" size="lg" busy={isSubmitting} busyLabel="Sending…" className="w-full sm:w-auto">
        Send message
      </Button>
    </form>
  );
}
