const defaultNext = '/dashboard';
const base = new URL('http://site.invalid');

const hasControlCharacter = (value: string) =>
  [...value].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);

// Browsers read `//host` and `/\host` as another origin.
const startsLikeAnotherOrigin = (path: string) => /^\/[/\\]/.test(path);

/**
 * docs/product.md §2: the path to open after signing in, from the `next` query. Only a path on this site
 * is followed; anything else gives the default. The check is made on the path as the browser will read
 * it: parsing resolves dot segments (`/.//evil.com` is `//evil.com`) and backslashes, and a browser's
 * parser drops tabs and line breaks (`/\t/host` would become `//host`), so those are refused outright.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || hasControlCharacter(next)) return defaultNext;
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return defaultNext;
  }
  if (url.origin !== base.origin) return defaultNext;
  if (startsLikeAnotherOrigin(url.pathname) || startsLikeAnotherOrigin(safelyDecoded(url.pathname))) {
    return defaultNext;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/%2f%2fevil.com` is harmless as a URL, but a router that decodes it before navigating is not. */
function safelyDecoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
