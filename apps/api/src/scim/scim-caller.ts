import { canProvisionWithScim } from '@launchkit/plans';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordSecretUse } from '#api/caller/record-secret-use.ts';
import type { Database, Queryable } from '#api/db/database.ts';
import { scimTokens, users } from '#api/db/schema.ts';
import { planColumns, planStatusOf } from '#api/plans/plan-status.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { ScimError } from './scim-error.ts';
import { hashScimTokenSecret, isWellFormedScimTokenSecret, scimTokenActorId } from './scim-token-secret.ts';

/** Who calls /scim/v2: a workspace's SCIM token, acting in that workspace alone. */
export type ScimCaller = { tokenId: string; workspace: string; actor: string };

const unauthorized = (detail: string) => new ScimError(401, detail);

const planRequired = () =>
  new ScimError(
    403,
    "SCIM provisioning is part of the Business plan, and this workspace's plan is not (or is no longer) in force. The owner changes it in Settings → Plan.",
  );

const callers = new WeakMap<FastifyRequest, ScimCaller>();

/**
 * The preHandler of every /scim/v2 route: the bearer must be a SCIM token (`scim_…`) that is not
 * revoked, of a workspace whose plan provisions (decision 0056). One query by the secret's SHA-256; no
 * instance keeps a token in memory, so a revocation holds from the next request on every instance.
 * `last_used_at` is written at most once a minute, as for API keys.
 */
export function createScimAuthenticate(deps: { db: Database; plans: PlanCatalogue }) {
  return async function authenticateScim(request: FastifyRequest) {
    const [scheme, token, ...rest] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0) {
      throw unauthorized('Send the SCIM token as a bearer token: Authorization: Bearer scim_….');
    }
    if (!isWellFormedScimTokenSecret(token)) throw unauthorized('This is not a SCIM token of this service.');
    const [row] = await deps.db
      .select({
        id: scimTokens.id,
        workspace: scimTokens.workspace,
        isRevoked: sql<boolean>`${scimTokens.revokedAt} is not null`,
        isUseToRecord: sql<boolean>`coalesce(${scimTokens.lastUsedAt} < now() - interval '1 minute', true)`,
        plan: planColumns,
      })
      .from(scimTokens)
      .innerJoin(users, eq(users.id, scimTokens.workspace))
      .where(eq(scimTokens.secretHash, hashScimTokenSecret(token)));
    if (!row) throw unauthorized('This SCIM token is not valid.');
    if (row.isRevoked)
      throw unauthorized(
        'This SCIM token was revoked. The owner makes a new one in Settings → Provisioning.',
      );
    if (!canProvisionWithScim(planStatusOf(row.plan, deps.plans))) throw planRequired();
    if (row.isUseToRecord) {
      await recordSecretUse(deps.db, scimTokens, row.id);
    }
    callers.set(request, { tokenId: row.id, workspace: row.workspace, actor: scimTokenActorId(row.id) });
  };
}

export function scimCallerOf(request: FastifyRequest): ScimCaller {
  const caller = callers.get(request);
  if (!caller) throw new Error('scimCallerOf() used on a route without the SCIM preHandler');
  return caller;
}

/**
 * The start of every SCIM write: the workspace owner's row locked (FOR NO KEY UPDATE, as adding a
 * member does), so the workspace's SCIM writes, and its adds from the product, queue behind each other
 * and a seat count holds until commit; then the token's row FOR SHARE, so a revocation waits for this
 * write and any write after it finds the token revoked. The owner's row first, as everywhere
 * (authorize-workspace.ts). Answers the owner's seats.
 */
export async function lockForScimWrite(tx: Queryable, caller: ScimCaller) {
  const [owner] = await tx
    .select({ quantity: users.quantity, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, caller.workspace))
    .for('no key update');
  if (!owner) throw unauthorized('This SCIM token is not valid.');
  const [token] = await tx
    .select({ isRevoked: sql<boolean>`${scimTokens.revokedAt} is not null` })
    .from(scimTokens)
    .where(eq(scimTokens.id, caller.tokenId))
    .for('share');
  if (!token || token.isRevoked) throw unauthorized('This SCIM token was revoked.');
  return owner;
}
