import { useState } from 'react';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { checkboxClasses } from '#web/components/forms/checkbox.ts';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { SettingsCard } from '#web/components/layout/settings-card.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { useOutcome } from '#web/hooks/use-app-form.ts';
import {
  changeMailPreferences,
  getMailPreferences,
  type MailPreferences,
} from '#web/lib/mail-preferences.ts';

/**
 * Settings → Notifications (docs/jobs.md, "Mail"): the mails a person may turn off, each saved as it
 * is ticked. Receipts, failed payments and security mail are not listed: they always go out.
 */
export function NotificationSettings() {
  const { data, error, retry } = useApiResource(getMailPreferences);
  // What the server answered to the last change; it replaces the loaded list once there is one.
  const [saved, setSaved] = useState<MailPreferences | null>(null);
  // The box shows the choice at once; it goes back if the server refuses it.
  const [saving, setSaving] = useState<{ mail: string; enabled: boolean } | null>(null);
  const { outcome, run } = useOutcome();
  const preferences = saved ?? data;

  const onChange = async (mail: string, enabled: boolean) => {
    setSaving({ mail, enabled });
    await run(async () => {
      setSaved(await changeMailPreferences({ [mail]: enabled }));
      return 'Your notification settings have been saved';
    });
    setSaving(null);
  };

  return (
    <SettingsCard
      id="notifications"
      title="Email notifications"
      intro="Choose which of these mails you get; each choice is saved as you make it. Receipts, payment problems and security mails are always sent."
      testId="notification-settings"
    >
      {error && !preferences ? (
        <div className="mt-4 space-y-4">
          <Alert variant="error" title="We could not load your notification settings">
            {error.message}
          </Alert>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      ) : !preferences ? (
        <LoadingStatus className="py-6" />
      ) : (
        <fieldset className="mt-4 space-y-4">
          <legend className="sr-only">Mails you get</legend>
          {preferences.mails.map(({ mail, label, description, enabled }) => (
            <div key={mail} className="flex items-start gap-3">
              <input
                id={`mail-${mail}`}
                type="checkbox"
                className={checkboxClasses}
                checked={saving?.mail === mail ? saving.enabled : enabled}
                disabled={saving !== null}
                aria-describedby={`mail-${mail}-hint`}
                onChange={(event) => void onChange(mail, event.currentTarget.checked)}
              />
              <div>
                <label htmlFor={`mail-${mail}`} className="text-sm font-medium text-slate-900">
                  {label}
                </label>
                <p id={`mail-${mail}-hint`} className="mt-1 text-sm text-slate-600">
                  {description}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
      )}
      <div className="mt-4">
        <FormOutcome outcome={outcome} />
      </div>
    </SettingsCard>
  );
}
