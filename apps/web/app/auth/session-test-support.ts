import { vi } from 'vitest';

// For the session's unit tests: tokens and browser storage as the session code reads them.

/** An unsigned JWT with these claims: the browser reads claims without checking signatures. */
export const jwt = (claims: object) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

/** A local storage stand-in under `window`, as the session code reads it; its entries, to look at. */
export function stubStorage(): Map<string, string> {
  const entries = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => entries.get(key) ?? null,
      setItem: (key: string, value: string) => entries.set(key, value),
      removeItem: (key: string) => entries.delete(key),
    },
  });
  return entries;
}
