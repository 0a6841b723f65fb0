import { useEffect, useState } from 'react';
import { tokenOfHash } from '#web/lib/link-token.ts';

/**
 * The token of a mailed link's fragment (`/invitation#<token>`), taken out of the address bar at once
 * (out of the history and of anything that copies the address from here on): undefined until read in
 * the browser, null when there is none. `take` may keep it somewhere (the invitation keeps it for the
 * trip through sign-in) and answer a kept one.
 */
export function useLinkToken(take: (hash: string) => string | null = tokenOfHash): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const { hash, pathname, search } = window.location;
    setToken(take(hash));
    if (hash) window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }, [take]);
  return token;
}
