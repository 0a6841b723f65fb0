import { expect } from 'vitest';
import type { Item } from '#api/items/item-document.ts';
import { type EventStream, openEventStream } from './event-stream.ts';
import type { TestUser } from './test-users.ts';

/**
 * The live item lists (GET /api/items/stream) a test file opens, kept so that it closes them all
 * (a stream left open counts against the per-user and per-address limits of the next test).
 */
export function itemStreamKit() {
  let opened: EventStream[] = [];
  return {
    async openItemStream(
      origin: string,
      person: TestUser,
      options: { workspace?: string; follow?: 'activity'; headers?: Record<string, string> } = {},
    ) {
      const query = new URLSearchParams();
      if (options.workspace) query.set('workspace', options.workspace);
      if (options.follow) query.set('follow', options.follow);
      const stream = await openEventStream(`${origin}/api/items/stream${query.size ? `?${query}` : ''}`, {
        authorization: `Bearer ${person.token}`,
        ...options.headers,
      });
      opened.push(stream);
      return stream;
    },
    async closeItemStreams() {
      for (const stream of opened) await stream.close();
      opened = [];
    },
  };
}

/** The next event of a stream, which must be a whole list. */
export async function nextList(stream: EventStream, timeoutMs = 2_000): Promise<Item[]> {
  const event = await stream.next(timeoutMs);
  expect(event.type).toBe('items');
  return JSON.parse(event.data);
}

/** A call to the API over the socket, as `person`; the answer's data, or an error naming the status. */
export async function callApi(
  origin: string,
  method: string,
  path: string,
  person: TestUser,
  body?: unknown,
) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${person.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json()) as { data: Item };
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(payload)}`);
  return payload.data;
}
