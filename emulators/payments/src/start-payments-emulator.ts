import type { AddressInfo } from 'node:net';
import { assemblePaymentsApp, type PaymentsAppOptions } from './app.ts';
import type { PaymentsConfig } from './config.ts';

export type PaymentsEmulator = {
  /** The origin it listens on, such as http://localhost:3002 (https with a certificate; no trailing slash). */
  url: string;
  close(): Promise<void>;
};

/**
 * Starts the emulator on config.host and config.port (0: any free port; the hosted pages' URLs then follow
 * it), serving https when the configuration has a certificate (config.tls).
 */
export async function startPaymentsEmulator(
  config: PaymentsConfig,
  options: PaymentsAppOptions = {},
): Promise<PaymentsEmulator> {
  const { app, context } = await assemblePaymentsApp(config, options);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(config.host)
    ? 'localhost'
    : config.host;
  const url = `${config.protocol}//${host.includes(':') ? `[${host}]` : host}:${port}`;
  context.urls.followListeningOrigin(url);
  app.log.info(
    { url, dataDir: config.dataDir, webhookUrl: config.webhookUrl },
    'payments emulator ready (development only: not Stripe; test cards give paid plans)',
  );
  return { url, close: () => app.close() };
}
