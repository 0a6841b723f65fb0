import { formatLongDate } from '@launchkit/plans';
import { useState } from 'react';
import { checkboxClasses } from '#web/components/forms/checkbox.ts';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { SettingsCard, SettingsList } from '#web/components/layout/settings-card.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { useOutcome } from '#web/hooks/use-app-form.ts';
import { getImpersonationSetting, listAccountViewings, setImpersonationSetting } from '#web/lib/operators.ts';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * Settings → Security (docs/operations.md): who of the product's operators viewed the account as the
 * person, when and why; and the owner's setting that forbids it for their workspace's people, which an
 * operator overrides only with a legal reason that is recorded.
 */
export function OperatorAccessSettings() {
  const viewings = useApiResource(listAccountViewings);
  const setting = useApiResource(getImpersonationSetting);
  const [saving, setSaving] = useState<boolean | null>(null);
  const { outcome, run } = useOutcome();
  const change = async (forbids: boolean) => {
    setSaving(forbids);
    await run(async () => {
      await setImpersonationSetting(forbids);
      setting.reload();
      return forbids
        ? 'Operators can no longer view as your workspace’s people.'
        : 'Operators may view as your workspace’s people again.';
    });
    setSaving(null);
  };
  const forbids = saving ?? setting.data?.forbidsImpersonation ?? false;
  return (
    <SettingsCard
      id="operator-access"
      title="Operator access"
      intro="Our support operators may view the product as you to help with a problem: read-only, for 15 minutes at most, always with a reason. Every time is listed here."
      testId="operator-access"
    >
      <div className="mt-4 space-y-4">
        {viewings.error && <LoadFailure error={viewings.error} onRetry={viewings.retry} />}
        {viewings.data && viewings.data.viewings.length === 0 && (
          <p className="text-sm text-slate-700">No operator has viewed your account.</p>
        )}
        {viewings.data && viewings.data.viewings.length > 0 && (
          <SettingsList labelledBy="operator-access-title" className="text-sm">
            {viewings.data.viewings.map((viewing) => (
              <li key={viewing.id} className="p-3">
                <p className="font-medium break-all text-slate-900">
                  {viewing.operatorEmail} viewed your account
                </p>
                <p className="text-slate-700">
                  {formatLongDate(viewing.startedAt)}, {timeOf(viewing.startedAt)}–{timeOf(viewing.endedAt)} ·
                  Reason: {viewing.reason}
                </p>
              </li>
            ))}
          </SettingsList>
        )}
        {setting.data && (
          <div className="flex items-start gap-3">
            <input
              id="forbid-impersonation"
              type="checkbox"
              className={checkboxClasses}
              checked={forbids}
              disabled={saving !== null}
              aria-describedby="forbid-impersonation-hint"
              onChange={(event) => void change(event.currentTarget.checked)}
            />
            <div>
              <label htmlFor="forbid-impersonation" className="text-sm font-medium text-slate-900">
                Forbid operators to view as the people of my workspace
              </label>
              <p id="forbid-impersonation-hint" className="mt-1 text-sm text-slate-600">
                Only a legal obligation then overrides it, and the operator must record it.
              </p>
            </div>
          </div>
        )}
        <FormOutcome outcome={outcome} />
      </div>
    </SettingsCard>
  );
}
