import { loadPaymentsConfig } from './config.ts';
import { startPaymentsEmulator } from './start-payments-emulator.ts';

// Process entry: `node --import tsx emulators/payments/src/server.ts`.
const fatal = (error: unknown) => {
  console.error(
    JSON.stringify({ level: 60, time: Date.now(), msg: (error as Error).message ?? String(error) }),
  );
  process.exit(1);
};

const config = (() => {
  try {
    return loadPaymentsConfig(process.env);
  } catch (error) {
    return fatal(error);
  }
})();
const emulator = await startPaymentsEmulator(config).catch(fatal);

let isShuttingDown = false;
async function shutDown() {
  if (isShuttingDown) return;
  isShuttingDown = true;
  // A request that never ends must not keep the process alive forever.
  const forceExit = setTimeout(() => process.exit(1), 10_000);
  forceExit.unref();
  try {
    await emulator.close();
    process.exit(0);
  } catch (error) {
    fatal(error);
  }
}
process.on('SIGTERM', () => void shutDown());
process.on('SIGINT', () => void shutDown());
