import { webhookEventLabels } from '@launchkit/api-contract/webhook-events';
import { formatLongDate } from '@launchkit/plans';
import { useRef, useState } from 'react';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { ConfirmDialog } from '#web/components/forms/confirm-dialog.tsx';
import { errorMessage } from '#web/components/forms/error-message.ts';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { CardSection } from '#web/components/layout/card-section.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { describeWhen } from '#web/lib/activity.ts';
import {
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  setWebhookEndpointEnabled,
  type WebhookEndpoint,
} from '#web/lib/webhooks.ts';
import { AddWebhookEndpointDialog } from './add-webhook-endpoint-dialog.tsx';
import type { DeveloperSectionProps } from './developer-section.ts';
import { WebhookDeliveryLog } from './webhook-delivery-log.tsx';

const titleId = 'webhooks-title';

type Confirming = { kind: 'rotate' | 'remove'; endpoint: WebhookEndpoint };

/**
 * Developers → Webhooks (docs/webhooks.md): the workspace's endpoints, their events and signing
 * secret; Add endpoint, the delivery log with Redeliver, Rotate secret (the old one signs 24 hours
 * more), Turn off / Turn on, Remove. Only the owner and admins see it; the server refuses others anyway.
 */
export function WebhooksSection({ workspace }: DeveloperSectionProps) {
  const {
    data: endpoints,
    error,
    reload,
    retry,
  } = useApiResource((signal) => listWebhookEndpoints(workspace, signal));
  const [isAdding, setIsAdding] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ variant: 'success' | 'error'; message: string } | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  const act = async (endpoint: WebhookEndpoint, action: () => Promise<unknown>, success: string) => {
    setConfirming(null);
    setBusyId(endpoint.id);
    setOutcome(null);
    try {
      await action();
      setOutcome({ variant: 'success', message: success });
    } catch (failure) {
      setOutcome({ variant: 'error', message: errorMessage(failure) });
    } finally {
      setBusyId(null);
      reload();
    }
  };
  const actions: EndpointActions = {
    busyId,
    onToggle: (endpoint) =>
      void act(
        endpoint,
        () => setWebhookEndpointEnabled(workspace, endpoint.id, !endpoint.enabled),
        endpoint.enabled ? `${endpoint.url} is off: it receives nothing.` : `${endpoint.url} is on again.`,
      ),
    onRotate: (endpoint) => setConfirming({ kind: 'rotate', endpoint }),
    onRemove: (endpoint) => setConfirming({ kind: 'remove', endpoint }),
  };

  return (
    <CardSection titleId={titleId} testId="webhooks">
      <div className="flex flex-col gap-4 border-b border-slate-200 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Webhooks
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Your systems hear of changes in this workspace as they happen: a signed POST for each chosen
            event.
          </p>
        </div>
        <Button
          ref={addButtonRef}
          onClick={() => {
            setOutcome(null);
            setIsAdding(true);
          }}
        >
          Add endpoint
        </Button>
      </div>
      <div className="space-y-3 px-4 pt-4 empty:hidden sm:px-6">
        {outcome && <Alert variant={outcome.variant}>{outcome.message}</Alert>}
        {error && endpoints !== null && <Alert variant="error">{error.message}</Alert>}
      </div>
      {endpoints === null ? (
        error ? (
          <div className="p-4 sm:p-6">
            <LoadFailure error={error} onRetry={retry} />
          </div>
        ) : (
          <LoadingStatus className="py-12" />
        )
      ) : endpoints.length === 0 ? (
        <div className="px-4 py-12 text-center sm:px-6" data-testid="webhooks-empty">
          <p className="font-medium text-slate-900">No endpoints yet</p>
          <p className="mt-1 text-sm text-slate-600">
            Add one for each system that wants to hear of changes.
          </p>
        </div>
      ) : (
        <ul aria-labelledby={titleId} className="divide-y divide-slate-200">
          {endpoints.map((endpoint) => (
            <EndpointRow key={endpoint.id} workspace={workspace} endpoint={endpoint} actions={actions} />
          ))}
        </ul>
      )}
      {isAdding && (
        <AddWebhookEndpointDialog
          workspace={workspace}
          onAdded={(endpoint) => {
            setIsAdding(false);
            setOutcome({
              variant: 'success',
              message: `${endpoint.url} added. Its signing secret is below.`,
            });
            reload();
          }}
          onClose={() => {
            setIsAdding(false);
            addButtonRef.current?.focus();
          }}
        />
      )}
      {confirming?.kind === 'rotate' && (
        <ConfirmDialog
          titleId="rotate-webhook-secret-title"
          title="Rotate the signing secret?"
          description={
            <p>
              Deliveries to {confirming.endpoint.url} are signed with a new secret from now on, and with the
              old one as well for 24 hours: switch your receiver to the new one within that time.
            </p>
          }
          confirmLabel="Rotate secret"
          onConfirm={() =>
            void act(
              confirming.endpoint,
              () => rotateWebhookSecret(workspace, confirming.endpoint.id),
              'New secret made. The old one still signs for 24 hours.',
            )
          }
          onCancel={() => setConfirming(null)}
          testId="rotate-webhook-secret-dialog"
        />
      )}
      {confirming?.kind === 'remove' && (
        <ConfirmDialog
          titleId="remove-webhook-endpoint-title"
          title="Remove this endpoint?"
          description={
            <p>{confirming.endpoint.url} receives nothing more, and its delivery log goes with it.</p>
          }
          confirmLabel="Remove endpoint"
          onConfirm={() =>
            void act(
              confirming.endpoint,
              () => deleteWebhookEndpoint(workspace, confirming.endpoint.id),
              `${confirming.endpoint.url} removed.`,
            )
          }
          onCancel={() => setConfirming(null)}
          testId="remove-webhook-endpoint-dialog"
        />
      )}
    </CardSection>
  );
}

type EndpointActions = {
  busyId: string | null;
  onToggle: (endpoint: WebhookEndpoint) => void;
  onRotate: (endpoint: WebhookEndpoint) => void;
  onRemove: (endpoint: WebhookEndpoint) => void;
};

function EndpointRow({
  workspace,
  endpoint,
  actions,
}: {
  workspace: string | null;
  endpoint: WebhookEndpoint;
  actions: EndpointActions;
}) {
  const [isLogOpen, setIsLogOpen] = useState(false);
  const [isSecretShown, setIsSecretShown] = useState(false);
  const urlId = `webhook-${endpoint.id}-url`;
  const logId = `webhook-${endpoint.id}-log`;
  const isBusy = actions.busyId === endpoint.id;
  return (
    <li className="space-y-3 px-4 py-4 sm:px-6" data-testid="webhook-endpoint-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <p id={urlId} className="break-all font-mono text-sm font-medium text-slate-900">
            {endpoint.url}
          </p>
          {endpoint.description && <p className="mt-1 text-sm text-slate-700">{endpoint.description}</p>}
          <p className="mt-1 text-sm" data-testid="webhook-endpoint-state">
            {endpoint.enabled ? (
              <span className="font-medium text-emerald-800">On</span>
            ) : (
              <span className="font-medium text-red-700">
                Off: {endpoint.disabledReason ?? 'turned off.'}
              </span>
            )}
            {endpoint.enabled && endpoint.failingSince && (
              <span className="text-amber-900"> · failing since {describeWhen(endpoint.failingSince)}</span>
            )}
          </p>
          <p className="mt-1 text-xs text-slate-600">
            {endpoint.events.map((type) => webhookEventLabels[type]).join(', ')} · added{' '}
            {formatLongDate(endpoint.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-expanded={isLogOpen}
            aria-controls={isLogOpen ? logId : undefined}
            aria-describedby={urlId}
            onClick={() => setIsLogOpen((open) => !open)}
          >
            {isLogOpen ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button
            variant="secondary"
            aria-describedby={urlId}
            busy={isBusy}
            onClick={() => actions.onToggle(endpoint)}
          >
            {endpoint.enabled ? 'Turn off' : 'Turn on'}
          </Button>
          <Button
            variant="secondary"
            aria-describedby={urlId}
            disabled={isBusy}
            onClick={() => actions.onRotate(endpoint)}
          >
            Rotate secret
          </Button>
          <Button
            variant="secondary"
            aria-describedby={urlId}
            disabled={isBusy}
            onClick={() => actions.onRemove(endpoint)}
          >
            Remove
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-700">Signing secret</span>
        <code
          className="break-all rounded bg-slate-100 px-2 py-1 text-xs text-slate-900"
          data-testid="webhook-secret"
        >
          {isSecretShown ? endpoint.secret : 'whsec_••••••••••••'}
        </code>
        <Button
          variant="secondary"
          aria-describedby={urlId}
          onClick={() => setIsSecretShown((shown) => !shown)}
        >
          {isSecretShown ? 'Hide' : 'Show'}
        </Button>
        {endpoint.previousSecretExpiresAt && (
          <span className="text-xs text-slate-600">
            The previous secret signs too until {formatLongDate(endpoint.previousSecretExpiresAt)}.
          </span>
        )}
      </div>
      {isLogOpen && (
        <div id={logId} className="rounded-lg border border-slate-200 p-3">
          <WebhookDeliveryLog workspace={workspace} endpointId={endpoint.id} labelledBy={urlId} />
        </div>
      )}
    </li>
  );
}
