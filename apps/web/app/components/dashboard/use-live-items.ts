import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
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
 * The signed-in user's items, kept current by the item stream. The stream closes when the component
 * unmounts, which includes signing out (the guard then replaces the page); a component showing
 * another user's items is keyed by the uid, so it starts again.
 */
export function useLiveItems(): LiveItems {
  const [items, setItems] = useState<Item[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    watchItems(controller.signal, {
      onItems: (next) => {
        setItems(next);
        setLoadError(null);
      },
      onError: (error) => setLoadError(errorMessage(error)),
    });
    return () => controller.abort();
  }, []);

  return { items, setItems, loadError };
}
