/** Matches a path against React Router patterns such as /legal/:section (':name?' marks an optional segment). */
export function matchesAnyPattern(pathname: string, patterns: string[]): boolean {
  const segments = pathname.split('/').filter(Boolean);
  return patterns.some((pattern) => matches(segments, pattern.split('/').filter(Boolean)));
}

function matches(segments: string[], pattern: string[]): boolean {
  const required = pattern.filter((part) => !part.endsWith('?')).length;
  if (segments.length < required || segments.length > pattern.length) return false;
  return pattern.every((part, index) => {
    const segment = segments[index];
    if (segment === undefined) return part.endsWith('?');
    if (part.startsWith(':')) return true;
    return part.toLowerCase() === safeDecode(segment).toLowerCase();
  });
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
