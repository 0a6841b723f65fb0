import { itemStreamCloseReasons, itemStreamEvents } from '@launchkit/api-contract/item-stream';
import { createEventParser } from '@launchkit/api-contract/server-sent-events';
import { ApiError, openApiStream } from './api.ts';
import { type Item, workspaceQuery } from './items.ts';
import { isAccessLost } from './team/workspaces.ts';

// The live item list of docs/team.md: GET /api/items/stream, opened by the API client
// (lib/api.ts) with the session's token. The server sends the whole list, newest first, at once and
// after every change.

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

const firstRetryMs = 500;
const maxRetryMs = 10_000;
const unreachable = 'Could not load your items: the server cannot be reached. Trying again…';
const replaced =
  'Live updates stopped here: your items are open in too many tabs or windows. Close some, then reload this page.';

/**
 * Follows the items of a workspace (null: the caller's own) until `signal` aborts. A dropped or refused connection is
 * tried again after 0.5 s, doubling up to 10 s; the snapshot sent on reconnecting means no change is
 * missed. A drop after a good snapshot reconnects quietly; only a failed attempt is reported. A stream
 * the server closed because newer ones of this user (or address) took its place is not reopened: the
 * tabs would keep replacing each other; nor is one of a workspace the caller lost access to.
 */
export function watchItems(
  signal: AbortSignal,
  { onItems, onError, onAccessLost }: LiveItemsHandlers,
  workspace: string | null = null,
): void {
  const run = async () => {
    let retryMs = firstRetryMs;
    while (!signal.aborted) {
      let hasSnapshot = false;
      try {
        const ending = await readItemStream(signal, workspace, (items) => {
          hasSnapshot = true;
          retryMs = firstRetryMs;
          onItems(items);
        });
        if (ending === 'replaced') {
          onError(new ApiError('too_many_streams', replaced));
          return;
        }
        if (ending === 'revoked') {
          onAccessLost?.();
          return;
        }
      } catch (error) {
        if (signal.aborted) return;
        if (isAccessLost(error)) {
          onAccessLost?.();
          return;
        }
        if (!hasSnapshot) onError(error instanceof Error ? error : new Error(String(error)));
      }
      await wait(retryMs, signal);
      retryMs = Math.min(retryMs * 2, maxRetryMs);
    }
  };
  void run();
}

type Ending = 'ended' | 'replaced' | 'revoked';

/** The reason a `closed` event gives (`{"reason":"…"}`), as an ending. */
function endingOf(data: string): Ending {
  let reason: unknown;
  try {
    reason = (JSON.parse(data) as { reason?: unknown } | null)?.reason;
  } catch {
    reason = data;
  }
  if (reason === itemStreamCloseReasons.replaced) return 'replaced';
  if (reason === itemStreamCloseReasons.accessRevoked) return 'revoked';
  return 'ended';
}

/**
 * One connection: resolves when the server ends the stream ('replaced' when it said newer streams took
 * this one's place, 'revoked' when the caller lost access), throws when it fails or refuses.
 */
async function readItemStream(
  signal: AbortSignal,
  workspace: string | null,
  onItems: (items: Item[]) => void,
): Promise<Ending> {
  const body = await openApiStream(`items/stream${workspaceQuery(workspace)}`, {
    signal,
    messages: {
      unreachable,
      failed: (status) => `Could not load your items: the server answered ${status}.`,
    },
  });

  const reader = body.getReader();
  const decoder = new TextDecoder();
  let ending: Ending = 'ended';
  const parser = createEventParser((event) => {
    if (event.type === itemStreamEvents.items) onItems(JSON.parse(event.data) as Item[]);
    if (event.type === itemStreamEvents.closed) ending = endingOf(event.data);
  });
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return ending;
    parser.push(decoder.decode(value, { stream: true }));
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
