import type { SessionsEnded, SignInSessions } from '@launchkit/api-contract';
import { and, desc, eq, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ManagementClient } from '#api/auth/management-client.ts';
import { requireRecentLogin } from '#api/caller/recent-sign-in.ts';
import type { VerifiedIdentity } from '#api/caller/verify-access-token.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import { signInSessions, users } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import { AppError } from '#api/http/app-error.ts';
import { describeDevice } from './device.ts';
import {
  type SessionEnding,
  type SessionEndings,
  seconds,
  sessionEndingsChannel,
} from './session-endings.ts';

export type SessionDeps = {
  db: Database;
  identity: IdentityConfig;
  management: ManagementClient;
  sessionEndings: SessionEndings;
  log: FastifyBaseLogger;
};

/**
 * The caller's sessions that have not ended, the caller's own first (its row was written by the
 * signed-in check of its first request on this instance).
 */
export async function listSessions(deps: SessionDeps, caller: VerifiedIdentity): Promise<SignInSessions> {
  const rows = await deps.db
    .select()
    .from(signInSessions)
    .where(and(eq(signInSessions.userId, caller.uid), isNull(signInSessions.endedAt)))
    .orderBy(desc(signInSessions.lastActiveAt), desc(signInSessions.signedInAt));
  const sessions = rows
    .filter((row) => !deps.sessionEndings.isEnded(caller.uid, seconds(row.signedInAt)))
    .map((row) => ({
      id: row.id,
      ...describeDevice(row.userAgent),
      signedInAt: row.signedInAt.toISOString(),
      lastActiveAt: row.lastActiveAt.toISOString(),
      current: seconds(row.signedInAt) === caller.authTime,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
  return { sessions };
}

/** Tells every instance, at the commit of `tx` (sessions/session-endings.ts). */
export const announce = (tx: Pick<Database, 'execute'>, ending: SessionEnding) =>
  tx.execute(sql`select pg_notify(${sessionEndingsChannel}, ${JSON.stringify(ending)})`);

const notFound = () =>
  new AppError(
    404,
    'auth/session-not-found',
    'That session is signed out already, or is not one of yours. Reload the list.',
  );

/**
 * Ends one of the caller's sessions, theirs or another: written and announced in one transaction, so
 * every instance refuses its tokens a few milliseconds after the answer (session-endings.ts). Ending
 * another session needs a recent sign-in: a token taken from this browser must not sign its owner
 * out everywhere else.
 */
export async function endSession(
  deps: SessionDeps,
  caller: VerifiedIdentity,
  id: string,
): Promise<SessionsEnded> {
  if (!isUuid(id)) throw notFound();
  const ending = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ signedInAt: signInSessions.signedInAt })
      .from(signInSessions)
      .where(
        and(eq(signInSessions.id, id), eq(signInSessions.userId, caller.uid), isNull(signInSessions.endedAt)),
      )
      .for('update');
    if (!row) return undefined;
    const signedInAt = seconds(row.signedInAt);
    if (signedInAt !== caller.authTime) requireRecentLogin(deps.identity, caller);
    await tx.update(signInSessions).set({ endedAt: sql`now()` }).where(eq(signInSessions.id, id));
    const ending: SessionEnding = { uid: caller.uid, signedInAt };
    await announce(tx, ending);
    return ending;
  });
  if (!ending) throw notFound();
  deps.sessionEndings.apply(ending);
  await revokeAtProvider(deps, caller.uid, (session) => session === ending.signedInAt);
  return { ended: 1 };
}

/** Marks the person's sessions that `which` picks, and are not ended yet, ended; answers how many. */
async function markEnded(tx: Pick<Database, 'update'>, uid: string, which: SQL): Promise<number> {
  const rows = await tx
    .update(signInSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(signInSessions.userId, uid), isNull(signInSessions.endedAt), which))
    .returning({ id: signInSessions.id });
  return rows.length;
}

/**
 * "Sign out": the caller's own session ends at the API too, not only in the browser, so a token of it
 * kept elsewhere stops working and Settings → Security no longer lists it. Announced like any ending
 * even when the API never recorded the session (its first request may not have reached this API).
 */
export async function endThisSession(deps: SessionDeps, caller: VerifiedIdentity): Promise<SessionsEnded> {
  const ending: SessionEnding = { uid: caller.uid, signedInAt: caller.authTime };
  const ended = await deps.db.transaction(async (tx) => {
    const ended = await markEnded(
      tx,
      caller.uid,
      eq(signInSessions.signedInAt, new Date(caller.authTime * 1000)),
    );
    await announce(tx, ending);
    return ended;
  });
  deps.sessionEndings.apply(ending);
  await revokeAtProvider(deps, caller.uid, (session) => session === ending.signedInAt);
  return { ended };
}

/**
 * "Sign out of other sessions": every session of the caller that began by now, but theirs, including
 * sign-ins this API has not seen yet (the mark on the user's row covers those).
 */
export async function endOtherSessions(deps: SessionDeps, caller: VerifiedIdentity): Promise<SessionsEnded> {
  requireRecentLogin(deps.identity, caller);
  return endOtherSessionsOfCheckedCaller(deps, caller);
}

/**
 * The same, as the last step of a change whose request already passed the recent sign-in check (a
 * new password). Checking again would refuse, after a slow provider, a change already made: the
 * person would be asked to sign in again with a password that no longer works.
 */
export async function endOtherSessionsOfCheckedCaller(
  deps: SessionDeps,
  caller: VerifiedIdentity,
): Promise<SessionsEnded> {
  const before = Math.floor(Date.now() / 1000);
  const kept = caller.authTime;
  const ending: SessionEnding = { uid: caller.uid, before, kept };
  const ended = await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ otherSessionsEndedAt: new Date(before * 1000), keptSessionSignedInAt: new Date(kept * 1000) })
      .where(eq(users.id, caller.uid));
    const ended = await markEnded(tx, caller.uid, ne(signInSessions.signedInAt, new Date(kept * 1000)));
    await announce(tx, ending);
    return ended;
  });
  deps.sessionEndings.apply(ending);
  await revokeAtProvider(deps, caller.uid, (session, createdAt) => session !== kept && createdAt <= before);
  return { ended };
}

/**
 * Every session of the person that began by `before` ends, none kept (kept `0` is no sign-in time), in
 * the caller's transaction: a person an identity provider deprovisioned (scim/, decision 0056). The
 * mark only moves forward. Answers the ending, to apply (`SessionEndings.apply`) once `tx` commits.
 */
export async function endEverySession(tx: Database, uid: string, before: number): Promise<SessionEnding> {
  const ending: SessionEnding = { uid, before, kept: 0 };
  await tx
    .update(users)
    .set({ otherSessionsEndedAt: new Date(before * 1000), keptSessionSignedInAt: new Date(0) })
    .where(
      and(
        eq(users.id, uid),
        or(isNull(users.otherSessionsEndedAt), lt(users.otherSessionsEndedAt, new Date(before * 1000))),
      ),
    );
  await markEnded(tx, uid, lte(signInSessions.signedInAt, new Date(before * 1000)));
  await announce(tx, ending);
  return ending;
}

/**
 * A password reset by the emailed link, heard from the first request of the sign-in after it (its time
 * is in that sign-in's tokens, VerifiedIdentity.passwordResetAt): every session of the person that
 * began by then ends, as with "Sign out of other sessions", this sign-in kept. The provider revoked
 * their refresh tokens at the reset; this ends the access tokens they still hold. The mark only moves
 * forward, so instances that hear of the same reset at once write the same thing.
 */
export async function endSessionsBeforeReset(
  deps: { db: Database; sessionEndings: Pick<SessionEndings, 'apply'> },
  caller: VerifiedIdentity & { passwordResetAt: number },
): Promise<void> {
  const before = caller.passwordResetAt;
  const ending: SessionEnding = { uid: caller.uid, before, kept: caller.authTime };
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        otherSessionsEndedAt: new Date(before * 1000),
        keptSessionSignedInAt: new Date(caller.authTime * 1000),
      })
      .where(
        and(
          eq(users.id, caller.uid),
          or(isNull(users.otherSessionsEndedAt), lt(users.otherSessionsEndedAt, new Date(before * 1000))),
        ),
      );
    await markEnded(tx, caller.uid, lte(signInSessions.signedInAt, new Date(before * 1000)));
    await announce(tx, ending);
  });
  deps.sessionEndings.apply(ending);
}

/**
 * The identity provider's side: the web client's refresh tokens of the ended sessions, and the
 * provider's own sign-in sessions (the ones its hosted pages and popups reuse). A refresh token
 * begins with its sign-in, a moment after the sign-in time: it belongs to the latest session of the
 * person that began at or before its creation (`isEnded` gets that session's sign-in time, if any,
 * and the token's creation, in seconds). The product's ending holds without this: a token of an ended
 * session, refreshed or not, is refused by every instance. A provider that cannot be asked (down, or a
 * plan without these endpoints) is logged and the ending stands.
 */
async function revokeAtProvider(
  deps: SessionDeps,
  uid: string,
  isEnded: (session: number | undefined, createdAt: number) => boolean,
) {
  try {
    const [tokens, rows] = await Promise.all([
      deps.management.listRefreshTokens(uid),
      deps.db
        .select({ signedInAt: signInSessions.signedInAt })
        .from(signInSessions)
        .where(eq(signInSessions.userId, uid)),
    ]);
    const sessionTimes = rows.map((row) => seconds(row.signedInAt)).sort((a, b) => b - a);
    const ended = tokens.filter((token) => {
      if (token.client_id !== deps.identity.clientId || token.created_at === undefined) return false;
      const createdAt = Math.floor(Date.parse(token.created_at) / 1000);
      return isEnded(
        sessionTimes.find((time) => time <= createdAt),
        createdAt,
      );
    });
    await Promise.all(ended.map((token) => deps.management.deleteRefreshToken(token.id)));
    await deps.management.deleteUserSessions(uid);
  } catch (error) {
    deps.log.warn(
      { err: error },
      'sessions: the identity provider did not revoke the ended sessions’ tokens',
    );
  }
}
