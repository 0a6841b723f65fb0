export { DataDirectoryLockedError } from '@launchkit/emulator-kit';
export { buildIdentityApp, type IdentityAppOptions } from './app.ts';
export { type IdentityConfig, loadIdentityConfig } from './config.ts';
export { type IdentityEmulator, startIdentityEmulator } from './start-identity-emulator.ts';
