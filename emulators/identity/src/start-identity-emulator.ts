import { listenEmulator } from '@launchkit/emulator-kit';
import { assembleIdentityApp, type IdentityAppOptions } from './app.ts';
import type { IdentityConfig } from './config.ts';

export type IdentityEmulator = {
  /** The origin it listens on, such as http://localhost:3001 (https with a certificate; no trailing slash). */
  url: string;
  /** The `iss` of its tokens: IDENTITY_ISSUER, or `${url}/` on localhost. */
  issuer: string;
  close(): Promise<void>;
};

/**
 * Starts the emulator on config.host and config.port (0: any free port; the issuer then follows it),
 * serving https when the configuration has a certificate (config.tls).
 */
export async function startIdentityEmulator(
  config: IdentityConfig,
  options: IdentityAppOptions = {},
): Promise<IdentityEmulator> {
  const { app, context } = await assembleIdentityApp(config, options);
  const { port, url } = await listenEmulator(app, config);
  context.urls.followListeningPort(port);
  app.log.info(
    { url, issuer: context.urls.issuer, dataDir: config.dataDir },
    'identity emulator ready (development only: not Auth0; test users and secrets are public)',
  );
  return { url, issuer: context.urls.issuer, close: () => app.close() };
}
