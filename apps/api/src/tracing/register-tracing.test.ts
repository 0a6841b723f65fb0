import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '#api/config/app-config.ts';

// Off means not loaded (decision 0051): a process started as the server is (`node --import
// register-tracing.ts`) records every OpenTelemetry module it resolves, with and without an endpoint.
const recorder = `
import { registerHooks } from 'node:module';
const loaded = new Set();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    const match = /node_modules\\/(@opentelemetry\\/[^/]+|@fastify\\/otel|import-in-the-middle)\\//.exec(result.url);
    if (match) loaded.add(match[1]);
    return result;
  },
});
process.on('exit', () => console.log(JSON.stringify([...loaded].sort())));
`;

async function packagesLoaded(environment: Record<string, string>): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      `data:text/javascript,${encodeURIComponent(recorder)}`,
      '--import',
      './apps/api/src/tracing/register-tracing.ts',
      '--input-type=module',
      '-e',
      "await import('pg'); await import('ioredis');",
    ],
    { cwd: repoRoot, env: { PATH: process.env.PATH ?? '', ...environment } },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]');
}

describe('starting the server with tracing', () => {
  it('loads nothing of OpenTelemetry without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    expect(await packagesLoaded({})).toEqual([]);
    expect(await packagesLoaded({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toEqual([]);
  });

  it('starts the SDK and its instrumentations with it', async () => {
    // Nothing listens there: the process exits before its first export is due.
    const loaded = await packagesLoaded({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    for (const name of [
      '@opentelemetry/sdk-node',
      '@opentelemetry/instrumentation-http',
      '@opentelemetry/instrumentation-pg',
      '@opentelemetry/instrumentation-ioredis',
      '@fastify/otel',
      'import-in-the-middle',
    ]) {
      expect(loaded, name).toContain(name);
    }
  });
});
