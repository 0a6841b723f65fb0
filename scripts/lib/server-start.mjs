// How the API server starts, for `npm start` and for the production image (the Dockerfile's CMD, from
// scripts/release.mjs): through /bin/sh, which first raises the soft limit on open files to the hard
// one. Every connection, so every open live list, holds a file descriptor, and the soft limit is often
// 1,024 (systemd's default, and so many container runtimes') while the hard one is far higher; Go's
// runtime raises it the same way at start, Node has no call for it (docs/capacity.md). Where the limit
// cannot be raised the server starts anyway and says so (apps/api/src/operations/open-files.ts).

//
// `--import` loads tracing/register-tracing.ts before the server's first module: it starts the
// OpenTelemetry SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set, and loads nothing else when it is not
// (docs/tracing.md, decision 0051).

/** Node's arguments that run the server, tracing when configured, from the repository's root. */
export const serverEntryArguments = [
  '--import',
  './apps/api/src/tracing/register-tracing.ts',
  'apps/api/src/server.ts',
];

/** The command that starts the server with `node` (a path or a name on PATH), from the repository's root. */
export function serverStartCommand(node) {
  return [
    '/bin/sh',
    '-c',
    `ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" ${serverEntryArguments.join(' ')}`,
    node,
  ];
}
