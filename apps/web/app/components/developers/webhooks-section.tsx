import { webhookEventLabels } from '@launchkit/api-contract/webhook-events';
import { formatLongDate } from '@launchkit/plans';
import { type ComponentProps, useState } from 'react';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { ConfirmDialog } from '#web/components/forms/confirm-dialog.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { BreakableText } from '#web/components/layout/breakable-text.tsx';
import { CardSection, PanelHeader, PanelNotices } from '#web/components/layout/card-section.tsx';
import { EmptyList, ListLoading } from '#web/components/layout/list-states.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { useDialogOpener } from '#web/hooks/use-dialog-opener.ts';
import { useRowActions } from '#web/hooks/use-row-actions.ts';
import { describeWhen } from '#web/lib/activity.ts';
import type { ApiError } from '#web/lib/api.ts';
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

type EndpointActions = {
  busyId: string | null;
  onToggle: (endpoint: WebhookEndpoint) => void;
  onRotate: (endpoint: WebhookEndpoint) => void;
  onRemove: (endpoint: WebhookEndpoint) => void;
};

/**
 * Developers → Webhooks (docs/webhooks.md): the workspace's endpoints, their events and signing
 * secret; Add endpoint, the delivery log with Redeliver, Rotate secret (the old one signs 24 hours
 * more), Turn off / Turn on, Remove. Only the owner and admins see it; the server refuses others anyway.
 */
export function WebhooksSection({ workspace }: DeveloperSectionProps) {
  const resource = useApiResource((signal) => listWebhookEndpoints(workspace, signal));
  const { data: endpoints, error, reload } = resource;
  const { outcome, setOutcome, actions, change, confirming, setConfirming } = useEndpointChanges(
    workspace,
    reload,
  );
  const adding = useDialogOpener(() => setOutcome(null));

  return (
    <CardSection titleId={titleId} testId="webhooks">
      <PanelHeader
        titleId={titleId}
        title="Webhooks"
        action={{ label: 'Add endpoint', ref: adding.buttonRef, onClick: adding.open }}
      >
        <p className="mt-1 text-sm text-slate-600">
          Your systems hear of changes in this workspace as they happen: a signed POST for each chosen event.
        </p>
      </PanelHeader>
      <PanelNotices>
        <FormOutcome outcome={outcome} />
        {error && endpoints !== null && <Alert variant="error">{error.message}</Alert>}
      </PanelNotices>
      <EndpointList workspace={workspace} resource={resource} actions={actions} />
      {adding.isOpen && (
        <AddWebhookEndpointDialog
          workspace={workspace}
          onAdded={(endpoint) => {
            adding.close();
            setOutcome({
              variant: 'success',
              message: `${endpoint.url} added. Its signing secret is below.`,
            });
            reload();
          }}
          onClose={adding.cancel}
        />
      )}
      {confirming && (
        <EndpointConfirmDialog
          workspace={workspace}
          confirming={confirming}
          onChange={change}
          onCancel={() => setConfirming(null)}
        />
      )}
    </CardSection>
  );
}

/**
 * The changes made from the endpoints' rows: Turn off / Turn on at once; Rotate secret and Remove once
 * confirmed (`confirming`). `change` runs one, with its success message.
 */
function useEndpointChanges(workspace: string | null, reload: () => void) {
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const { busyId, outcome, setOutcome, act } = useRowActions(reload);
  const change = (endpoint: WebhookEndpoint, action: () => Promise<unknown>, success: string) => {
    setConfirming(null);
    void act(endpoint.id, async () => {
      await action();
      return success;
    });
  };
  const actions: EndpointActions = {
    busyId,
    onToggle: (endpoint) =>
      change(
        endpoint,
        () => setWebhookEndpointEnabled(workspace, endpoint.id, !endpoint.enabled),
        endpoint.enabled ? `${endpoint.url} is off: it receives nothing.` : `${endpoint.url} is on again.`,
      ),
    onRotate: (endpoint) => setConfirming({ kind: 'rotate', endpoint }),
    onRemove: (endpoint) => setConfirming({ kind: 'remove', endpoint }),
  };
  return { outcome, setOutcome, actions, change, confirming, setConfirming };
}

/** Asks before rotating an endpoint's secret or removing it. */
function EndpointConfirmDialog({
  workspace,
  confirming: { kind, endpoint },
  onChange,
  onCancel,
}: {
  workspace: string | null;
  confirming: Confirming;
  onChange: (endpoint: WebhookEndpoint, action: () => Promise<unknown>, success: string) => void;
  onCancel: () => void;
}) {
  if (kind === 'rotate') {
    return (
      <ConfirmDialog
        id="rotate-webhook-secret"
        title="Rotate the signing secret?"
        description={
          <p>
            Deliveries to {endpoint.url} are signed with a new secret from now on, and with the old one as
            well for 24 hours: switch your receiver to the new one within that time.
          </p>
        }
        confirmLabel="Rotate secret"
        onConfirm={() =>
          onChange(
            endpoint,
            () => rotateWebhookSecret(workspace, endpoint.id),
            'New secret made. The old one still signs for 24 hours.',
          )
        }
        onCancel={onCancel}
      />
    );
  }
  return (
    <ConfirmDialog
      id="remove-webhook-endpoint"
      title="Remove this endpoint?"
      description={<p>{endpoint.url} receives nothing more, and its delivery log goes with it.</p>}
      confirmLabel="Remove endpoint"
      onConfirm={() =>
        onChange(endpoint, () => deleteWebhookEndpoint(workspace, endpoint.id), `${endpoint.url} removed.`)
      }
      onCancel={onCancel}
    />
  );
}

function EndpointList({
  workspace,
  resource: { data: endpoints, error, retry },
  actions,
}: {
  workspace: string | null;
  resource: { data: WebhookEndpoint[] | null; error: ApiError | null; retry: () => void };
  actions: EndpointActions;
}) {
  if (endpoints === null) return <ListLoading error={error} onRetry={retry} />;
  if (endpoints.length === 0) {
    return (
      <EmptyList testId="webhooks-empty" title="No endpoints yet">
        Add one for each system that wants to hear of changes.
      </EmptyList>
    );
  }
  return (
    <ul aria-labelledby={titleId} className="divide-y divide-slate-200">
      {endpoints.map((endpoint) => (
        <EndpointRow key={endpoint.id} workspace={workspace} endpoint={endpoint} actions={actions} />
      ))}
    </ul>
  );
}

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
  const urlId = `webhook-${endpoint.id}-url`;
  const logId = `webhook-${endpoint.id}-log`;
  const isBusy = actions.busyId === endpoint.id;
  return (
    <li className="space-y-3 px-4 py-4 sm:px-6" data-testid="webhook-endpoint-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <EndpointSummary endpoint={endpoint} urlId={urlId} />
        <div className="flex flex-wrap gap-2">
          <EndpointButton
            urlId={urlId}
            aria-expanded={isLogOpen}
            aria-controls={isLogOpen ? logId : undefined}
            onClick={() => setIsLogOpen((open) => !open)}
          >
            {isLogOpen ? 'Hide deliveries' : 'Deliveries'}
          </EndpointButton>
          <EndpointButton urlId={urlId} busy={isBusy} onClick={() => actions.onToggle(endpoint)}>
            {endpoint.enabled ? 'Turn off' : 'Turn on'}
          </EndpointButton>
          <EndpointButton urlId={urlId} disabled={isBusy} onClick={() => actions.onRotate(endpoint)}>
            Rotate secret
          </EndpointButton>
          <EndpointButton urlId={urlId} disabled={isBusy} onClick={() => actions.onRemove(endpoint)}>
            Remove
          </EndpointButton>
        </div>
      </div>
      <SigningSecret endpoint={endpoint} urlId={urlId} />
      {isLogOpen && (
        <div id={logId} className="rounded-lg border border-slate-200 p-3">
          <WebhookDeliveryLog workspace={workspace} endpointId={endpoint.id} labelledBy={urlId} />
        </div>
      )}
    </li>
  );
}

/** A button of an endpoint's row, described by the endpoint's address (`urlId`) for screen readers. */
function EndpointButton({ urlId, ...props }: ComponentProps<typeof Button> & { urlId: string }) {
  return <Button variant="secondary" aria-describedby={urlId} {...props} />;
}

/** The endpoint's address (named `urlId`, which its buttons point at), description, state and events. */
function EndpointSummary({ endpoint, urlId }: { endpoint: WebhookEndpoint; urlId: string }) {
  return (
    <div className="min-w-0 flex-1 basis-64">
      <p id={urlId} className="wrap-break-word font-mono text-sm font-medium text-slate-900">
        <BreakableText text={endpoint.url} />
      </p>
      {endpoint.description && <p className="mt-1 text-sm text-slate-700">{endpoint.description}</p>}
      <p className="mt-1 text-sm" data-testid="webhook-endpoint-state">
        {endpoint.enabled ? (
          <span className="font-medium text-emerald-800">On</span>
        ) : (
          <span className="font-medium text-red-700">Off: {endpoint.disabledReason ?? 'turned off.'}</span>
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
  );
}

/** The signing secret, hidden until asked for, and until when the one a rotation replaced still signs. */
function SigningSecret({ endpoint, urlId }: { endpoint: WebhookEndpoint; urlId: string }) {
  const [isShown, setIsShown] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-700">Signing secret</span>
      <code
        className="wrap-anywhere rounded bg-slate-100 px-2 py-1 text-xs text-slate-900"
        data-testid="webhook-secret"
      >
        {isShown ? endpoint.secret : 'whsec_••••••••••••'}
      </code>
      <Button variant="secondary" aria-describedby={urlId} onClick={() => setIsShown((shown) => !shown)}>
        {isShown ? 'Hide' : 'Show'}
      </Button>
      {endpoint.previousSecretExpiresAt && (
        <span className="text-xs text-slate-600">
          The previous secret signs too until {formatLongDate(endpoint.previousSecretExpiresAt)}.
        </span>
      )}
    </div>
  );
}
