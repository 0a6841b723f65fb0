const defaultNext = '/dashboard';

const hasControlCharacter = (value: string) =>
  [...value].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);

/**
 * §2: the path to open after signing in, from the `next` query. Only a path on this site is followed:
 * browsers read `//host` and `/\host` as another origin, and their URL parser drops tabs and line
 * breaks (so `/\t/host` would become `//host`); anything like that gives the default.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || /^\/[/\\]/.test(next) || hasControlCharacter(next)) {
    return defaultNext;
  }
  // Parsing normalises the path the way the browser will (dot segments, encoding).
  const url = new URL(next, 'http://site.invalid');
  if (url.host !== 'site.invalid') return defaultNext;
  return `${url.pathname}${url.search}${url.hash}`;
}
