import { emailField } from '@launchkit/api-contract/field-rules';
import { Button } from '#web/components/forms/button.tsx';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { apiRequest } from '#web/lib/api.ts';

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
    await apiRequest('newsletter', { method: 'POST', body: { email: email.trim() } });
    reset();
    return 'You are now subscribed!';
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
