export { DataDirectoryLockedError } from '@launchkit/emulator-kit';
export { buildPaymentsApp, type PaymentsAppOptions } from './app.ts';
export { loadPaymentsConfig, type PaymentsConfig } from './config.ts';
export { advanceCustomerClock, customerClock } from './customer-clock.ts';
export { type PaymentsEmulator, startPaymentsEmulator } from './start-payments-emulator.ts';
