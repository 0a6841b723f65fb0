import { randomBytes } from 'node:crypto';
import type { SingleSignOn } from '@launchkit/api-contract';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import type { Queryable } from '#api/db/database.ts';
import { workspaceDomains } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import type { TxtLookup } from './dns-txt.ts';
import { domainRecord } from './domain-record.ts';
import type { SsoDeps } from './save-connection.ts';
import { changeSsoSettings, precheckSsoChange, requireSsoPlan } from './sso-access.ts';
import { domainExists, domainNotFound, domainTaken, recordNotFound } from './sso-errors.ts';
import { readSsoSettings } from './sso-settings.ts';

export type DomainDeps = SsoDeps & { lookUpTxt: TxtLookup };

/** A change to one domain of the list by the owner, answering the settings after it. */
type DomainChange = (
  deps: SsoDeps,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  domain: string,
) => Promise<SingleSignOn>;

const isVerifiedElsewhere = async (db: Queryable, workspace: string, domain: string) =>
  (
    await db
      .select({ id: workspaceDomains.id })
      .from(workspaceDomains)
      .where(
        and(
          eq(workspaceDomains.domain, domain),
          isNotNull(workspaceDomains.verifiedAt),
          ne(workspaceDomains.workspace, workspace),
        ),
      )
  ).length > 0;

/** Adds a domain to prove, with a new random value for its TXT record; one another workspace verified is refused. */
export const addSsoDomain: DomainChange = (deps, caller, workspace, domain) =>
  changeSsoSettings(deps, caller, workspace, async (tx, access, record) => {
    requireSsoPlan(access, deps.plans);
    if (await isVerifiedElsewhere(tx, access.workspace, domain)) throw domainTaken();
    const [row] = await tx
      .insert(workspaceDomains)
      .values({ workspace: access.workspace, domain, token: randomBytes(16).toString('hex') })
      .onConflictDoNothing()
      .returning({ id: workspaceDomains.id });
    if (!row) throw domainExists();
    await record({ action: 'sso.domain-added', subject: domain });
  });

/**
 * Looks the domain's TXT record up (outside any transaction: DNS may take seconds), then marks the domain
 * verified if it still holds the value and no other workspace verified it first: the partial unique index
 * on verified domains settles two verifications at once.
 */
export async function verifySsoDomain(
  deps: DomainDeps,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  domain: string,
): Promise<SingleSignOn> {
  const target = await precheckSsoChange(deps, caller, workspace);
  const [pending] = await deps.db
    .select()
    .from(workspaceDomains)
    .where(and(eq(workspaceDomains.workspace, target), eq(workspaceDomains.domain, domain)));
  if (!pending) throw domainNotFound();
  const { recordName, recordValue } = domainRecord(domain, pending.token);
  if (!pending.verifiedAt) {
    const records = await deps.lookUpTxt(recordName).catch((error: unknown) => {
      deps.log.warn({ err: error, recordName }, 'TXT lookup failed');
      throw new AppError(503, 'unavailable', 'The DNS lookup failed. Try again shortly.');
    });
    if (!records.includes(recordValue)) throw recordNotFound(recordName);
    await markVerified(deps, caller, target, domain, pending.token);
  }
  return readSsoSettings(deps.db, target, deps);
}

/** The unique violation of a verified domain (another workspace's, at the same moment), however wrapped. */
function isVerifiedConflict(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if ((cause as { code?: unknown }).code === '23505') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

async function markVerified(
  deps: SsoDeps,
  caller: WorkspaceCaller,
  target: string,
  domain: string,
  token: string,
) {
  try {
    await inWorkspace(deps.db, caller, target, 'sso.manage', async (tx, access, record) => {
      requireSsoPlan(access, deps.plans);
      if (await isVerifiedElsewhere(tx, access.workspace, domain)) throw domainTaken();
      const updated = await tx
        .update(workspaceDomains)
        .set({ verifiedAt: new Date() })
        .where(
          and(
            eq(workspaceDomains.workspace, access.workspace),
            eq(workspaceDomains.domain, domain),
            eq(workspaceDomains.token, token),
          ),
        )
        .returning({ id: workspaceDomains.id });
      if (updated.length === 0) throw domainNotFound();
      await record({ action: 'sso.domain-verified', subject: domain });
    });
  } catch (error) {
    if (isVerifiedConflict(error)) throw domainTaken();
    throw error;
  }
}

/** Removes a domain: people of it are no longer sent to the workspace's connection, nor join by it. */
export const removeSsoDomain: DomainChange = (deps, caller, workspace, domain) =>
  changeSsoSettings(deps, caller, workspace, async (tx, access, record) => {
    const removed = await tx
      .delete(workspaceDomains)
      .where(and(eq(workspaceDomains.workspace, access.workspace), eq(workspaceDomains.domain, domain)))
      .returning({ id: workspaceDomains.id });
    if (removed.length === 0) throw domainNotFound();
    await record({ action: 'sso.domain-removed', subject: domain });
  });
