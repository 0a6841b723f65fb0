// The resident memory of a process, read from /proc (Linux); undefined elsewhere.
import { readFileSync } from 'node:fs';

/** VmRSS of `pid` in MiB. */
export function residentMebibytes(pid) {
  if (pid === undefined) return undefined;
  try {
    const kibibytes = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kibibytes === undefined ? undefined : Number(kibibytes) / 1024;
  } catch {
    return undefined;
  }
}
