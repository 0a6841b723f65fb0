import { afterAll, beforeAll } from 'vitest';
import { listenOnLoopback, startTestApp, type TestApp } from './test-app.ts';
import { startTestIdentityProvider, type TestIdentityProvider } from './test-identity-provider.ts';
import { createTestUsers, type TestUser } from './test-users.ts';

export type TwoInstances = {
  identity: TestIdentityProvider;
  first: TestApp;
  second: TestApp;
  firstOrigin: string;
  secondOrigin: string;
  /** Signs up and signs in a new person (verified), on the suite's identity provider. */
  newUser: () => Promise<TestUser>;
};

/**
 * The suite's identity provider and two app instances sharing one database, each on a loopback port,
 * as behind a load balancer: started in `beforeAll` (read the fields in tests and hooks), closed in
 * `afterAll`. On PGlite both share the embedded database in this process; on PostgreSQL
 * (TEST_DATABASE_URL) each listens on its own connection, so announcements cross instances as they
 * do between machines.
 */
export function useTwoInstances(): TwoInstances {
  const instances = {} as TwoInstances;
  beforeAll(async () => {
    instances.identity = await startTestIdentityProvider();
    instances.first = await startTestApp(instances.identity.appEnv);
    instances.second = await startTestApp(instances.identity.appEnv, { database: instances.first.database });
    instances.firstOrigin = await listenOnLoopback(instances.first);
    instances.secondOrigin = await listenOnLoopback(instances.second);
    const newUser = createTestUsers(instances.identity);
    instances.newUser = () => newUser();
  });
  afterAll(async () => {
    await instances.second?.close();
    await instances.first?.close();
    await instances.identity?.close();
  });
  return instances;
}
