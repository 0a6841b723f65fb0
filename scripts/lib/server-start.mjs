// How the API server starts, for `npm start` and for the production image (the Dockerfile's CMD, from
// scripts/release.mjs): through /bin/sh, which first raises the soft limit on open files to the hard
// one. Every connection, so every open live list, holds a file descriptor, and the soft limit is often
// 1,024 (systemd's default, and so many container runtimes') while the hard one is far higher; Go's
// runtime raises it the same way at start, Node has no call for it (docs/capacity.md). Where the limit
// cannot be raised the server starts anyway and says so (apps/api/src/operations/open-files.ts).

/** The command that starts the server with `node` (a path or a name on PATH), from the repository's root. */
export function serverStartCommand(node) {
  return ['/bin/sh', '-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" apps/api/src/server.ts', node];
}
