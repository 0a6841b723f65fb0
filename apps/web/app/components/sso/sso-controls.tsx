import { type MemberRole, memberRoles } from '@launchkit/api-contract/permissions';
import { formatLongDate } from '@launchkit/plans';
import { useState } from 'react';
import { startOrganizationSignIn } from '#web/auth/organization-sign-in.ts';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { checkboxClasses } from '#web/components/forms/checkbox.ts';
import { Options, SelectField } from '#web/components/forms/text-field.tsx';
import { type SingleSignOn, updateSingleSignOn } from '#web/lib/sso.ts';
import { type SsoSectionProps, useSsoAction } from './use-sso-action.ts';

/** What the connection's status means now; while it is on, whether any domain sends people to it yet. */
function statusText(status: 'untested' | 'tested' | 'on', hasVerifiedDomain: boolean) {
  if (status === 'untested') return 'Saved, not tested yet: test it before turning it on.';
  if (status === 'tested') return 'Tested, and off: people sign in as before.';
  return hasVerifiedDomain
    ? 'On: addresses at your verified domains sign in through your identity provider.'
    : 'On: verify a domain below, and addresses there will sign in through your identity provider.';
}

const roleLabels: Record<MemberRole, string> = { admin: 'Admin', member: 'Member', viewer: 'Viewer' };

/** "Test connection": a sign-in through the connection in this tab, which comes back here. */
function TestButton({ organization, connection }: { organization: string; connection: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const test = async () => {
    setBusy(true);
    setError(null);
    try {
      await startOrganizationSignIn({ organization, connection, purpose: 'test', next: '/settings/sso' });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The test could not start.');
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={test} busy={busy} busyLabel="Opening your identity provider…">
        Test connection
      </Button>
      {error && <Alert variant="error">{error}</Alert>}
    </>
  );
}

/** Testing, turning on and requiring the connection, and who may join by signing in through it. */
export function SsoControls({ settings, disabled, onChange }: SsoSectionProps) {
  const action = useSsoAction(onChange);
  const connection = settings.connection;
  if (!connection || !settings.organizationId) return null;
  const isOn = connection.status === 'on';
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm text-slate-700" data-testid="sso-status">
        {statusText(
          connection.status,
          settings.domains.some((domain) => domain.verifiedAt !== null),
        )}
        {connection.testedAt && ` Last test passed ${formatLongDate(connection.testedAt)}.`}
      </p>
      <div className="flex flex-wrap gap-3">
        <TestButton organization={settings.organizationId} connection={connection.name} />
        {connection.status !== 'untested' && (
          <Button
            variant={isOn ? 'secondary' : 'primary'}
            busy={action.busy === 'enabled'}
            disabled={disabled}
            onClick={() => action.run('enabled', () => updateSingleSignOn({ enabled: !isOn }))}
          >
            {isOn ? 'Turn off' : 'Turn on'}
          </Button>
        )}
      </div>
      <label className="flex items-start gap-3 text-sm text-slate-900">
        <input
          type="checkbox"
          className={checkboxClasses}
          checked={settings.requireSso}
          disabled={disabled || !isOn || action.busy !== null}
          onChange={(event) =>
            action.run('require', () => updateSingleSignOn({ requireSso: event.currentTarget.checked }))
          }
        />
        <span>
          <span className="font-medium">Require single sign-on for members</span>
          <span className="block text-slate-600">
            Members open this workspace only when they signed in through your identity provider. You, the
            owner, can still sign in with your password and two-factor code if the identity provider is down.
          </span>
        </span>
      </label>
      <AutoJoin settings={settings} disabled={disabled || action.busy !== null} run={action.run} />
      {action.error && <Alert variant="error">{action.error}</Alert>}
    </div>
  );
}

function AutoJoin({
  settings,
  disabled,
  run,
}: {
  settings: SingleSignOn;
  disabled: boolean;
  run: ReturnType<typeof useSsoAction>['run'];
}) {
  return (
    <div className="space-y-3">
      <label className="flex items-start gap-3 text-sm text-slate-900">
        <input
          type="checkbox"
          className={checkboxClasses}
          checked={settings.autoJoin}
          disabled={disabled}
          onChange={(event) =>
            run('auto-join', () => updateSingleSignOn({ autoJoin: event.currentTarget.checked }))
          }
        />
        <span>
          <span className="font-medium">Let people of verified domains join by signing in</span>
          <span className="block text-slate-600">
            Someone with an address at one of your verified domains who signs in through your identity
            provider becomes a member while a seat is free, without an invitation.
          </span>
        </span>
      </label>
      <SelectField
        id="sso-auto-join-role"
        label="They join as"
        value={settings.autoJoinRole}
        disabled={disabled}
        onChange={(event) =>
          run('role', () => updateSingleSignOn({ autoJoinRole: event.currentTarget.value as MemberRole }))
        }
      >
        <Options values={memberRoles} labels={roleLabels} />
      </SelectField>
    </div>
  );
}
