import { formatLongDate } from '@launchkit/plans';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { SettingsCard } from '#web/components/layout/settings-card.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { listOperatorAudit } from '#web/lib/operators.ts';

/** The operator audit log (docs/operations.md): who did what, why, and how it ended; newest first. */
export function OperatorAuditLog({ workspace }: { workspace?: string }) {
  const audit = useApiResource((signal) => listOperatorAudit(workspace, signal));
  return (
    <SettingsCard
      id="operator-audit"
      title="Operator audit log"
      intro="Every view and action of the back office, written before it happened."
      testId="operator-audit"
    >
      <div className="mt-4">
        {audit.error && <LoadFailure error={audit.error} onRetry={audit.retry} />}
        {audit.data && audit.data.entries.length === 0 && (
          <p className="text-sm text-slate-700">Nothing recorded yet.</p>
        )}
        {audit.data && audit.data.entries.length > 0 && (
          <ul
            aria-label="Audit entries"
            className="divide-y divide-slate-200 rounded-md text-sm ring-1 ring-slate-200"
          >
            {audit.data.entries.slice(0, 50).map((entry) => (
              <li key={entry.id} className="p-3">
                <p className="font-medium text-slate-900">
                  {entry.action} <span className="font-normal text-slate-600">({entry.outcome})</span>
                </p>
                <p className="break-all text-slate-700">
                  {entry.operatorEmail} · {formatLongDate(entry.createdAt)}
                  {entry.reason && <> · Reason: {entry.reason}</>}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SettingsCard>
  );
}
