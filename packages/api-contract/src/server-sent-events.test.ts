import { describe, expect, it } from 'vitest';
import { createEventParser, type ServerSentEvent } from './server-sent-events.ts';

function parse(chunks: string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = createEventParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return events;
}

describe('createEventParser', () => {
  it('reads named events, skips keep-alive comments and waits for the blank line', () => {
    expect(parse([': keep-alive\n\n', 'event: items\ndata: []\n\n', 'event: items\ndata: [1]'])).toEqual([
      { type: 'items', data: '[]' },
    ]);
  });

  it('joins events split anywhere, including between CR and LF', () => {
    const text = 'event: items\r\ndata: [{"name":"a"}]\r\n\r\nevent: items\ndata: []\n\n';
    const chunks = text.split('').map((character) => character);
    expect(parse(chunks)).toEqual([
      { type: 'items', data: '[{"name":"a"}]' },
      { type: 'items', data: '[]' },
    ]);
  });

  it('joins several data lines with newlines; an event without a name is a message', () => {
    expect(parse(['data: one\ndata: two\n\n'])).toEqual([{ type: 'message', data: 'one\ntwo' }]);
  });
});
