import { expect } from 'vitest';
import type { AppWithIdentity } from './app-with-identity.ts';
import type { TestUser } from './test-users.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** `path` acting in `workspace` (`?workspace=<owner uid>`, sent even when empty); without one, the caller's own. */
export const inWorkspace = (path: string, workspace?: string) =>
  workspace !== undefined
    ? `${path}${path.includes('?') ? '&' : '?'}workspace=${encodeURIComponent(workspace)}`
    : path;

/** Requests as a signed-in person, for the isolation and role matrices. */
export function workspaceRequests(suite: AppWithIdentity) {
  function call(method: Method, url: string, person: TestUser, payload?: unknown) {
    return suite.testApp.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${person.token}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
  }

  /** A person whose user document exists (as after their first visit). */
  async function signedUp() {
    const person = await suite.newUser();
    expect((await call('GET', '/api/items', person)).statusCode).toBe(200);
    return person;
  }

  return { call, signedUp };
}
