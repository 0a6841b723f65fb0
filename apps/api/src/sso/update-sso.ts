import type { SingleSignOn, SsoSettingsChange } from '@launchkit/api-contract';
import { eq } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import type { RecordHappening } from '#api/access/in-workspace.ts';
import { workspaceSso } from '#api/db/schema.ts';
import type { SsoDeps } from './save-connection.ts';
import { changeSsoSettings, lockSsoConnection } from './sso-access.ts';
import { notOn, notTested, secondFactorNeeded } from './sso-errors.ts';
import type { SsoRow } from './sso-settings.ts';

/** The row after the change, refused where it would break a rule of docs/sso.md. */
function changed(row: SsoRow, change: SsoSettingsChange, caller: WorkspaceCaller): SsoRow {
  const enabled = change.enabled ?? row.enabled;
  // Turning the connection off lets members in with their own sign-in again: the requirement goes too.
  const requireSso = enabled ? (change.requireSso ?? row.requireSso) : false;
  if (enabled && !row.testedAt) throw notTested();
  if (change.requireSso && !enabled) throw notOn();
  // The owner's way in when the identity provider fails is their own sign-in, with a second factor.
  if (requireSso && !row.requireSso && !caller.secondFactor) throw secondFactorNeeded();
  return {
    ...row,
    enabled,
    requireSso,
    autoJoin: change.autoJoin ?? row.autoJoin,
    autoJoinRole: change.autoJoinRole ?? row.autoJoinRole,
  };
}

/** One activity entry per setting that changed. */
async function recordChanges(before: SsoRow, after: SsoRow, record: RecordHappening) {
  const subject = after.connectionName ?? '';
  if (before.enabled !== after.enabled)
    await record({ action: after.enabled ? 'sso.turned-on' : 'sso.turned-off', subject });
  if (before.requireSso !== after.requireSso)
    await record({ action: after.requireSso ? 'sso.required' : 'sso.no-longer-required', subject });
  if (before.autoJoin !== after.autoJoin || before.autoJoinRole !== after.autoJoinRole) {
    await record({
      action: 'sso.auto-join-changed',
      subject: after.autoJoin ? `on, as ${after.autoJoinRole}` : 'off',
      previous: before.autoJoin ? `on, as ${before.autoJoinRole}` : 'off',
    });
  }
}

/**
 * Turns the connection on (once a test passed) or off, requires it of members (on, and the owner signed
 * in with a second factor), and sets joining by verified domain, in one transaction with its entries.
 */
export async function updateSingleSignOn(
  deps: SsoDeps,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  change: SsoSettingsChange,
): Promise<SingleSignOn> {
  return changeSsoSettings(deps, caller, workspace, async (tx, access, record) => {
    const row = await lockSsoConnection(tx, access, deps.plans);
    const after = changed(row, change, caller);
    await tx
      .update(workspaceSso)
      .set({
        enabled: after.enabled,
        requireSso: after.requireSso,
        autoJoin: after.autoJoin,
        autoJoinRole: after.autoJoinRole,
        updatedAt: new Date(),
      })
      .where(eq(workspaceSso.workspace, access.workspace));
    await recordChanges(row, after, record);
  });
}
