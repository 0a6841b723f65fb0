import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { errorMessage } from '#web/components/forms/error-message.ts';
import type { Item } from '#web/lib/items.ts';
import { watchItems } from '#web/lib/live-items.ts';

type LiveItems = {
  /** Newest first, as the server sends them; null until the first snapshot. */
  items: Item[] | null;
  /** For showing a change this browser made before the stream's snapshot repeats it. */
  setItems: Dispatch<SetStateAction<Item[] | null>>;
  /** Why the list could not be loaded (cleared by the next snapshot). */
  loadError: string | null;
};

/**
 * The items of a workspace (null: the signed-in user's own), kept current by the item stream. The
 * stream closes when the component unmounts, which includes signing out (the guard then replaces the
 * page); a component showing another user's or workspace's items is keyed by both, so it starts
 * again. `onAccessLost` hears that the server ended the caller's access to the workspace.
 */
export function useLiveItems(workspace: string | null, onAccessLost: () => void): LiveItems {
  const [items, setItems] = useState<Item[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // The latest callback, so a caller may pass a new closure on every render without reconnecting.
  const latestOnAccessLost = useRef(onAccessLost);
  latestOnAccessLost.current = onAccessLost;

  useEffect(() => {
    const controller = new AbortController();
    watchItems(
      controller.signal,
      {
        onItems: (next) => {
          setItems(next);
          setLoadError(null);
        },
        onError: (error) => setLoadError(errorMessage(error)),
        onAccessLost: () => latestOnAccessLost.current(),
      },
      workspace,
    );
    return () => controller.abort();
  }, [workspace]);

  return { items, setItems, loadError };
}
