import { readFileSync } from 'node:fs';

/**
 * Below this many open files an instance cannot carry the live lists it was measured with (10,000 per
 * instance, docs/capacity.md): every connection, so every open stream, holds a file descriptor.
 */
export const openFilesWanted = 10_000;

/** This process's soft limit on open files; undefined where the system has no /proc/self/limits. */
export function openFilesLimit(): number | undefined {
  try {
    return parseOpenFilesLimit(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    return undefined;
  }
}

/** The soft limit of "Max open files" in Linux's /proc/<pid>/limits (`Infinity` for "unlimited"). */
export function parseOpenFilesLimit(limitsText: string): number | undefined {
  const soft = limitsText.match(/^Max open files +(\S+)/m)?.[1];
  if (soft === undefined) return undefined;
  return soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}
