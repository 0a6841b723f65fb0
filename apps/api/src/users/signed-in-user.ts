import type { FastifyRequest } from 'fastify';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
import { applyImpersonation } from '#api/caller/impersonation.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import { AppError } from '#api/http/app-error.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import type { RecordSession } from '#api/sessions/record-session.ts';
import type { SessionEndings } from '#api/sessions/session-endings.ts';
import { endSessionsBeforeReset } from '#api/sessions/sign-in-sessions.ts';
import { accountDeletedError, findOrCreateUser, type UserRow } from './user-document.ts';

type SignedInDeps = {
  authenticate: Authenticate;
  db: Database;
  identity: IdentityConfig;
  /** The welcome mail is ordered with a new record. */
  jobs: Pick<JobQueue, 'send'>;
  sessionEndings: Pick<SessionEndings, 'isEnded' | 'isAccountDeleted' | 'hasEndedAllBefore' | 'apply'>;
  recordSession: RecordSession;
};

const checked = new WeakMap<FastifyRequest, { deps: SignedInDeps; row?: UserRow }>();

/** How many user ids an instance remembers as having a record (about 100 bytes each). */
const rememberedUsers = 100_000;

/**
 * The check of every signed-in route (`auth: 'bearer'`): the access token verified
 * (caller/authenticate.ts), then the caller's user record ensured, here and nowhere else — docs/product.md
 * §4: the first authenticated call creates it. A record, once there, goes only with its account (below), so the instance
 * remembers whose it has seen and skips the lookup for them: most signed-in requests (the items list,
 * the stream) need no more than the record's existence, and the lookup would double their database
 * work (bench/api). Routes that need the record's contents read it with `userOf(request)`.
 *
 * A token of a session that was signed out (Settings → Security) is refused here, from memory
 * (sessions/session-endings.ts), and the caller's session is recorded for that list. So is a token of
 * an account its owner deleted (the one way a record goes, account/delete-account.ts): every instance
 * hears of it as of an ending, and one it did not reach (older than the endings kept) has no record, so
 * `findOrCreateUser` refuses it rather than make an empty account again. No request pays a query for it.
 */
export function createSignedInCheck(deps: SignedInDeps): Authenticate {
  const known = new Set<string>();
  return async function signedIn(request: FastifyRequest) {
    await deps.authenticate(request);
    const caller = callerOf(request);
    // A workspace's API key is no person: no user record, session or sign-out concerns it; the key was
    // checked against the database just now (caller/verify-api-key.ts).
    if (caller.apiKey) return;
    if (deps.sessionEndings.isAccountDeleted(caller.uid)) {
      known.delete(caller.uid);
      throw accountDeletedError();
    }
    if (deps.sessionEndings.isEnded(caller.uid, caller.authTime)) {
      // docs/product.md §8: the code that signs the browser out.
      throw new AppError(
        401,
        'auth/invalid-user-token',
        'This session was signed out. Sign in again to continue.',
      );
    }
    if (known.has(caller.uid)) {
      checked.set(request, { deps });
    } else {
      const row = await findOrCreateUser(deps, caller);
      checked.set(request, { deps, row });
      // Oldest first out: a Set iterates in insertion order.
      if (known.size >= rememberedUsers) known.delete(known.values().next().value as string);
      known.add(caller.uid);
    }
    // The first request after a password reset ends the sessions from before it (from memory after that).
    const { passwordResetAt } = caller;
    if (
      passwordResetAt !== undefined &&
      passwordResetAt <= caller.authTime &&
      !deps.sessionEndings.hasEndedAllBefore(caller.uid, passwordResetAt)
    ) {
      await endSessionsBeforeReset(deps, { ...caller, passwordResetAt });
    }
    const firstWrite = deps.recordSession(caller, request.headers['user-agent'] ?? '');
    if (firstWrite) await firstWrite;
    // Last: everything above concerned the operator's own session; from here the request is the
    // person's, whose record userOf then reads (docs/operations.md, "View as").
    if (await applyImpersonation(deps.db, request)) checked.set(request, { deps });
  };
}

/** The caller's user record, read once per request (plan fields change with the provider's webhooks). */
export async function userOf(request: FastifyRequest): Promise<UserRow> {
  const state = checked.get(request);
  if (!state) throw new Error('userOf() used on a route without the signed-in check');
  state.row ??= await findOrCreateUser(state.deps, callerOf(request));
  return state.row;
}
