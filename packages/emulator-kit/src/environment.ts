import path from 'node:path';
import { parseEnvironment, readTlsFiles, refuseProductionMode, type TlsCredentials } from '@launchkit/env';
import type { z } from 'zod';
import { emulatorTlsFiles } from './tls.ts';

export type EmulatorEnvironment<Schema extends z.ZodType> = {
  env: z.output<Schema>;
  /** The certificate and key to serve https with; undefined: plain http. */
  tls: TlsCredentials | undefined;
  /** The scheme of the URLs the emulator derives itself. */
  protocol: 'http:' | 'https:';
  /** A configured path, which like DATA_DIR is relative to the repository. */
  fromRepoRoot(value: string): string;
};

/**
 * The start of every emulator's configuration: it refuses the production mode (an emulator's secrets are
 * public) before reading anything, then reads `schema` and the https files, every problem thrown as a
 * ConfigurationError under `title`.
 */
export function readEmulatorEnvironment<Schema extends z.ZodType>(
  schema: Schema,
  environment: NodeJS.ProcessEnv,
  options: { title: string; program: { name: string; instead: string }; repoRoot: string },
): EmulatorEnvironment<Schema> {
  refuseProductionMode(environment, options.title, options.program);
  const env = parseEnvironment(schema, environment, options.title);
  const tls = readTlsFiles(environment, emulatorTlsFiles, {
    title: options.title,
    baseDir: options.repoRoot,
  });
  return {
    env,
    tls,
    protocol: tls ? 'https:' : 'http:',
    fromRepoRoot: (value) => path.resolve(options.repoRoot, value),
  };
}
