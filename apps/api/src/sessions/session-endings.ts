import { and, gt, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#api/db/database.ts';
import type { ChannelHandlers, ListenOptions, Unlisten } from '#api/db/postgres-listener.ts';
import { deletedAccounts, signInSessions, users } from '#api/db/schema.ts';

/** The channel sessions/end-sessions.ts announces every ending on (a JSON `SessionEnding`). */
export const sessionEndingsChannel = 'session_endings';

/**
 * One ending: a session (`signedInAt`), or every session of the person that began by `before` except
 * the one `kept` ("Sign out of other sessions"), or every session, past and future, of an account its
 * owner deleted (`accountDeletedAt`, account/delete-account.ts). Times in seconds since the epoch, as in
 * `auth_time`.
 */
export type SessionEnding = { uid: string } & (
  | { signedInAt: number }
  | { before: number; kept: number }
  | { accountDeletedAt: number }
);

/** How long an ending matters: no token of a session outlives the refresh tokens' 30 days (docs/identity.md). */
export const endingsKeptDays = 31;

type Watcher = { signedInAt: number; onEnded: () => void };

/** A timestamp of the database in the claims' unit: whole seconds since the epoch. */
export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * What this instance knows of ended sessions, checked by every signed-in request without a query:
 * loaded at start, then kept by the announcements of every instance (a few milliseconds after the
 * commit) and loaded again whenever the listening connection comes back, since it may have missed some.
 * Open live lists watch their session and close when it ends.
 */
export function createSessionEndings(deps: {
  db: Database;
  listen: (handlers: ChannelHandlers, options?: ListenOptions) => Promise<Unlisten>;
  log: FastifyBaseLogger;
}) {
  let ended = new Map<string, Set<number>>();
  let marks = new Map<string, { before: number; kept: number }>();
  // Deleted accounts, for as long as a token signed before the provider's user went could live: their
  // user rows (and with them their endings above) are gone, so they are kept apart.
  let deleted = new Set<string>();
  const watchers = new Map<string, Set<Watcher>>();
  let unlisten: Unlisten | undefined;

  function isEnded(uid: string, signedInAt: number): boolean {
    if (deleted.has(uid)) return true;
    if (ended.get(uid)?.has(signedInAt)) return true;
    const mark = marks.get(uid);
    return mark !== undefined && signedInAt <= mark.before && signedInAt !== mark.kept;
  }

  function record(ending: SessionEnding) {
    if ('accountDeletedAt' in ending) {
      deleted.add(ending.uid);
    } else if ('signedInAt' in ending) {
      const times = ended.get(ending.uid) ?? new Set<number>();
      times.add(ending.signedInAt);
      ended.set(ending.uid, times);
    } else {
      const current = marks.get(ending.uid);
      if (!current || current.before <= ending.before)
        marks.set(ending.uid, { before: ending.before, kept: ending.kept });
    }
  }

  /** Applies an ending, from this instance or announced by any, and ends the streams it concerns. */
  function apply(ending: SessionEnding) {
    record(ending);
    endWatchers(ending.uid);
  }

  function endWatchers(uid: string) {
    for (const watcher of watchers.get(uid) ?? []) {
      if (isEnded(uid, watcher.signedInAt)) watcher.onEnded();
    }
  }

  async function load() {
    const since = sql`now() - make_interval(days => ${endingsKeptDays})`;
    const [endedRows, markRows, deletedRows] = await Promise.all([
      deps.db
        .select({ uid: signInSessions.userId, signedInAt: signInSessions.signedInAt })
        .from(signInSessions)
        .where(and(isNotNull(signInSessions.endedAt), gt(signInSessions.signedInAt, since))),
      deps.db
        .select({ uid: users.id, before: users.otherSessionsEndedAt, kept: users.keptSessionSignedInAt })
        .from(users)
        .where(and(isNotNull(users.otherSessionsEndedAt), gt(users.otherSessionsEndedAt, since))),
      deps.db
        .select({ uid: deletedAccounts.userId })
        .from(deletedAccounts)
        .where(gt(deletedAccounts.deletedAt, since)),
    ]);
    const loadedEnded = new Map<string, Set<number>>();
    for (const row of endedRows) {
      const times = loadedEnded.get(row.uid) ?? new Set<number>();
      times.add(seconds(row.signedInAt));
      loadedEnded.set(row.uid, times);
    }
    const loadedMarks = new Map<string, { before: number; kept: number }>();
    for (const row of markRows) {
      if (row.before && row.kept)
        loadedMarks.set(row.uid, { before: seconds(row.before), kept: seconds(row.kept) });
    }
    ended = loadedEnded;
    marks = loadedMarks;
    deleted = new Set(deletedRows.map((row) => row.uid));
    for (const uid of watchers.keys()) endWatchers(uid);
  }

  function onAnnouncement(payload: string) {
    let ending: SessionEnding;
    try {
      ending = JSON.parse(payload) as SessionEnding;
    } catch {
      deps.log.error({ payload }, 'sessions: an ending that is not JSON; loading them all again');
      void reload();
      return;
    }
    apply(ending);
  }

  async function reload() {
    try {
      await load();
    } catch (error) {
      deps.log.error({ err: error }, 'sessions: loading the endings failed');
    }
  }

  return {
    /** Listens first, then loads: an ending committed in between is heard, or read, or both. */
    async start() {
      unlisten = await deps.listen(
        { [sessionEndingsChannel]: onAnnouncement },
        {
          onResume: () => {
            deps.log.info('sessions: listening again; loading the endings');
            void reload();
          },
        },
      );
      await load();
    },

    isEnded,

    /** Whether the account was deleted (within the endings' days; older ones: users/user-document.ts). */
    isAccountDeleted: (uid: string) => deleted.has(uid),

    /** This instance's own ending, applied at once (its announcement comes back a moment later too). */
    apply,

    /** Calls `onEnded` once the session ends (an open live list); the returned function stops watching. */
    watch(uid: string, signedInAt: number, onEnded: () => void): () => void {
      const watcher = { signedInAt, onEnded };
      const set = watchers.get(uid) ?? new Set<Watcher>();
      set.add(watcher);
      watchers.set(uid, set);
      return () => {
        set.delete(watcher);
        if (set.size === 0 && watchers.get(uid) === set) watchers.delete(uid);
      };
    },

    async stop() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}

export type SessionEndings = ReturnType<typeof createSessionEndings>;
