/**
 * A workspace's list as the bytes of the API's answer (the success envelope around it), and the version
 * it was read at (`users.items_version`). Bytes, sent as they are: no copy of 159 KiB per request, and
 * nothing of it in the JavaScript heap for the collector to move.
 */
export type EncodedList = { version: number; answer: Buffer };

/**
 * The encoded lists of large workspaces, newest use last, up to `maxBytes` in all: a list read at a
 * version is served again while the version stays (items/list-items.ts).
 */
export function createListCache(maxBytes: number) {
  const lists = new Map<string, EncodedList>();
  let bytes = 0;

  function forget(workspace: string) {
    const list = lists.get(workspace);
    if (!list) return;
    lists.delete(workspace);
    bytes -= list.answer.length;
  }

  return {
    get(workspace: string): EncodedList | undefined {
      const list = lists.get(workspace);
      if (list) {
        // Map keeps insertion order: re-inserted, it is the last to go.
        lists.delete(workspace);
        lists.set(workspace, list);
      }
      return list;
    },

    set(workspace: string, list: EncodedList) {
      forget(workspace);
      if (list.answer.length > maxBytes) return;
      lists.set(workspace, list);
      bytes += list.answer.length;
      for (const oldest of lists.keys()) {
        if (bytes <= maxBytes) break;
        forget(oldest);
      }
    },

    forget,

    /** The bytes held. */
    get size() {
      return bytes;
    },
  };
}
