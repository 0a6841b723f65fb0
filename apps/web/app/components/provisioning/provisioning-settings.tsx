import { formatLongDate } from '@launchkit/plans';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { ConfirmDialog } from '#web/components/forms/confirm-dialog.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { CardSection, PanelHeader, PanelNotices } from '#web/components/layout/card-section.tsx';
import { EmptyList, ListLoading } from '#web/components/layout/list-states.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { useRowActions } from '#web/hooks/use-row-actions.ts';
import { describeWhen } from '#web/lib/activity.ts';
import { ApiError } from '#web/lib/api.ts';
import {
  type CreatedScimToken,
  createScimToken,
  listScimTokens,
  revokeScimToken,
  type ScimToken,
  scimBaseUrl,
} from '#web/lib/scim-tokens.ts';
import { CopyableValue } from './copyable-value.tsx';

const titleId = 'scim-tokens-title';

/** The tokens, and making and revoking them: what the panel shows and does. */
function useScimTokens(workspace: string | null) {
  const resource = useApiResource((signal) => listScimTokens(workspace, signal));
  const [created, setCreated] = useState<CreatedScimToken | null>(null);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const [planNeeded, setPlanNeeded] = useState(false);
  const { busyId, outcome, act } = useRowActions(resource.reload);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const makeRef = useRef<HTMLButtonElement>(null);

  const make = () =>
    act('new', async () => {
      try {
        setCreated(await createScimToken(workspace));
      } catch (problem) {
        setPlanNeeded(problem instanceof ApiError && problem.code === 'scim-tokens/plan-required');
        throw problem;
      }
      setPlanNeeded(false);
      return '';
    });
  const revoke = async (token: ScimToken) => {
    setRevoking(null);
    const isRevoked = await act(token.id, async () => {
      await revokeScimToken(workspace, token.id);
      return `Token ${token.prefix}… revoked: your identity provider can no longer use it.`;
    });
    if (isRevoked) titleRef.current?.focus();
  };
  const closeCreated = () => {
    setCreated(null);
    makeRef.current?.focus();
  };
  return {
    ...resource,
    created,
    revoking,
    setRevoking,
    planNeeded,
    busyId,
    outcome,
    titleRef,
    makeRef,
    make,
    revoke,
    closeCreated,
  };
}

/**
 * Settings → Provisioning (docs/scim.md, decision 0056): the SCIM base URL and the workspace's SCIM
 * tokens, which an identity provider (Entra ID, Okta) uses to add, change and remove its people. Make
 * token (its secret shown once) and Revoke, which asks first. The owner's alone (routes/settings.tsx);
 * the server refuses everyone else, and a plan without provisioning, anyway.
 */
export function ProvisioningSettings({ workspace }: { workspace: string | null }) {
  const scim = useScimTokens(workspace);
  const { data: tokens, error, revoking } = scim;

  return (
    <div className="space-y-8">
      <ConnectionPanel />
      <CardSection titleId={titleId} testId="scim-tokens">
        <PanelHeader
          titleId={titleId}
          title="SCIM tokens"
          titleRef={scim.titleRef}
          action={{
            label: scim.busyId === 'new' ? 'Making token…' : 'Make token',
            ref: scim.makeRef,
            onClick: () => void scim.make(),
            disabled: scim.busyId === 'new',
          }}
        >
          <p className="mt-1 text-sm text-slate-600">
            Your identity provider sends it with every request. It adds and removes people in this workspace
            only.
          </p>
        </PanelHeader>
        <PanelNotices>
          {scim.created && <NewToken created={scim.created} onDone={scim.closeCreated} />}
          <FormOutcome outcome={scim.outcome} />
          {scim.planNeeded && scim.outcome?.variant === 'error' && (
            <p className="text-sm text-slate-700">
              <Link to="/settings/plan" className="font-medium text-brand-700 underline">
                See your plan
              </Link>
            </p>
          )}
          {error && tokens !== null && <Alert variant="error">{error.message}</Alert>}
        </PanelNotices>
        <TokenList
          tokens={tokens}
          error={error}
          onRetry={scim.retry}
          busyId={scim.busyId}
          onRevoke={scim.setRevoking}
        />
      </CardSection>
      {revoking && (
        <ConfirmDialog
          id="revoke-scim-token"
          title={`Revoke ${revoking.prefix}…?`}
          description={
            <p>Your identity provider is refused from its next request. People already provisioned stay.</p>
          }
          confirmLabel="Revoke token"
          onConfirm={() => void scim.revoke(revoking)}
          onCancel={() => scim.setRevoking(null)}
        />
      )}
    </div>
  );
}

/** Where the identity provider connects, and what it maps (docs/scim.md has the steps). */
function ConnectionPanel() {
  return (
    <section
      aria-labelledby="scim-connection-title"
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="scim-connection-title" className="text-lg font-semibold text-slate-900">
        Provisioning with SCIM
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Entra ID, Okta and other identity providers add people to this workspace, change their role and remove
        them. Each person is invited with their email address and joins when they sign in with it. The groups
        admin, member and viewer set their role; nobody changes the owner. Part of the Business plan.
      </p>
      <div className="mt-4">
        <CopyableValue
          id="scim-base-url"
          label="SCIM base URL"
          value={scimBaseUrl()}
          testId="scim-base-url"
        />
      </div>
    </section>
  );
}

function NewToken({ created, onDone }: { created: CreatedScimToken; onDone: () => void }) {
  return (
    <Alert variant="success" title="Token made">
      <p>
        Copy it now: this is the only time it is shown. Paste it into your identity provider as the secret
        token.
      </p>
      <div className="mt-3">
        <CopyableValue
          id="new-scim-token"
          label="Your SCIM token"
          value={created.secret}
          testId="new-scim-token"
        />
      </div>
      <Button className="mt-3" variant="secondary" onClick={onDone}>
        Done
      </Button>
    </Alert>
  );
}

function TokenList({
  tokens,
  error,
  onRetry,
  busyId,
  onRevoke,
}: {
  tokens: ScimToken[] | null;
  error: ApiError | null;
  onRetry: () => void;
  busyId: string | null;
  onRevoke: (token: ScimToken) => void;
}) {
  if (tokens === null) return <ListLoading error={error} onRetry={onRetry} />;
  if (tokens.length === 0) {
    return (
      <EmptyList testId="scim-tokens-empty" title="No tokens yet">
        Make one, then give it to your identity provider with the base URL.
      </EmptyList>
    );
  }
  return (
    <ul aria-labelledby={titleId} className="divide-y divide-slate-200">
      {tokens.map((token) => {
        const nameId = `scim-token-${token.id}-name`;
        return (
          <li
            key={token.id}
            className="flex flex-wrap items-start justify-between gap-3 px-4 py-4 sm:px-6"
            data-testid="scim-token-row"
          >
            <div className="min-w-0 flex-1 basis-60">
              <p id={nameId} className="font-mono text-sm font-medium text-slate-900">
                {token.prefix}…
              </p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-600">
                <dt>Made</dt>
                <dd>{formatLongDate(token.createdAt)}</dd>
                <dt>Last used</dt>
                <dd>{token.lastUsedAt ? describeWhen(token.lastUsedAt) : 'Never'}</dd>
              </dl>
            </div>
            <Button
              variant="secondary"
              aria-describedby={nameId}
              busy={busyId === token.id}
              busyLabel="Revoking…"
              onClick={() => onRevoke(token)}
            >
              Revoke
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
