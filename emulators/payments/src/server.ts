import { runEmulatorProcess } from '@launchkit/emulator-kit';
import { loadPaymentsConfig } from './config.ts';
import { startPaymentsEmulator } from './start-payments-emulator.ts';

// Process entry: `node emulators/payments/src/server.ts`.
await runEmulatorProcess({
  loadConfig: loadPaymentsConfig,
  start: (config) => startPaymentsEmulator(config),
});
