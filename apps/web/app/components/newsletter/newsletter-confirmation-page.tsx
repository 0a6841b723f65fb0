import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button, buttonClasses } from '#web/components/forms/button.tsx';
import { LinkPageCard } from '#web/components/layout/link-page-card.tsx';
import { useLinkPageAction } from '#web/hooks/use-link-page-action.ts';
import { useLinkToken } from '#web/hooks/use-link-token.ts';
import { confirmNewsletterSubscription } from '#web/lib/newsletter.ts';

const title = 'Confirm your subscription';
const incompleteText =
  'This confirmation link is incomplete. Open the link in the mail again, or subscribe again.';

/**
 * The newsletter confirmation link's page, `/newsletter#<token>` (double opt-in, docs/jobs.md). The
 * subscription is confirmed by the button, not by opening the page: mail scanners open links, people
 * press buttons. The token leaves the address bar at once, as the invitation's does.
 */
export function NewsletterConfirmationPage() {
  const token = useLinkToken();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const { isBusy: isConfirming, error, run } = useLinkPageAction();

  if (token === undefined) return <LinkPageCard testId="newsletter-confirmation" busy />;
  if (token === null) {
    return <LinkPageCard testId="newsletter-confirmation" title={title} alert={incompleteText} />;
  }
  if (confirmed) {
    return (
      <LinkPageCard
        testId="newsletter-confirmation"
        title="Your subscription is confirmed"
        intro={
          <p className="mt-3 text-slate-700">
            The newsletter will be sent to{' '}
            <span className="font-medium break-words text-slate-900">{confirmed}</span>. Every issue has a
            link to unsubscribe.
          </p>
        }
      >
        <Link to="/" className={buttonClasses({ variant: 'secondary', className: 'w-full' })}>
          Back to the home page
        </Link>
      </LinkPageCard>
    );
  }

  const confirm = () => run(async () => setConfirmed((await confirmNewsletterSubscription(token)).email));
  return (
    <LinkPageCard
      testId="newsletter-confirmation"
      title={title}
      intro={<p className="mt-3 text-slate-700">Press the button to start receiving the newsletter.</p>}
    >
      <div className="space-y-4">
        {error && <Alert variant="error">{error}</Alert>}
        <Button className="w-full" busy={isConfirming} busyLabel="Confirming…" onClick={() => void confirm()}>
          Confirm my subscription
        </Button>
      </div>
    </LinkPageCard>
  );
}
