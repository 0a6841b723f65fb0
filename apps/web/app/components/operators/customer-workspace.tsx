import { formatLongDate } from '@launchkit/plans';
import { useState } from 'react';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import type { Outcome } from '#web/hooks/use-app-form.ts';
import { storeImpersonation } from '#web/lib/impersonation.ts';
import {
  type CustomerWorkspace as Data,
  disableWebhookEndpoint,
  endSessions,
  extendTrial,
  getCustomerWorkspace,
  grantCredit,
  resendVerificationEmail,
  setLock,
  startImpersonation,
} from '#web/lib/operators.ts';
import { formatAmount } from '#web/lib/plan-change.ts';
import { OperatorAuditLog } from './operator-audit-log.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import type { PendingAction } from './workspace-actions.ts';
import { type PersonAction, WorkspaceOverview, WorkspacePeople } from './workspace-overview.tsx';
import { InvoicesAndActivity, KeysAndWebhooks } from './workspace-records.tsx';

/**
 * One workspace in the back office (docs/operations.md): what the customer has, read as the page loads
 * (and recorded as a view), and the actions, each asking a reason first. After an action the page and
 * its audit entries load again.
 */
export function CustomerWorkspace({ id }: { id: string }) {
  const workspace = useApiResource((signal) => getCustomerWorkspace(id, signal));
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [version, setVersion] = useState(0);
  if (workspace.error) return <LoadFailure error={workspace.error} onRetry={workspace.retry} />;
  if (!workspace.data) return <LoadingStatus className="py-12" />;
  const data = workspace.data;
  const act = (action: PendingAction) => {
    setOutcome(null);
    setPending({
      ...action,
      run: async (values) => {
        const message = await action.run(values);
        setOutcome({ variant: 'success', message });
        setVersion((current) => current + 1);
        workspace.reload();
        return message;
      },
    });
  };
  return (
    <div className="space-y-8">
      <FormOutcome outcome={outcome} />
      <WorkspaceOverview
        data={data}
        onExtendTrial={() => act(trialAction(data))}
        onGrantCredit={() => act(creditAction(data))}
        onLock={() => act(lockAction(data))}
      />
      <WorkspacePeople data={data} onAction={(kind, person) => act(personAction(data, kind, person))} />
      <InvoicesAndActivity data={data} />
      <KeysAndWebhooks data={data} onDisable={(endpoint) => act(webhookAction(data, endpoint))} />
      <OperatorAuditLog key={version} workspace={id} />
      {pending && <ReasonDialog {...pending} onSubmit={pending.run} onClose={() => setPending(null)} />}
    </div>
  );
}

const trialAction = (data: Data): PendingAction => ({
  id: 'extend-trial',
  title: 'Extend the trial',
  description: 'The payment provider moves the trial’s end; nothing is charged until then.',
  submitLabel: 'Extend the trial',
  asksDays: true,
  run: async ({ days, reason }) => {
    const { trialEnd } = await extendTrial(data.workspace.workspace, Number(days), reason);
    return `The trial now ends on ${formatLongDate(trialEnd)}.`;
  },
});

const creditAction = (data: Data): PendingAction => ({
  id: 'grant-credit',
  title: 'Grant a credit',
  description: 'The payment provider adds it to the customer’s balance and takes it off the next invoice.',
  submitLabel: 'Grant the credit',
  asksAmount: true,
  run: async ({ amount, reason }) => {
    const granted = await grantCredit(data.workspace.workspace, Number(amount), reason);
    // The provider's balance after the credit: negative is what the next invoices will have taken off.
    return `Credit granted. The customer’s balance at the provider is now ${formatAmount(granted.balance)}.`;
  },
});

const lockAction = (data: Data): PendingAction => {
  const isLocked = !data.workspace.locked;
  return {
    id: 'lock-workspace',
    title: isLocked ? 'Lock the workspace' : 'Unlock the workspace',
    description: isLocked
      ? 'Its people’s requests in it are refused until it is unlocked; open pages stop updating.'
      : 'Its people can use it again at once.',
    submitLabel: isLocked ? 'Lock' : 'Unlock',
    isDanger: isLocked,
    run: async ({ reason }) => {
      await setLock(data.workspace.workspace, isLocked, reason);
      return isLocked ? 'The workspace is locked.' : 'The workspace is unlocked.';
    },
  };
};

const webhookAction = (data: Data, endpoint: string): PendingAction => ({
  id: 'disable-webhook',
  title: 'Turn off the webhook endpoint',
  description: 'No more deliveries go to it until someone of the workspace turns it on again.',
  submitLabel: 'Turn off',
  isDanger: true,
  run: async ({ reason }) => {
    await disableWebhookEndpoint(data.workspace.workspace, endpoint, reason);
    return 'The webhook endpoint is off.';
  },
});

function personAction(data: Data, kind: PersonAction, person: { id: string; email: string }): PendingAction {
  if (kind === 'verification-email') {
    return {
      id: 'resend-verification',
      title: `Resend the verification mail to ${person.email}`,
      description: 'The identity provider mails a new verification link.',
      submitLabel: 'Send',
      run: async ({ reason }) => {
        await resendVerificationEmail(person.id, reason);
        return `A verification mail is on its way to ${person.email}.`;
      },
    };
  }
  if (kind === 'end-sessions') {
    return {
      id: 'end-sessions',
      title: `End every session of ${person.email}`,
      description: 'Every browser they are signed in on is signed out at once.',
      submitLabel: 'End sessions',
      isDanger: true,
      run: async ({ reason }) => {
        await endSessions(person.id, reason);
        return `Every session of ${person.email} has ended.`;
      },
    };
  }
  return viewAsAction(data, person);
}

const viewAsAction = (data: Data, person: { id: string; email: string }): PendingAction => ({
  id: 'view-as',
  title: `View as ${person.email}`,
  description: 'Read-only, for a limited time; they will see in Settings → Security that you did, and why.',
  submitLabel: 'View as',
  asksLegalReason: data.workspace.forbidsImpersonation,
  run: async ({ reason, legalReason }) => {
    const impersonation = await startImpersonation({
      person: person.id,
      reason,
      ...(legalReason.trim() && { legalReason: legalReason.trim() }),
    });
    storeImpersonation(impersonation);
    // A fresh load: every screen then reads as the person.
    window.location.assign('/dashboard');
    return `Viewing as ${person.email}…`;
  },
});
