import { can } from '@launchkit/api-contract/permissions';
import { canFeatureItems } from '@launchkit/plans';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '#web/auth/auth-context.tsx';
import { signInMethodLabels } from '#web/auth/providers.ts';
import { ItemList } from '#web/components/dashboard/item-list.tsx';
import { NamePrompt } from '#web/components/dashboard/name-prompt.tsx';
import { AccountPanel, PlanPanel } from '#web/components/dashboard/plan-panel.tsx';
import { PurchaseNotice } from '#web/components/dashboard/purchase-notice.tsx';
import { TrialBanner } from '#web/components/dashboard/trial-banner.tsx';
import { WorkspacePanel } from '#web/components/dashboard/workspace-panel.tsx';
import { AppPage } from '#web/components/layout/app-page.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { SecondFactorGate } from '#web/components/workspaces/second-factor-gate.tsx';
import { WorkspaceNoticeAlert } from '#web/components/workspaces/workspace-notice.tsx';
import { usePlanConfirmation } from '#web/hooks/use-plan-confirmation.ts';
import { useWorkspaces } from '#web/hooks/use-workspaces.ts';
import { unlistedPageMeta } from '#web/lib/meta.ts';
import { hasOwnName } from '#web/lib/person-name.ts';
import { currentWorkspace, workspaceLabel, workspaces } from '#web/lib/team/workspaces.ts';

export const meta = () => unlistedPageMeta({ title: 'Dashboard', path: '/dashboard' });

/**
 * docs/product.md §2: the signed-in home: the live item list, the plan and user info, and the trial
 * banner. It works in the current workspace (the top bar's switcher): in someone else's, the items are
 * theirs, featuring follows their plan, and the plan, trial and purchase notices (the owner's business)
 * give way to the workspace's panel with Leave workspace.
 */
export default function Dashboard() {
  const { user } = useAuth();
  const snapshot = useWorkspaces();
  const workspace = currentWorkspace(snapshot);
  // A notice (access lost, workspace left) is said once: gone when the person moves on.
  useEffect(() => () => workspaces.dismissNotice(), []);
  const [searchParams, setSearchParams] = useSearchParams();
  const isReturnFromCheckout = searchParams.get('paid') === 'true';
  const isWaitingForPlan = isReturnFromCheckout && user !== null && user !== false && !user.planIsActive;
  usePlanConfirmation(isWaitingForPlan, 60_000);
  // Back from the billing portal: a change made there arrives by webhook within moments.
  usePlanConfirmation(searchParams.get('from') === 'billing', 6_000);
  // The guard (routes/signed-in-layout.tsx) renders this page only for a signed-in user.
  if (!user) return null;
  const methods = user.providers.map((method) => signInMethodLabels[method]).join(', ') || 'Unknown';
  const dismissPurchaseNotice = () =>
    setSearchParams(
      (params) => {
        params.delete('paid');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  const isOwn = workspace?.role === 'owner';
  const notice = snapshot.notice;
  const showsPlanNotices = isOwn && (isReturnFromCheckout || user.CurrentTrial);

  return (
    <AppPage title="Dashboard">
      <p className="mt-2 text-slate-600">
        {hasOwnName(user) ? `Welcome, ${user.name}.` : 'Welcome.'}
        {workspace && !isOwn && (
          <>
            {' '}
            These are the items of{' '}
            <span className="font-medium text-slate-900">{workspaceLabel(workspace)}</span>.
          </>
        )}
      </p>
      {(notice || showsPlanNotices) && (
        <div className="mt-6 space-y-4">
          {notice && <WorkspaceNoticeAlert notice={notice} />}
          {isOwn && isReturnFromCheckout && (
            <PurchaseNotice isPlanActive={user.planIsActive} onDismiss={dismissPurchaseNotice} />
          )}
          {isOwn && user.CurrentTrial && <TrialBanner endDate={user.subscriptionEndDate} />}
        </div>
      )}
      {workspace ? (
        <div className="mt-8 grid items-start gap-6 lg:grid-cols-3">
          {/* Keyed by the user and the workspace: either changing starts a new stream with an empty list. */}
          {isOwn || !workspace.requiresSecondFactor || user.signedInWithSecondFactor ? (
            <ItemList
              key={`${user.uid} ${workspace.id}`}
              workspace={isOwn ? null : workspace.id}
              canFeature={isOwn ? canFeatureItems(user) : workspace.canFeatureItems}
              canWrite={can(workspace.role, 'items.write')}
              onAccessLost={() => workspaces.accessLost(workspace.id)}
              className="lg:col-span-2"
            />
          ) : (
            <SecondFactorGate workspace={workspace} className="lg:col-span-2" />
          )}
          <div className="space-y-6">
            {!hasOwnName(user) && <NamePrompt />}
            {isOwn ? <PlanPanel user={user} /> : <WorkspacePanel workspace={workspace} />}
            <AccountPanel user={user} methods={methods} />
          </div>
        </div>
      ) : (
        // A workspace remembered from last time is being checked against the server's list.
        <LoadingStatus className="py-24" />
      )}
    </AppPage>
  );
}
