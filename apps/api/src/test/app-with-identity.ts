import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './test-app.ts';
import { startTestIdentityProvider, type TestIdentityProvider } from './test-identity-provider.ts';
import { createTestUsers, type TestUser } from './test-users.ts';

export type AppWithIdentity = {
  /** Set in `beforeAll`. */
  identity: TestIdentityProvider;
  /** Set in `beforeAll`. */
  testApp: TestApp;
  /** Signs up and signs in a new person (no user document yet); call it in a test or hook. */
  newUser: () => Promise<TestUser>;
};

/**
 * The suite's test identity provider and the app that trusts it, started in `beforeAll` and closed in
 * `afterAll`; `overrides` are further environment variables of the app.
 */
export function useAppWithIdentity(overrides: Record<string, string> = {}): AppWithIdentity {
  let newUser: (() => Promise<TestUser>) | undefined;
  const suite = {
    newUser: () => {
      if (!newUser) throw new Error('newUser() called before beforeAll');
      return newUser();
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
