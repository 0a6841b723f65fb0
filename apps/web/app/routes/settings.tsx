import { useParams, useSearchParams } from 'react-router';
import { useAuth } from '#web/auth/auth-context.tsx';
import { PlanSettings } from '#web/components/billing/plan-settings.tsx';
import { AppPage } from '#web/components/layout/app-page.tsx';
import { ProvisioningSettings } from '#web/components/provisioning/provisioning-settings.tsx';
import { SecuritySettings } from '#web/components/security/security-settings.tsx';
import { AccountSettingsPanel } from '#web/components/settings/account-settings-panel.tsx';
import { BillingSettingsPanel } from '#web/components/settings/billing-settings-panel.tsx';
import { GeneralSettingsForm } from '#web/components/settings/general-settings-form.tsx';
import { NotificationSettings } from '#web/components/settings/notification-settings.tsx';
import { PasswordSettingsForm } from '#web/components/settings/password-settings-form.tsx';
import {
  type SettingsSection,
  SettingsTabs,
  settingsSections,
} from '#web/components/settings/settings-tabs.tsx';
import { SsoSettings } from '#web/components/sso/sso-settings.tsx';
import { PermissionGate } from '#web/components/workspaces/permission-gate.tsx';
import { unlistedPageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/settings';

/**
 * docs/product.md §2: general, password or billing, security, notifications, plan, single sign-on,
 * provisioning (SCIM) and your data; anything else shows general.
 */
function sectionOf(param: string | undefined): SettingsSection {
  // The "Your data" tab was once "Account": links to /settings/account in mail already sent still work.
  if (param === 'account') return 'data';
  return settingsSections.find((section) => section === param) ?? 'general';
}

export const meta = ({ params }: Route.MetaArgs) =>
  unlistedPageMeta({ title: 'Settings', path: `/settings/${sectionOf(params.section)}` });

export default function Settings() {
  const section = sectionOf(useParams().section);
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  // The guard (routes/signed-in-layout.tsx) renders this page only for a signed-in user.
  if (!user) return null;
  return (
    <AppPage title="Settings">
      <div className="mt-8">
        <SettingsTabs active={section} />
      </div>
      {/* Plan is wider: its invoices are a table; Single sign-on and Provisioning, for their lists. */}
      <div
        className={`mt-8 ${section === 'plan' || section === 'sso' || section === 'provisioning' ? 'max-w-3xl' : 'max-w-xl'}`}
      >
        {section === 'general' && <GeneralSettingsForm user={user} />}
        {section === 'password' && <PasswordSettingsForm user={user} />}
        {section === 'security' && <SecuritySettings user={user} />}
        {section === 'notifications' && <NotificationSettings />}
        {section === 'plan' && (
          // The plan is the owner's, as billing is: the server refuses anyone else's workspace too.
          <PermissionGate permission="billing.manage">
            {({ param }) => <PlanSettings user={user} workspace={param} />}
          </PermissionGate>
        )}
        {section === 'billing' && (
          // Billing is the owner's: in someone else's workspace the page says so rather than leaving
          // for the person's own billing portal, which would look like the workspace's.
          <PermissionGate permission="billing.manage">
            {() => <BillingSettingsPanel user={user} />}
          </PermissionGate>
        )}
        {section === 'sso' && (
          // The workspace's single sign-on is its owner's (decision 0055): the server refuses anyone else.
          <PermissionGate permission="sso.manage">
            {() => <SsoSettings testPassed={searchParams.get('test') === 'passed'} />}
          </PermissionGate>
        )}
        {section === 'provisioning' && (
          // SCIM tokens add and remove people, admins included: the owner's alone (decision 0056).
          <PermissionGate permission="scim.manage">
            {({ param }) => <ProvisioningSettings workspace={param} />}
          </PermissionGate>
        )}
        {section === 'data' && <AccountSettingsPanel />}
      </div>
    </AppPage>
  );
}
