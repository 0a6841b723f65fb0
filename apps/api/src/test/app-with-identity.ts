import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './test-app.ts';
import { startTestIdentityProvider, type TestIdentityProvider } from './test-identity-provider.ts';
import { createTestUsers, type NewUser } from './test-users.ts';

export type AppWithIdentity = {
  /** Set in `beforeAll`. */
  identity: TestIdentityProvider;
  /** Set in `beforeAll`. */
  testApp: TestApp;
  /** Signs up and signs in a new person (no user document yet; verified unless told); call it in a test or hook. */
  newUser: NewUser;
};

/**
 * The suite's test identity provider and the app that trusts it, started in `beforeAll` and closed in
 * `afterAll`; `overrides` are further environment variables of the app.
 */
export function useAppWithIdentity(overrides: Record<string, string> = {}): AppWithIdentity {
  let newUser: NewUser | undefined;
  const suite = {
    newUser: (options) => {
      if (!newUser) throw new Error('newUser() called before beforeAll');
      return newUser(options);
    },
  } as AppWithIdentity;
  beforeAll(async () => {
    suite.identity = await startTestIdentityProvider();
    suite.testApp = await startTestApp({ ...suite.identity.appEnv, ...overrides });
    newUser = createTestUsers(suite.identity);
  });
  afterAll(async () => {
    await suite.testApp?.close();
    await suite.identity?.close();
  });
  return suite;
}
