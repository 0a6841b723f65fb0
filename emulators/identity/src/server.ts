import { runEmulatorProcess } from '@launchkit/emulator-kit';
import { loadIdentityConfig } from './config.ts';
import { startIdentityEmulator } from './start-identity-emulator.ts';

// Process entry: `node emulators/identity/src/server.ts`.
await runEmulatorProcess({
  loadConfig: loadIdentityConfig,
  start: (config) => startIdentityEmulator(config),
});
