export { describeProcessEntry } from './process-entry-suite.ts';
export {
  expectDataDirectoryLock,
  expectServesUntilSigterm,
  outcomeOf,
  spawnServer,
  startedForSuite,
  useTemporaryDirectory,
} from './start-checks.ts';
export { closeOrDestroy, testDataDirectory } from './test-emulator.ts';
