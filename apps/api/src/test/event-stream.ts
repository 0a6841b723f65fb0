import { createEventParser, type ServerSentEvent } from '@launchkit/api-contract/server-sent-events';

/**
 * Reads `text/event-stream` with fetch, as the web app does (not EventSource), collecting events;
 * `next()` waits for the next one not read yet.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: ServerSentEvent[] = [];
  let readCount = 0;
  let wake: (() => void) | undefined;
  let isEnded = false;

  const pump = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const parser = createEventParser((event) => {
      events.push(event);
      wake?.();
    });
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.push(value);
      }
    } catch {
      // aborted by close()
    } finally {
      isEnded = true;
      wake?.();
    }
  })();

  return {
    response,
    events,
    get isEnded() {
      return isEnded;
    },
    /** The next unread event; rejects after `timeoutMs` or when the stream ends first. */
    async next(timeoutMs = 2_000): Promise<ServerSentEvent> {
      const deadline = Date.now() + timeoutMs;
      while (readCount >= events.length) {
        if (isEnded) throw new Error('the stream ended');
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, remaining);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      const event = events[readCount] as ServerSentEvent;
      readCount += 1;
      return event;
    },
    /** Resolves when the server ends the stream. */
    async ended(timeoutMs = 2_000) {
      const timeout = new Promise((_, reject) =>
        setTimeout(
          () => reject(new Error(`the stream was still open after ${timeoutMs} ms`)),
          timeoutMs,
        ).unref(),
      );
      await Promise.race([pump, timeout]);
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

export type EventStream = Awaited<ReturnType<typeof openEventStream>>;
