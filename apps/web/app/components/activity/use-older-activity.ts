import { useEffect, useRef, useState } from 'react';
import { type ActivityEntry, type ActivityPage, listActivity } from '#web/lib/activity.ts';

/** The pages loaded after one newest page, where the next one starts, and how the last load went. */
type OlderPages = {
  /** The newest page these continue: a refresh loads a new one, and they are forgotten with it. */
  after: ActivityPage;
  entries: ActivityEntry[];
  nextCursor: string | null;
  loading: boolean;
  error: unknown;
  /** The first entry of the page loaded last, which takes the focus (null before any). */
  firstOfLastPage: string | null;
};

export type OlderActivity = {
  /** The older entries loaded so far, oldest last, after the newest page's. */
  entries: ActivityEntry[];
  /** Whether there is an older page to load. */
  hasOlder: boolean;
  loading: boolean;
  /** Why the last load of an older page failed (the button tries again). */
  error: unknown;
  /** Whether every page was loaded after at least one older one: the log's first entry is shown. */
  reachedFirstEntry: boolean;
  firstOfLastPage: string | null;
  /** Loads the next older page (nothing while one is loading or when there is none). */
  loadOlder: () => void;
};

/**
 * "Show older activity" after the newest page (`newest`, from the screen's useApiResource): each load
 * asks for the page after the last one shown, by its cursor, so an entry written meanwhile never shifts
 * the pages. A refresh (a new `newest`) starts over from it; an answer to a page of a previous one, or
 * after the log left the screen, is dropped.
 */
export function useOlderActivity(newest: ActivityPage | null, workspace: string | null): OlderActivity {
  const [state, setState] = useState<OlderPages | null>(null);
  const latestNewest = useRef(newest);
  latestNewest.current = newest;
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const current = newest !== null && state?.after === newest ? state : null;
  const entries = current?.entries ?? [];
  const nextCursor = current ? current.nextCursor : (newest?.nextCursor ?? null);

  const loadOlder = () => {
    if (newest === null || nextCursor === null || current?.loading) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const shown = {
      after: newest,
      entries,
      nextCursor,
      firstOfLastPage: current?.firstOfLastPage ?? null,
    };
    setState({ ...shown, loading: true, error: null });
    const stillShown = () => !controller.signal.aborted && latestNewest.current === newest;
    listActivity(nextCursor, workspace, controller.signal).then(
      (page) => {
        if (!stillShown()) return;
        setState({
          after: newest,
          entries: [...entries, ...page.entries],
          nextCursor: page.nextCursor,
          loading: false,
          error: null,
          firstOfLastPage: page.entries[0]?.id ?? shown.firstOfLastPage,
        });
      },
      (failure: unknown) => {
        if (stillShown()) setState({ ...shown, loading: false, error: failure });
      },
    );
  };

  return {
    entries,
    hasOlder: nextCursor !== null,
    loading: current?.loading ?? false,
    error: current?.error ?? null,
    reachedFirstEntry: current !== null && current.nextCursor === null,
    firstOfLastPage: current?.firstOfLastPage ?? null,
    loadOlder,
  };
}
