import type { KeptAnswer } from './kept-answer.ts';

/**
 * A workspace's list as the API's answer (the success envelope around it), and the version it was read
 * at (`users.items_version` for items; the rows' count and highest version for members). Bytes, sent
 * as they are (or compressed once): no copy of 159 KiB per request, and nothing of it in the JavaScript
 * heap for the collector to move.
 */
export type EncodedList<Version = number> = { version: Version; answer: KeptAnswer };

/**
 * The encoded lists of large workspaces, newest use last, up to `maxBytes` in all: a list read at a
 * version is served again while the version stays (items/list-items.ts, team/list-members.ts).
 */
export function createListCache<List extends EncodedList<unknown>>(maxBytes: number) {
  const lists = new Map<string, List>();
  let bytes = 0;

  function forget(workspace: string) {
    const list = lists.get(workspace);
    if (!list) return;
    lists.delete(workspace);
    bytes -= list.answer.bytes.length;
  }

  return {
    get(workspace: string): List | undefined {
      const list = lists.get(workspace);
      if (list) {
        // Map keeps insertion order: re-inserted, it is the last to go.
        lists.delete(workspace);
        lists.set(workspace, list);
      }
      return list;
    },

    set(workspace: string, list: List) {
      forget(workspace);
      if (list.answer.bytes.length > maxBytes) return;
      lists.set(workspace, list);
      bytes += list.answer.bytes.length;
      for (const oldest of lists.keys()) {
        if (bytes <= maxBytes) break;
        forget(oldest);
      }
    },

    forget,

    /** The plain answers' bytes held (their compressed forms add about a fifth). */
    get size() {
      return bytes;
    },
  };
}
