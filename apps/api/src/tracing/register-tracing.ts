// Loaded before the server with `node --import ./apps/api/src/tracing/register-tracing.ts` (the
// start command in scripts/lib/server-start.mjs and the Dockerfile's CMD): instrumentations patch a
// module only if they are in place before it is first imported. With OTEL_EXPORTER_OTLP_ENDPOINT unset
// this file is all that runs: the SDK is never loaded (docs/tracing.md, decision 0051).
import { tracingEndpointOf } from './tracing-switch.ts';

if (tracingEndpointOf(process.env)) await import('./start-tracing.ts');
