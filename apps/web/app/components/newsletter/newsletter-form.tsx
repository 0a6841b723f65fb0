import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { errorMessage, requiredText } from '#web/components/forms/error-message.ts';
import { TextField } from '#web/components/forms/text-field.tsx';
import { apiRequest } from '#web/lib/api.ts';

type NewsletterValues = { email: string };
type Outcome = { variant: 'success' | 'error'; message: string };

/**
 * Newsletter signup (§4, §5). It appears twice on the landing page (section and footer), so each
 * place gives its own `idPrefix`.
 */
export function NewsletterForm({ idPrefix, className = '' }: { idPrefix: string; className?: string }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setOutcome(null);
    try {
      await apiRequest('newsletter', { method: 'POST', body: { email: email.trim() } });
      reset();
      setOutcome({ variant: 'success', message: 'You are now subscribed!' });
    } catch (error) {
      setOutcome({ variant: 'error', message: errorMessage(error) });
    }
  });

  return (
    <div className={className}>
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        data-testid="newsletter-form"
      >
        <TextField
          id={`${idPrefix}-email`}
          label="Email address"
          hideLabel
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          fieldClassName="min-w-0 flex-1"
          disabled={isSubmitting}
          error={errors.email?.message}
          {...register('email', { validate: requiredText('Please enter an email address') })}
        />
        <Button type="submit" busy={isSubmitting} busyLabel="Subscribing…">
          Subscribe
        </Button>
      </form>
      {outcome && (
        <Alert variant={outcome.variant} className="mt-3">
          {outcome.message}
        </Alert>
      )}
    </div>
  );
}
