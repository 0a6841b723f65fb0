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

/** The endings known: sessions ended one by one, "other sessions" marks, and deleted accounts. */
type Endings = {
  ended: Map<string, Set<number>>;
  marks: Map<string, { before: number; kept: number }>;
  /**
   * Deleted accounts, for as long as a token signed before the provider's user went could live: their
   * user rows (and with them their endings above) are gone, so they are kept apart.
   */
  deleted: Set<string>;
};

function isEndedIn(endings: Endings, uid: string, signedInAt: number): boolean {
  if (endings.deleted.has(uid)) return true;
  if (endings.ended.get(uid)?.has(signedInAt)) return true;
  const mark = endings.marks.get(uid);
  return mark !== undefined && signedInAt <= mark.before && signedInAt !== mark.kept;
}

function recordIn(endings: Endings, ending: SessionEnding) {
  if ('accountDeletedAt' in ending) {
    endings.deleted.add(ending.uid);
  } else if ('signedInAt' in ending) {
    const times = endings.ended.get(ending.uid) ?? new Set<number>();
    times.add(ending.signedInAt);
    endings.ended.set(ending.uid, times);
  } else {
    const current = endings.marks.get(ending.uid);
    if (!current || current.before <= ending.before)
      endings.marks.set(ending.uid, { before: ending.before, kept: ending.kept });
  }
}

/** Every ending that still matters (the last `endingsKeptDays`), read from the database. */
async function loadEndings(db: Database): Promise<Endings> {
  const since = sql`now() - make_interval(days => ${endingsKeptDays})`;
  const [endedRows, markRows, deletedRows] = await Promise.all([
    db
      .select({ uid: signInSessions.userId, signedInAt: signInSessions.signedInAt })
      .from(signInSessions)
      .where(and(isNotNull(signInSessions.endedAt), gt(signInSessions.signedInAt, since))),
    db
      .select({ uid: users.id, before: users.otherSessionsEndedAt, kept: users.keptSessionSignedInAt })
      .from(users)
      .where(and(isNotNull(users.otherSessionsEndedAt), gt(users.otherSessionsEndedAt, since))),
    db
      .select({ uid: deletedAccounts.userId })
      .from(deletedAccounts)
      .where(gt(deletedAccounts.deletedAt, since)),
  ]);
  const ended = new Map<string, Set<number>>();
  for (const row of endedRows) {
    const times = ended.get(row.uid) ?? new Set<number>();
    times.add(seconds(row.signedInAt));
    ended.set(row.uid, times);
  }
  const marks = new Map<string, { before: number; kept: number }>();
  for (const row of markRows) {
    if (row.before && row.kept) marks.set(row.uid, { before: seconds(row.before), kept: seconds(row.kept) });
  }
  return { ended, marks, deleted: new Set(deletedRows.map((row) => row.uid)) };
}

/** The open live lists watching their session, by uid. */
function createWatchers() {
  const watchers = new Map<string, Set<Watcher>>();
  return {
    /** Calls `onEnded` once the session ends; the returned function stops watching. */
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
    /** Ends the watchers of `uid` whose session `isEnded` says has ended. */
    end(uid: string, isEnded: (uid: string, signedInAt: number) => boolean) {
      for (const watcher of watchers.get(uid) ?? []) {
        if (isEnded(uid, watcher.signedInAt)) watcher.onEnded();
      }
    },
    uids: () => [...watchers.keys()],
  };
}

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
  let endings: Endings = { ended: new Map(), marks: new Map(), deleted: new Set() };
  const watchers = createWatchers();
  let unlisten: Unlisten | undefined;

  const isEnded = (uid: string, signedInAt: number) => isEndedIn(endings, uid, signedInAt);

  /** Applies an ending, from this instance or announced by any, and ends the streams it concerns. */
  function apply(ending: SessionEnding) {
    recordIn(endings, ending);
    watchers.end(ending.uid, isEnded);
  }

  async function load() {
    endings = await loadEndings(deps.db);
    for (const uid of watchers.uids()) watchers.end(uid, isEnded);
  }

  async function reload() {
    try {
      await load();
    } catch (error) {
      deps.log.error({ err: error }, 'sessions: loading the endings failed');
    }
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

    /** Whether the person's sessions that began by `before` have all been ended already (one mark). */
    hasEndedAllBefore: (uid: string, before: number) => (endings.marks.get(uid)?.before ?? 0) >= before,

    /** Whether the account was deleted (within the endings' days; older ones: users/user-document.ts). */
    isAccountDeleted: (uid: string) => endings.deleted.has(uid),

    /** This instance's own ending, applied at once (its announcement comes back a moment later too). */
    apply,

    /** Calls `onEnded` once the session ends (an open live list); the returned function stops watching. */
    watch: watchers.watch,

    async stop() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}

export type SessionEndings = ReturnType<typeof createSessionEndings>;
