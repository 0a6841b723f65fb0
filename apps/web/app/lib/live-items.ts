import { itemStreamEvents } from '@launchkit/api-contract/item-stream';
import { type Item, workspaceQuery } from './items.ts';
import { watchStream } from './live-stream.ts';

// The live item list of docs/team.md: GET /api/items/stream (lib/live-stream.ts). The server sends the
// whole list, newest first, at once and after every change.

export type LiveItemsHandlers = {
  onItems: (items: Item[]) => void;
  /** The list could not be loaded (refused, unreachable); the watcher keeps trying. */
  onError: (error: Error) => void;
  /**
   * The caller can no longer open the workspace (removed, left, no seat): the server closed the
   * stream for that reason, or refused it with a code that says so (isAccessLost). The watcher stops.
   */
  onAccessLost?: () => void;
};

const messages = {
  unreachable: 'Could not load your items: the server cannot be reached. Trying again…',
  failed: (status: number) => `Could not load your items: the server answered ${status}.`,
  replaced:
    'Live updates stopped here: your items are open in too many tabs or windows. Close some, then reload this page.',
};

/**
 * Follows the items of a workspace (null: the caller's own) until `signal` aborts, reconnecting as
 * watchStream does; the list sent on reconnecting means no change is missed.
 */
export function watchItems(
  signal: AbortSignal,
  { onItems, onError, onAccessLost }: LiveItemsHandlers,
  workspace: string | null = null,
): void {
  watchStream(signal, `items/stream${workspaceQuery(workspace)}`, messages, {
    onEvent: (type, data) => {
      if (type === itemStreamEvents.items) onItems(JSON.parse(data) as Item[]);
    },
    onError,
    onAccessLost,
  });
}
