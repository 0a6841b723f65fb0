/** One Server-Sent Event as the browser's reader sees it. */
export type ServerSentEvent = { event: string; data: string };

/**
 * Reads `text/event-stream` with fetch, as the web app does (not EventSource), collecting events;
 * `next()` waits for the next one not read yet.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: ServerSentEvent[] = [];
  const comments: string[] = [];
  let readCount = 0;
  let wake: (() => void) | undefined;
  let isEnded = false;

  const pump = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          boundary = buffer.indexOf('\n\n');
          const fields = { event: 'message', data: [] as string[] };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event:')) fields.event = line.slice(6).trim();
            else if (line.startsWith('data:')) fields.data.push(line.slice(5).replace(/^ /, ''));
          }
          if (fields.data.length > 0) events.push({ event: fields.event, data: fields.data.join('\n') });
          wake?.();
        }
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
    comments,
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
