import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/forms/alert.tsx';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { SettingsCard } from '#web/components/layout/settings-card.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { getSingleSignOn, type SingleSignOn } from '#web/lib/sso.ts';
import { ConnectionSetup } from './connection-setup.tsx';
import { DomainList } from './domain-list.tsx';
import { ServiceProviderDetails } from './service-provider-details.tsx';
import { SsoControls } from './sso-controls.tsx';

/**
 * Settings → Single sign-on (docs/sso.md): the owner connects the workspace to their company's
 * identity provider, tests it, turns it on, may require it of members, and proves the domains whose
 * people it signs in. `testPassed`: the page was opened by a test sign-in that passed.
 */
export function SsoSettings({ testPassed }: { testPassed: boolean }) {
  const resource = useApiResource(getSingleSignOn);
  const [changed, setChanged] = useState<SingleSignOn | null>(null);
  const settings = changed ?? resource.data;
  if (resource.error && !settings) return <LoadFailure error={resource.error} onRetry={resource.retry} />;
  if (!settings) return <p className="text-sm text-slate-600">Loading…</p>;
  const isLocked = !settings.planAllows;
  return (
    <div className="space-y-6">
      {isLocked && (
        <Alert variant="error" title="Single sign-on is part of the Business plan">
          Change your plan in{' '}
          <Link className="underline" to="/settings/plan">
            Settings → Plan
          </Link>{' '}
          to set it up or change it.
        </Alert>
      )}
      {testPassed && settings.connection?.status === 'tested' && (
        <Alert variant="success">The test sign-in passed. You can turn the connection on.</Alert>
      )}
      <SettingsCard
        id="sso-connection"
        title="Identity provider"
        intro="Connect your company's identity provider (Okta, Microsoft Entra ID, Google Workspace or any other) with SAML or OpenID Connect."
      >
        {settings.connection && <ServiceProviderDetails connection={settings.connection} />}
        <SsoControls settings={settings} disabled={isLocked} onChange={setChanged} />
        <ConnectionSetup current={settings.connection} disabled={isLocked} onChange={setChanged} />
      </SettingsCard>
      <SettingsCard
        id="sso-domains"
        title="Verified domains"
        intro="Prove your company's email domains: while the connection is on, people who sign in with an address there are sent to your identity provider."
      >
        <DomainList settings={settings} disabled={isLocked} onChange={setChanged} />
      </SettingsCard>
    </div>
  );
}
