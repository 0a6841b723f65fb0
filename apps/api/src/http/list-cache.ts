import { successBytes } from './app-error.ts';
import { KeptAnswer } from './kept-answer.ts';

/**
 * A workspace's list as the API's answer (the success envelope around it), and the version it was read
 * at (`users.items_version` for items; the rows' count and highest version for members). Bytes, sent
 * as they are (or compressed once): no copy of a large list per request, and nothing of it in the
 * JavaScript heap for the collector to move.
 */
export type EncodedList<Version = number> = { version: Version; answer: KeptAnswer };

/**
 * Workspaces' encoded lists, newest use last, up to `maxBytes` in all: a list of at least `minEntries`
 * read at a version is served again while the version stays (items/list-items.ts keeps every list,
 * team/list-members.ts those of 50 members or more).
 */
export function createListCache<Version = number>({
  maxBytes,
  minEntries,
}: {
  maxBytes: number;
  minEntries: number;
}) {
  type List = EncodedList<Version>;
  const lists = new Map<string, List>();
  let bytes = 0;

  function set(workspace: string, list: List) {
    forget(workspace);
    if (list.answer.bytes.length > maxBytes) return;
    lists.set(workspace, list);
    bytes += list.answer.bytes.length;
    for (const oldest of lists.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

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

    set,

    /**
     * A list just read, as JSON text of `entries` entries at `version`: kept, and its answer returned,
     * when it is large enough; otherwise undefined, and any list kept for the workspace is forgotten.
     */
    keep(workspace: string, json: string, entries: number, version: Version): KeptAnswer | undefined {
      if (entries < minEntries) {
        forget(workspace);
        return undefined;
      }
      const answer = new KeptAnswer(successBytes(json));
      set(workspace, { version, answer });
      return answer;
    },

    /** The plain answers' bytes held (their compressed forms add about a fifth). */
    get size() {
      return bytes;
    },
  };
}
