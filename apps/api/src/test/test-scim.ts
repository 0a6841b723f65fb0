import { expect } from 'vitest';
import type { AppWithIdentity } from './app-with-identity.ts';
import { teamKit } from './test-invitations.ts';
import { onPlan, type TestUser } from './test-users.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const userSchema = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const patchSchema = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const errorSchema = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** SCIM requests with a workspace's token, and the owners and tokens they need (docs/scim.md). */
export function scimKit(suite: AppWithIdentity) {
  const kit = teamKit(suite);

  /** One SCIM request; a string payload is sent as it is (malformed JSON), anything else as JSON. */
  const scim = (token: string, method: Method, url: string, payload?: unknown) =>
    suite.testApp.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload !== undefined && { 'content-type': 'application/scim+json' }),
      },
      ...(payload !== undefined && {
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      }),
    });

  /** The owner makes a token in Settings → Provisioning; answers its secret and id. */
  async function tokenOf(owner: TestUser) {
    const response = await kit.call(owner, 'POST', '/api/scim-tokens', {});
    expect(response.statusCode, response.body).toBe(201);
    const { token, secret } = response.json().data as { token: { id: string }; secret: string };
    return { id: token.id, secret };
  }

  /** An owner on the business plan with `seats` seats, and a SCIM token of their workspace. */
  async function provisionedWorkspace(seats = 10) {
    const owner = await kit.ownerWithSeats(seats, onPlan('business'));
    return { owner, ...(await tokenOf(owner)) };
  }

  /** Creates a User (RFC 7644 §3.3) and answers it. */
  async function createUser(token: string, email: string, extra: Record<string, unknown> = {}) {
    const response = await scim(token, 'POST', '/Users', {
      schemas: [userSchema],
      userName: email,
      name: { givenName: 'Barbara', familyName: 'Jensen' },
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; userName: string; active: boolean };
  }

  /** Expects a SCIM error (RFC 7644 §3.12): this status, this scimType (or none), and a detail. */
  function expectScimError(
    response: { statusCode: number; body: string; headers: Record<string, unknown> },
    status: number,
    scimType?: string,
  ) {
    expect(response.statusCode, response.body).toBe(status);
    expect(String(response.headers['content-type'])).toMatch(/^application\/scim\+json/);
    expect(JSON.parse(response.body)).toEqual({
      schemas: [errorSchema],
      status: String(status),
      ...(scimType && { scimType }),
      detail: expect.any(String),
    });
    return JSON.parse(response.body).detail as string;
  }

  return { ...kit, scim, tokenOf, provisionedWorkspace, createUser, expectScimError };
}
