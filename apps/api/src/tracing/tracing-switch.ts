// Whether this process traces, decided from its environment alone: read by register-tracing.ts before
// any other module loads, and by the app for the log lines and error answers. Nothing here imports
// OpenTelemetry, so a process that does not trace never loads it (docs/decisions/0051).

/**
 * The OTLP/HTTP collector's base URL (OpenTelemetry's own variable: the SDK posts spans to
 * `<endpoint>/v1/traces`), or undefined when tracing is off: unset or empty.
 */
export function tracingEndpointOf(environment: NodeJS.ProcessEnv): string | undefined {
  const endpoint = environment.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return endpoint ? endpoint : undefined;
}

/** The SDK's shutdown once it started (start-tracing.ts): the spans still buffered are sent first. */
const shutdownKey = Symbol.for('launchkit.tracing.shutdown');
type WithShutdown = { [shutdownKey]?: () => Promise<void> };

export function setTracingShutdown(shutdown: () => Promise<void>) {
  (globalThis as WithShutdown)[shutdownKey] = shutdown;
}

/** Sends the spans still buffered and stops the SDK; at once when tracing is off. */
export async function stopTracing(): Promise<void> {
  await (globalThis as WithShutdown)[shutdownKey]?.().catch(() => undefined);
}
