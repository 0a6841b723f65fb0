import { emailField } from '@launchkit/api-contract/field-rules';
import { Button } from '#web/components/forms/button.tsx';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { subscribeToNewsletter } from '#web/lib/newsletter.ts';

type NewsletterValues = { email: string };

/**
 * Newsletter signup (docs/product.md §4, §5). It appears twice on the landing page (section and footer),
 * so each place gives its own `idPrefix`.
 */
export function NewsletterForm({ idPrefix, className = '' }: { idPrefix: string; className?: string }) {
  const { requiredProps, submitWith, reset, outcome, isSubmitting } = useAppForm<NewsletterValues>({
    email: '',
  });

  const onSubmit = submitWith(async ({ email }) => {
    await subscribeToNewsletter(email.trim());
    reset();
    // docs/product.md §5's words; the address counts once confirmed from the mail (double opt-in).
    return 'You are now subscribed! Check your inbox to confirm your address.';
  });

  return (
    <div className={className}>
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        data-testid="newsletter-form"
      >
        <EmailField
          id={`${idPrefix}-email`}
          label="Email address"
          hideLabel
          placeholder="you@example.com"
          fieldClassName="min-w-0 flex-1"
          {...requiredProps('email', emailField)}
        />
        <Button type="submit" busy={isSubmitting} busyLabel="Subscribing…">
          Subscribe
        </Button>
      </form>
      <FormOutcome outcome={outcome} className="mt-3" />
    </div>
  );
}
