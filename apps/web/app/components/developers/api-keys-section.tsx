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
  const [isCreating, setIsCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ variant: 'success' | 'error'; message: string } | null>(null);
  const createButtonRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  const revoke = async (key: ApiKey) => {
    setRevoking(null);
    setBusyId(key.id);
    setOutcome(null);
    try {
      await revokeApiKey(workspace, key.id);
      setOutcome({ variant: 'success', message: `Key “${key.name}” revoked: it no longer works.` });
      titleRef.current?.focus();
    } catch (failure) {
      setOutcome({ variant: 'error', message: errorMessage(failure) });
    } finally {
      setBusyId(null);
      reload();
    }
  };

  return (
    <CardSection titleId={titleId} testId="api-keys">
      <div className="flex flex-col gap-4 border-b border-slate-200 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div>
          <h2 id={titleId} ref={titleRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
            API keys
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            A key calls the API in this workspace with its role. It never reaches billing, members or keys.
          </p>
        </div>
        <Button
          ref={createButtonRef}
          onClick={() => {
            setOutcome(null);
            setIsCreating(true);
          }}
        >
          Create key
        </Button>
      </div>
      <div className="space-y-3 px-4 pt-4 empty:hidden sm:px-6">
        {created && (
          <NewKeySecret
            name={created.key.name}
            secret={created.secret}
            onDone={() => {
              setCreated(null);
              createButtonRef.current?.focus();
            }}
          />
        )}
        {outcome && <Alert variant={outcome.variant}>{outcome.message}</Alert>}
        {error && keys !== null && <Alert variant="error">{error.message}</Alert>}
      </div>
      <KeyList
        keys={keys}
        error={keys === null ? error : null}
        onRetry={retry}
        busyId={busyId}
        onRevoke={setRevoking}
      />
      {isCreating && (
        <CreateApiKeyDialog
          workspace={workspace}
          onCreated={(key) => {
            setIsCreating(false);
            setCreated(key);
            reload();
          }}
          onClose={() => {
            setIsCreating(false);
            createButtonRef.current?.focus();
          }}
        />
      )}
      {revoking && (
        <ConfirmDialog
          titleId="revoke-api-key-title"
          title={`Revoke “${revoking.name}”?`}
          description={
            <p>
              Programs using <span className="font-mono">{revoking.prefix}…</span> are refused from their next
              request. This cannot be undone.
            </p>
          }
          confirmLabel="Revoke key"
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
          testId="revoke-api-key-dialog"
        />
      )}
    </CardSection>
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
  error: Parameters<typeof LoadFailure>[0]['error'] | null;
  onRetry: () => void;
  busyId: string | null;
  onRevoke: (key: ApiKey) => void;
}) {
  if (keys === null) {
    return error ? (
      <div className="p-4 sm:p-6">
        <LoadFailure error={error} onRetry={onRetry} />
      </div>
    ) : (
      <LoadingStatus className="py-12" />
    );
  }
  if (keys.length === 0) {
    return (
      <div className="px-4 py-12 text-center sm:px-6" data-testid="api-keys-empty">
        <p className="font-medium text-slate-900">No keys yet</p>
        <p className="mt-1 text-sm text-slate-600">Create one for each system that calls the API.</p>
      </div>
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
