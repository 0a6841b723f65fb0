import { itemStreamEvents } from '@launchkit/api-contract/item-stream';
import { watchStream } from './live-stream.ts';

// The live activity log: the workspace's stream with `?follow=activity` (lib/live-stream.ts). The server
// says at once, and after each new entry, that the log may have entries this page has not read; the page
// then fetches the newest (GET /api/activity) and adds those it lacks at the top (lib/activity.ts).

export type LiveActivityHandlers = {
  /** The log may have new entries: fetch the newest page. */
  onNews: () => void;
  /** The stream could not be opened (refused, unreachable); the watcher keeps trying. */
  onError: (error: Error) => void;
  /** The caller can no longer open the workspace: the watcher stops. */
  onAccessLost?: () => void;
};

const messages = {
  unreachable: 'Live updates paused: the server cannot be reached. Trying again…',
  failed: (status: number) => `Live updates paused: the server answered ${status}. Trying again…`,
  replaced:
    'Live updates stopped here: this workspace is open in too many tabs or windows. Close some, then reload this page.',
};

/** Follows the activity log of a workspace (null: the caller's own) until `signal` aborts. */
export function watchActivity(
  signal: AbortSignal,
  { onNews, onError, onAccessLost }: LiveActivityHandlers,
  workspace: string | null = null,
): void {
  const query = new URLSearchParams({ follow: 'activity' });
  if (workspace !== null) query.set('workspace', workspace);
  watchStream(signal, `items/stream?${query}`, messages, {
    onEvent: (type) => {
      if (type === itemStreamEvents.activity) onNews();
    },
    onError,
    onAccessLost,
  });
}
