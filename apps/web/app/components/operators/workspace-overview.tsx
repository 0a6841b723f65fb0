import { formatLongDate } from '@launchkit/plans';
import { Button } from '#web/components/forms/button.tsx';
import { SettingsCard, SettingsList } from '#web/components/layout/settings-card.tsx';
import type { CustomerWorkspace } from '#web/lib/operators.ts';

export type PersonAction = 'view-as' | 'verification-email' | 'end-sessions';
type Person = { id: string; email: string; role: string };

const day = (iso: string | null) => (iso ? formatLongDate(iso) : '—');

/** The workspace itself and its subscription as the payment provider has it now. */
export function WorkspaceOverview({
  data,
  onExtendTrial,
  onGrantCredit,
  onLock,
}: {
  data: CustomerWorkspace;
  onExtendTrial: () => void;
  onGrantCredit: () => void;
  onLock: () => void;
}) {
  const { workspace, subscription } = data;
  const facts: [string, string][] = [
    ['Owner', workspace.email],
    ['Customer id', workspace.customerId ?? 'none yet'],
    ['Created', day(workspace.createdAt)],
    ['“View as”', workspace.forbidsImpersonation ? 'Forbidden by the owner' : 'Allowed'],
    ['Status', workspace.locked ? `Locked: ${workspace.lockedReason ?? ''}` : 'Open'],
  ];
  const plan: [string, string][] = subscription
    ? [
        ['Plan', `${subscription.plan ?? 'unknown price'} · ${subscription.seats} seats`],
        ['Status at the provider', subscription.status],
        ['Trial ends', day(subscription.trialEnd)],
        ['Period ends', day(subscription.currentPeriodEnd)],
      ]
    : [['Plan', 'No subscription at the provider']];
  return (
    <SettingsCard
      id="admin-overview"
      title="Workspace and subscription"
      intro="The subscription is read from the payment provider as this page loads."
    >
      <dl
        className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]"
        data-testid="admin-facts"
      >
        {[...facts, ...plan].map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-900">{term}</dt>
            <dd className="break-all text-slate-700">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        {subscription?.status === 'trialing' && (
          <Button variant="secondary" onClick={onExtendTrial}>
            Extend the trial…
          </Button>
        )}
        {workspace.customerId && (
          <Button variant="secondary" onClick={onGrantCredit}>
            Grant a credit…
          </Button>
        )}
        <Button variant={workspace.locked ? 'secondary' : 'danger'} onClick={onLock}>
          {workspace.locked ? 'Unlock the workspace…' : 'Lock the workspace…'}
        </Button>
      </div>
    </SettingsCard>
  );
}

/** The owner and the members who joined, each with what an operator may do about them. */
export function WorkspacePeople({
  data,
  onAction,
}: {
  data: CustomerWorkspace;
  onAction: (action: PersonAction, person: Person) => void;
}) {
  const people: Person[] = [
    { id: data.workspace.workspace, email: data.workspace.email, role: 'owner' },
    ...data.members.flatMap((member) =>
      member.id && member.joined ? [{ id: member.id, email: member.email, role: member.role }] : [],
    ),
  ];
  const invited = data.members.filter((member) => !member.joined);
  return (
    <SettingsCard
      id="admin-people"
      title="People"
      intro={invited.length > 0 ? `And ${invited.length} invited, not joined yet.` : undefined}
    >
      <SettingsList labelledBy="admin-people-title" className="mt-4 text-sm">
        {people.map((person) => (
          <li
            key={person.id}
            className="flex flex-col gap-2 p-3 lg:flex-row lg:items-center lg:justify-between"
          >
            <span className="min-w-0 break-all">
              {person.email} <span className="text-slate-600">({person.role})</span>
            </span>
            <span className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={() => onAction('view-as', person)}
                aria-label={`View as ${person.email}`}
              >
                View as…
              </Button>
              <Button
                variant="secondary"
                onClick={() => onAction('verification-email', person)}
                aria-label={`Resend verification to ${person.email}`}
              >
                Resend verification…
              </Button>
              <Button
                variant="secondary"
                onClick={() => onAction('end-sessions', person)}
                aria-label={`End sessions of ${person.email}`}
              >
                End sessions…
              </Button>
            </span>
          </li>
        ))}
      </SettingsList>
    </SettingsCard>
  );
}
