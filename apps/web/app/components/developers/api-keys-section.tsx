import { formatLongDate } from '@launchkit/plans';
import { useRef, useState } from 'react';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { ConfirmDialog } from '#web/components/forms/confirm-dialog.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { CardSection, PanelHeader, PanelNotices } from '#web/components/layout/card-section.tsx';
import { EmptyList, ListLoading } from '#web/components/layout/list-states.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { useDialogOpener } from '#web/hooks/use-dialog-opener.ts';
import { useRowActions } from '#web/hooks/use-row-actions.ts';
import { describeWhen } from '#web/lib/activity.ts';
import type { ApiError } from '#web/lib/api.ts';
import { type ApiKey, type CreatedApiKey, listApiKeys, revokeApiKey } from '#web/lib/api-keys.ts';
import { CreateApiKeyDialog, keyRoleDescriptions } from './create-api-key-dialog.tsx';
import type { DeveloperSectionProps } from './developer-section.ts';
import { NewKeySecret } from './new-key-secret.tsx';

const titleId = 'api-keys-title';

const isExpired = (key: ApiKey, now = Date.now()) =>
  key.expiresAt !== null && Date.parse(key.expiresAt) <= now;

/**
 * Developers → API keys (docs/api-keys.md): the workspace's keys by name, prefix, role, when made, last
 * used and expiry; Create key (its secret shown once, NewKeySecret) and Revoke, which asks first. Only
 * the owner and admins see this page (routes/developers.tsx); the server refuses everyone else anyway.
 */
export function ApiKeysSection({ workspace }: DeveloperSectionProps) {
  const { data: keys, error, reload, retry } = useApiResource((signal) => listApiKeys(workspace, signal));
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const { busyId, outcome, setOutcome, act } = useRowActions(reload);
  const creating = useDialogOpener(() => setOutcome(null));
  const titleRef = useRef<HTMLHeadingElement>(null);

  const revoke = async (key: ApiKey) => {
    setRevoking(null);
    const isRevoked = await act(key.id, async () => {
      await revokeApiKey(workspace, key.id);
      return `Key “${key.name}” revoked: it no longer works.`;
    });
    if (isRevoked) titleRef.current?.focus();
  };
  const closeCreated = () => {
    setCreated(null);
    creating.buttonRef.current?.focus();
  };

  return (
    <CardSection titleId={titleId} testId="api-keys">
      <PanelHeader
        titleId={titleId}
        title="API keys"
        titleRef={titleRef}
        action={{ label: 'Create key', ref: creating.buttonRef, onClick: creating.open }}
      >
        <p className="mt-1 text-sm text-slate-600">
          A key calls the API in this workspace with its role. It never reaches billing, members or keys.
        </p>
      </PanelHeader>
      <PanelNotices>
        {created && <NewKeySecret name={created.key.name} secret={created.secret} onDone={closeCreated} />}
        <FormOutcome outcome={outcome} />
        {error && keys !== null && <Alert variant="error">{error.message}</Alert>}
      </PanelNotices>
      <KeyList keys={keys} error={error} onRetry={retry} busyId={busyId} onRevoke={setRevoking} />
      {creating.isOpen && (
        <CreateApiKeyDialog
          workspace={workspace}
          onCreated={(key) => {
            creating.close();
            setCreated(key);
            reload();
          }}
          onClose={creating.cancel}
        />
      )}
      {revoking && (
        <RevokeKeyDialog
          apiKey={revoking}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </CardSection>
  );
}

function RevokeKeyDialog({
  apiKey,
  ...answers
}: {
  apiKey: ApiKey;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      {...answers}
      id="revoke-api-key"
      title={`Revoke “${apiKey.name}”?`}
      description={
        <p>
          Programs using <span className="font-mono">{apiKey.prefix}…</span> are refused from their next
          request. This cannot be undone.
        </p>
      }
      confirmLabel="Revoke key"
    />
  );
}

function KeyList({
  keys,
  error,
  onRetry,
  busyId,
  onRevoke,
}: {
  keys: ApiKey[] | null;
  error: ApiError | null;
  onRetry: () => void;
  busyId: string | null;
  onRevoke: (key: ApiKey) => void;
}) {
  if (keys === null) return <ListLoading error={error} onRetry={onRetry} />;
  if (keys.length === 0) {
    return (
      <EmptyList testId="api-keys-empty" title="No keys yet">
        Create one for each system that calls the API.
      </EmptyList>
    );
  }
  return (
    <ul aria-labelledby={titleId} className="divide-y divide-slate-200">
      {keys.map((key) => (
        <KeyRow key={key.id} apiKey={key} isBusy={busyId === key.id} onRevoke={onRevoke} />
      ))}
    </ul>
  );
}

function KeyRow({
  apiKey,
  isBusy,
  onRevoke,
}: {
  apiKey: ApiKey;
  isBusy: boolean;
  onRevoke: (key: ApiKey) => void;
}) {
  const nameId = `api-key-${apiKey.id}-name`;
  const expired = isExpired(apiKey);
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 px-4 py-4 sm:px-6"
      data-testid="api-key-row"
    >
      <div className="min-w-0 flex-1 basis-60">
        <p id={nameId} className="break-words font-medium text-slate-900">
          {apiKey.name}
        </p>
        <p className="mt-1 font-mono text-sm text-slate-700">{apiKey.prefix}…</p>
        <p className="mt-1 text-sm text-slate-600">{keyRoleDescriptions[apiKey.role]}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-600">
          <dt>Created</dt>
          <dd>{formatLongDate(apiKey.createdAt)}</dd>
          <dt>Last used</dt>
          <dd>{apiKey.lastUsedAt ? describeWhen(apiKey.lastUsedAt) : 'Never'}</dd>
          <dt>Expires</dt>
          <dd className={expired ? 'font-medium text-red-700' : undefined}>
            {apiKey.expiresAt === null
              ? 'Never'
              : `${expired ? 'Expired ' : ''}${formatLongDate(apiKey.expiresAt)}`}
          </dd>
        </dl>
      </div>
      <Button
        variant="secondary"
        aria-describedby={nameId}
        busy={isBusy}
        busyLabel="Revoking…"
        onClick={() => onRevoke(apiKey)}
      >
        Revoke
      </Button>
    </li>
  );
}
