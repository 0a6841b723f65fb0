// CPU time of a server process, read from /proc (Linux): a per-request cost that, unlike req/s, holds
// steady when other processes share the machine. Elsewhere the figures are simply left out.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const ticksPerSecond = 100; // USER_HZ, 100 on every Linux the bench runs on

/** The id of the process listening on a local TCP port, or undefined. */
export function pidListeningOn(port) {
  try {
    const inodes = new Set();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        const [, localPort] = (fields[1] ?? '').split(':');
        // State 0A is LISTEN.
        if (fields[3] === '0A' && Number.parseInt(localPort ?? '', 16) === port) inodes.add(fields[9]);
      }
    }
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let descriptors = [];
      try {
        descriptors = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue;
      }
      for (const descriptor of descriptors) {
        try {
          const target = readlinkSync(`/proc/${pid}/fd/${descriptor}`);
          if (inodes.has(target.match(/^socket:\[(\d+)\]$/)?.[1])) return Number(pid);
        } catch {
          // the descriptor closed meanwhile
        }
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** User + system CPU seconds the process has used so far, or undefined. */
export function cpuSeconds(pid) {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th overall.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return undefined;
  }
}
