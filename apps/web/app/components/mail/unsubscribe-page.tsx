import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button, buttonClasses } from '#web/components/forms/button.tsx';
import { LinkPageCard } from '#web/components/layout/link-page-card.tsx';
import { useLinkPageAction } from '#web/hooks/use-link-page-action.ts';
import { unsubscribeFromMail } from '#web/lib/mail-preferences.ts';

const title = 'Unsubscribe';
const incompleteText = 'This unsubscribe link is incomplete. Copy the whole link from the mail.';

/**
 * The footer link of an optional mail, `/unsubscribe?token=…&mail=…` (docs/jobs.md, "Mail"). The mail
 * is turned off by the button, not by opening the page: mail scanners open links. Mail clients use the
 * List-Unsubscribe header instead, which posts to the API directly.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const mail = params.get('mail');
  const [label, setLabel] = useState<string | null>(null);
  const { isBusy: isSending, error, run } = useLinkPageAction();

  if (!token || !mail) return <LinkPageCard testId="unsubscribe" title={title} alert={incompleteText} />;
  if (label) {
    return (
      <LinkPageCard
        testId="unsubscribe"
        title="You are unsubscribed"
        intro={
          <p className="mt-3 text-slate-700">
            You will no longer get the mail “{label}”. You can turn it back on in Settings → Notifications.
          </p>
        }
      >
        <Link
          to="/settings/notifications"
          className={buttonClasses({ variant: 'secondary', className: 'w-full' })}
        >
          Open notification settings
        </Link>
      </LinkPageCard>
    );
  }

  const unsubscribe = () => run(async () => setLabel((await unsubscribeFromMail({ token, mail })).label));
  return (
    <LinkPageCard
      testId="unsubscribe"
      title={title}
      intro={<p className="mt-3 text-slate-700">Press the button to stop getting this kind of mail.</p>}
    >
      <div className="space-y-4">
        {error && <Alert variant="error">{error}</Alert>}
        <Button
          className="w-full"
          busy={isSending}
          busyLabel="Unsubscribing…"
          onClick={() => void unsubscribe()}
        >
          Unsubscribe
        </Button>
      </div>
    </LinkPageCard>
  );
}
