// Reading Server-Sent Events from a fetch body, as the web app reads the item stream (not EventSource,
// which cannot send a bearer token): one parser for the web app, the API's tests and the benchmarks.
// No imports: the browser bundle takes this file as it is (`@launchkit/api-contract/server-sent-events`).

export type ServerSentEvent = { type: string; data: string };

/**
 * A Server-Sent Events parser fed text as it arrives (chunks may split lines and events anywhere).
 * An event ends at a blank line; `event:` names it (default 'message'), `data:` lines are joined with
 * newlines, and comment lines (': keep-alive') are skipped.
 */
export function createEventParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = '';
  return {
    push(text: string) {
      buffer += text;
      const blocks = buffer.split(/\r?\n\r?\n/);
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        let type = 'message';
        const data: string[] = [];
        for (const line of block.split(/\r?\n/)) {
          if (line === '' || line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon === -1 ? line : line.slice(0, colon);
          const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') type = value;
          else if (field === 'data') data.push(value);
        }
        if (data.length > 0) onEvent({ type, data: data.join('\n') });
      }
    },
  };
}
