import { itemStreamCloseReasons, itemStreamEvents } from '@launchkit/api-contract/item-stream';
import { createEventParser } from '@launchkit/api-contract/server-sent-events';
import { ApiError, openApiStream } from './api.ts';
import { isAccessLost } from './team/workspaces.ts';

// A workspace's live stream, GET /api/items/stream (Server-Sent Events), opened by the API client
// (lib/api.ts) with the session's token and kept open: the dashboard's list follows it (live-items.ts),
// and so does the Activity page (live-activity.ts, `?follow=activity`).

export type LiveStreamHandlers = {
  /** An event other than `closed`: its name and data. */
  onEvent: (type: string, data: string) => void;
  /** A connection could not be opened or failed before its first event; the watcher keeps trying. */
  onError: (error: Error) => void;
  /**
   * The caller can no longer open the workspace (removed, left, no seat): the server closed the
   * stream for that reason, or refused it with a code that says so (isAccessLost). The watcher stops.
   */
  onAccessLost?: () => void;
};

export type LiveStreamMessages = {
  /** The server cannot be reached (the watcher tries again). */
  unreachable: string;
  failed: (status: number) => string;
  /** Newer streams of this user (or address) took this one's place: the watcher stops. */
  replaced: string;
};

const firstRetryMs = 500;
const maxRetryMs = 10_000;

/**
 * Follows the stream at `path` until `signal` aborts. A dropped or refused connection is tried again
 * after 0.5 s, doubling up to 10 s; what the server sends on reconnecting (the whole list, or the news
 * that the log may have new entries) means no change is missed. A drop after a first event reconnects
 * quietly; only a failed attempt is reported. A stream the server closed because newer ones of this
 * user (or address) took its place is not reopened: the tabs would keep replacing each other; nor is
 * one of a workspace the caller lost access to.
 */
export function watchStream(
  signal: AbortSignal,
  path: string,
  messages: LiveStreamMessages,
  { onEvent, onError, onAccessLost }: LiveStreamHandlers,
): void {
  const run = async () => {
    let retryMs = firstRetryMs;
    while (!signal.aborted) {
      let hasEvent = false;
      try {
        const ending = await readStream(signal, path, messages, (type, data) => {
          hasEvent = true;
          retryMs = firstRetryMs;
          onEvent(type, data);
        });
        if (ending === 'replaced') {
          onError(new ApiError('too_many_streams', messages.replaced));
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
        if (!hasEvent) onError(error instanceof Error ? error : new Error(String(error)));
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
async function readStream(
  signal: AbortSignal,
  path: string,
  messages: LiveStreamMessages,
  onEvent: (type: string, data: string) => void,
): Promise<Ending> {
  const body = await openApiStream(path, { signal, messages });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let ending: Ending = 'ended';
  const parser = createEventParser((event) => {
    if (event.type === itemStreamEvents.closed) ending = endingOf(event.data);
    else onEvent(event.type, event.data);
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
