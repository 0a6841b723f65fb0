/** A workspace's list as JSON text, and the version it was read at (`users.items_version`). */
export type EncodedList = { version: number; json: string };

/**
 * The encoded lists of large workspaces, newest use last, up to `maxBytes` of JSON text in all: a list
 * read at a version is served again while the version stays (items/list-items.ts).
 */
export function createListCache(maxBytes: number) {
  const lists = new Map<string, EncodedList>();
  let bytes = 0;

  function forget(workspace: string) {
    const list = lists.get(workspace);
    if (!list) return;
    lists.delete(workspace);
    bytes -= list.json.length;
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
      if (list.json.length > maxBytes) return;
      lists.set(workspace, list);
      bytes += list.json.length;
      for (const oldest of lists.keys()) {
        if (bytes <= maxBytes) break;
        forget(oldest);
      }
    },

    forget,

    /** JSON text held, in UTF-16 code units (about bytes for the mostly ASCII lists). */
    get size() {
      return bytes;
    },
  };
}
