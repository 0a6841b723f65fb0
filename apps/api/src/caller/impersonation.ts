import { createHash } from 'node:crypto';
import { impersonationHeader, impersonationWriteReasonHeader } from '@launchkit/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#api/db/database.ts';
import { impersonations } from '#api/db/schema.ts';
import { recordOperatorAudit } from '#api/events/operator-audit.ts';
import { AppError } from '#api/http/app-error.ts';
import { actAs, type Caller, callerOf } from './authenticate.ts';

/** The SHA-256 (hex) a grant is stored by: the grant itself is only in the operator's browser. */
export const grantHashOf = (grant: string) => createHash('sha256').update(grant).digest('hex');

/** The operator behind a request made as someone else, and the "view as" session it belongs to. */
export type Impersonator = { operator: Caller; impersonationId: string };

const impersonators = new WeakMap<FastifyRequest, Impersonator>();

/** Who really asks when the request views as someone (undefined: nobody views as anyone). */
export const impersonatorOf = (request: FastifyRequest) => impersonators.get(request);

export const impersonationEnded = () =>
  new AppError(
    403,
    'impersonation/ended',
    'This "view as" session has ended: it was ended, or its time ran out. Start another from the back office if you still need it.',
  );

const writeReasonRequired = () =>
  new AppError(
    403,
    'impersonation/write-reason-required',
    '"View as" is read-only. To change something as this person, give a reason for the write; it is recorded.',
  );

const readOnlyMethods = new Set(['GET', 'HEAD']);

/** The reason a write gives (URI-encoded, since a header is ASCII), or '' when none or unreadable. */
function writeReasonOf(request: FastifyRequest): string {
  const header = request.headers[impersonationWriteReasonHeader];
  if (typeof header !== 'string') return '';
  try {
    return decodeURIComponent(header).trim().slice(0, 500);
  } catch {
    return '';
  }
}

/**
 * An operator's "view as" (docs/operations.md, decision 0053), run by the signed-in check once the
 * operator's own token passed: a grant in the `x-impersonation` header makes the request the person's.
 * The grant's row is read on every request, so an ended or expired one is refused on every instance at
 * once; the operator's sign-in must still carry its second factor. Reads pass; a write needs its own
 * reason and is written to the operator audit log before it runs (no entry, no write). Back-office
 * routes never view as anyone (the browser does not send the grant there). True when the request now
 * acts as the person.
 */
export async function applyImpersonation(db: Database, request: FastifyRequest): Promise<boolean> {
  const grant = request.headers[impersonationHeader];
  if (typeof grant !== 'string' || grant === '') return false;
  const operator = callerOf(request);
  if (operator.apiKey) return false;
  const [row] = await db
    .select()
    .from(impersonations)
    .where(eq(impersonations.grantHash, grantHashOf(grant)))
    .limit(1);
  const isLive =
    row !== undefined &&
    row.operatorId === operator.uid &&
    row.endedAt === null &&
    row.expiresAt.getTime() > Date.now() &&
    operator.secondFactor;
  if (!isLive) throw impersonationEnded();
  if (!readOnlyMethods.has(request.method)) {
    const reason = writeReasonOf(request);
    if (!reason) throw writeReasonRequired();
    await recordOperatorAudit(db, request.log, {
      operator: { uid: operator.uid, email: row.operatorEmail },
      action: 'impersonation.write',
      person: row.person,
      reason,
      detail: { method: request.method, path: request.routeOptions.url ?? request.url },
      impersonationId: row.id,
    });
  }
  impersonators.set(request, { operator, impersonationId: row.id });
  actAs(request, {
    uid: row.person,
    authTime: operator.authTime,
    expiresAt: Math.min(operator.expiresAt, Math.floor(row.expiresAt.getTime() / 1000)),
    scope: operator.scope,
    token: '',
    secondFactor: operator.secondFactor,
  });
  request.log.info({ impersonationId: row.id, operator: operator.uid }, 'request made as another person');
  return true;
}
