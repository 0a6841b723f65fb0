import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { VerifiedIdentity } from '#api/caller/verify-access-token.ts';
import type { Database } from '#api/db/database.ts';
import { signInSessions } from '#api/db/schema.ts';

// "Last active" is told to the minute: a session is written at most once a minute per instance.
const touchIntervalMs = 60_000;
// About 100 bytes each: the sessions an instance remembers having written lately.
const rememberedSessions = 100_000;
const maxUserAgentLength = 512;

/** Records the caller's session, or moves its "last active" on; the first write of a session names its browser. */
function writeSession(db: Database, caller: VerifiedIdentity, userAgent: string) {
  return db
    .insert(signInSessions)
    .values({
      userId: caller.uid,
      signedInAt: new Date(caller.authTime * 1000),
      userAgent: userAgent.slice(0, maxUserAgentLength),
    })
    .onConflictDoUpdate({
      target: [signInSessions.userId, signInSessions.signedInAt],
      set: { lastActiveAt: sql`now()` },
    });
}

/**
 * Called by every signed-in request (users/signed-in-user.ts). A session's first request on this
 * instance waits for its row (so the list shows a browser as soon as it has been used); after that
 * "last active" moves on once a minute at most, without holding the request up. A write that fails is
 * only logged: the list of sessions is a view, and whether a session has ended is decided by
 * sessions/session-endings.ts, never by this record.
 */
export function createSessionRecorder(db: Database, log: FastifyBaseLogger) {
  const writtenAt = new Map<string, number>();
  return function recordSession(caller: VerifiedIdentity, userAgent: string): Promise<void> | undefined {
    const key = `${caller.authTime} ${caller.uid}`;
    const now = Date.now();
    const last = writtenAt.get(key);
    if (last !== undefined && now - last < touchIntervalMs) return undefined;
    // Most recent last: a Map iterates in insertion order, so the first key is the stalest.
    writtenAt.delete(key);
    if (writtenAt.size >= rememberedSessions) writtenAt.delete(writtenAt.keys().next().value as string);
    writtenAt.set(key, now);
    const written = writeSession(db, caller, userAgent).then(
      () => {},
      (error: unknown) => {
        writtenAt.delete(key);
        log.warn({ err: error }, 'sessions: recording the session failed');
      },
    );
    return last === undefined ? written : undefined;
  };
}

export type RecordSession = ReturnType<typeof createSessionRecorder>;
