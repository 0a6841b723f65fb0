import { listenEmulator } from '@launchkit/emulator-kit';
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
  const { url } = await listenEmulator(app, config);
  context.urls.followListeningOrigin(url);
  app.log.info(
    { url, dataDir: config.dataDir, webhookUrl: config.webhookUrl },
    'payments emulator ready (development only: not Stripe; test cards give paid plans)',
  );
  return { url, close: () => app.close() };
}
