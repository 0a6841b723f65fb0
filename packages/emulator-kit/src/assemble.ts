import type { FastifyInstance } from 'fastify';
import { createEmulatorApp, type EmulatorAppOptions, type LoggerOption } from './app.ts';
import { acquireDataDirectoryLock, type DataDirectoryOwner } from './data-directory.ts';

/**
 * An emulator's app over its data directory (`config.dataDir`): the directory's lock first (one process
 * per directory), then the state and context (`open`), the Fastify instance (at `config.logLevel`, over
 * https with `config.tls`, with the rest of its options from `app`), its plugins and routes
 * (`register`). Closing the app runs `close` (stop timers, flush the state) and releases the lock; when
 * any step fails the lock is released at once, since nothing will close the app.
 */
export async function assembleEmulatorApp<Context>(emulator: {
  config: Pick<EmulatorAppOptions, 'logLevel' | 'tls'> & { dataDir: string };
  logger: LoggerOption;
  owner: DataDirectoryOwner;
  open: () => Promise<Context>;
  app: (context: Context) => Omit<EmulatorAppOptions, 'logLevel' | 'logger' | 'tls'>;
  register: (app: FastifyInstance, context: Context) => Promise<void>;
  close: (context: Context) => Promise<void>;
}): Promise<{ app: FastifyInstance; context: Context }> {
  const releaseLock = acquireDataDirectoryLock(emulator.config.dataDir, emulator.owner);
  let context: Context;
  let app: FastifyInstance;
  try {
    context = await emulator.open();
    const { logLevel, tls } = emulator.config;
    app = createEmulatorApp({ logLevel, logger: emulator.logger, tls, ...emulator.app(context) });
  } catch (error) {
    releaseLock();
    throw error;
  }
  app.addHook('onClose', async () => {
    await emulator.close(context);
    releaseLock();
  });
  try {
    await emulator.register(app, context);
  } catch (error) {
    releaseLock();
    throw error;
  }
  return { app, context };
}
