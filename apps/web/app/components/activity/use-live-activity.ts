import { useEffect, useState } from 'react';
import { type LiveActivityLog, listActivity, withNewestPage } from '#web/lib/activity.ts';
import { watchActivity } from '#web/lib/live-activity.ts';

/**
 * The activity log of a workspace (null: the caller's own), live: the stream (lib/live-activity.ts)
 * says at once and after each new entry that there may be news, and the newest page is fetched then,
 * one fetch at a time (news during a fetch makes one more after it). Its new entries go on top
 * (withNewestPage); the first page stays, so the older pages continue from it. Without the stream the
 * log is still loaded once, and `error` says live updates are paused while it tries again.
 */
export function useLiveActivity(workspace: string | null, onAccessLost?: () => void) {
  const [log, setLog] = useState<LiveActivityLog | null>(null);
  const [error, setError] = useState<unknown>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a parent's new onAccessLost is not a new log to follow
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let isLoading = false;
    let isStale = false;
    let hasLog = false;
    const load = async () => {
      isStale = true;
      if (isLoading) return;
      isLoading = true;
      while (isStale && !signal.aborted) {
        isStale = false;
        try {
          const page = await listActivity(null, workspace, signal);
          if (signal.aborted) return;
          hasLog = true;
          setLog((current) => withNewestPage(current, page));
          setError(null);
        } catch (failure) {
          if (!signal.aborted) setError(failure);
        }
      }
      isLoading = false;
    };
    watchActivity(
      signal,
      {
        onNews: () => void load(),
        onError: (failure) => {
          setError(failure);
          if (!hasLog) void load();
        },
        onAccessLost,
      },
      workspace,
    );
    return () => controller.abort();
  }, [workspace]);
  return { log, error };
}
