import { basename } from 'node:path';
import { test as base } from '../fixtures.ts';
import { createPasswordUser, type TestUser } from './identity.ts';

/**
 * The e2e `test` with `newUser`: a new password user at the provider (createPasswordUser), made only
 * for the tests that ask for it. Its email is labelled with the spec's name, to find its test by.
 */
export const test = base.extend<{ newUser: TestUser }>({
  newUser: async ({ request }, use, testInfo) => {
    await use(await createPasswordUser(request, basename(testInfo.file, '.spec.ts')));
  },
});
