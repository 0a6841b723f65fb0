import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity, workspaceSso } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { onPlan, setPlan, type TestUser } from '#api/test/test-users.ts';
import { workspaceRequests } from '#api/test/workspace-requests.ts';

// Setting up a workspace's connection through the Management API of the real identity emulator, which
// also plays the customer's SAML and OIDC identity provider (docs/sso.md): the workspace becomes an
// organization once, the connection is made, enabled for the web client and on the organization, and
// what the customer's provider needs is shown as the provider publishes it.

const suite = useAppWithIdentity();
const db = () => suite.testApp.db;
const { call, signedUp } = workspaceRequests(suite);

/** A Management API call of the test, with the emulator's published machine credentials. */
async function management(method: string, path: string) {
  const origin = suite.identity.origin;
  const token = await fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: 'launchkit-api',
      client_secret: 'dev-management-secret',
      audience: `${origin}/api/v2/`,
    }),
  }).then((response) => response.json() as Promise<{ access_token: string }>);
  const response = await fetch(`${origin}/api/v2/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token.access_token}` },
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

let owner: TestUser;
let metadataXml: string;

beforeAll(async () => {
  owner = await signedUp();
  await setPlan(db(), owner.uid, onPlan('business'));
  metadataXml = await (await fetch(`${suite.identity.origin}/idp/saml/metadata`)).text();
});

describe('a SAML connection', () => {
  it('makes the workspace an organization with the connection on it, and shows what the provider needs', async () => {
    const response = await call('POST', '/api/sso/saml', owner, { metadataXml });
    expect(response.statusCode, response.body).toBe(200);
    const settings = response.json().data;
    expect(settings.organizationId).toMatch(/^org_/);
    expect(settings.connection).toMatchObject({ type: 'saml', status: 'untested', testedAt: null });
    const { name } = settings.connection;
    expect(settings.connection.saml).toMatchObject({
      acsUrl: `${suite.identity.origin}/login/callback?connection=${name}&organization=${settings.organizationId}`,
      entityId: expect.stringMatching(new RegExp(`^urn:auth0:[^:]+:${name}$`)),
      certificate: expect.stringMatching(
        /^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+\n-----END CERTIFICATE-----$/,
      ),
    });
    const enabled = await management('GET', `organizations/${settings.organizationId}/enabled_connections`);
    expect(enabled.body).toEqual([
      expect.objectContaining({ assign_membership_on_login: true, connection: { name, strategy: 'samlp' } }),
    ]);
    const log = await db().select().from(activity).where(eq(activity.workspace, owner.uid));
    expect(log.map((entry) => entry.action)).toContain('sso.connection-saved');
  });

  it('replaced, keeps the organization, deletes the old connection and starts untested again', async () => {
    const [before] = await db().select().from(workspaceSso).where(eq(workspaceSso.workspace, owner.uid));
    await db()
      .update(workspaceSso)
      .set({ testedAt: new Date(), enabled: true })
      .where(eq(workspaceSso.workspace, owner.uid));
    const replaced = await call('POST', '/api/sso/saml', owner, { metadataXml });
    expect(replaced.statusCode).toBe(200);
    const settings = replaced.json().data;
    expect(settings.organizationId).toBe(before?.organizationId);
    expect(settings.connection.name).not.toBe(before?.connectionName);
    expect(settings.connection.status).toBe('untested');
    expect((await management('GET', `connections/${before?.connectionId}`)).status).toBe(404);
  });

  it('passes on the provider’s refusal of metadata that is not any, and nothing changes', async () => {
    const [before] = await db().select().from(workspaceSso).where(eq(workspaceSso.workspace, owner.uid));
    const refused = await call('POST', '/api/sso/saml', owner, { metadataXml: '<nothing/>' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('sso/connection-refused');
    const [after] = await db().select().from(workspaceSso).where(eq(workspaceSso.workspace, owner.uid));
    expect(after).toEqual(before);
  });
});

describe('an OIDC connection', () => {
  it('checks the issuer’s discovery document, then makes the connection', async () => {
    const other = await signedUp();
    await setPlan(db(), other.uid, onPlan('business'));
    const wrong = await call('POST', '/api/sso/oidc', other, {
      issuer: `${suite.identity.origin}/nowhere`,
      clientId: 'acme',
      clientSecret: 'secret',
    });
    expect(wrong.json().code).toBe('sso/discovery-failed');
    expect(await db().select().from(workspaceSso).where(eq(workspaceSso.workspace, other.uid))).toEqual([]);
    const issuer = `${suite.identity.origin}/idp/oidc`;
    const saved = await call('POST', '/api/sso/oidc', other, {
      issuer,
      clientId: 'acme',
      clientSecret: 'secret',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.connection).toMatchObject({
      type: 'oidc',
      oidc: { issuer, clientId: 'acme', callbackUrl: `${suite.identity.origin}/login/callback` },
    });
    expect(JSON.stringify(saved.json())).not.toContain('secret');
  });
});
