import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { configuredConnectionId } from '#identity/connections/connections.ts';
import { cookiesOf, testTenant, useTestIdentity } from '#identity/test/test-identity.ts';

const identity = useTestIdentity();
const callback = `${testTenant.appOrigin}/auth0-callback`;
const databaseId = configuredConnectionId(testTenant.connection);
let adminToken: string;
let adaId: string;
let bobId: string;

beforeAll(async () => {
  adaId = `auth0|${(await identity.signUp('ada@example.com')).json()._id}`;
  bobId = `auth0|${(await identity.signUp('bob@example.com')).json()._id}`;
  await identity.signUp('carol@example.com');
  adminToken = await identity.managementToken();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  identity.app.inject({
    method,
    url: `/api/v2/${url}`,
    headers: { authorization: `Bearer ${adminToken}` },
    ...(payload ? { payload } : {}),
  });

async function newOrganization(name: string, connection: object = { connection_id: databaseId }) {
  const created = await call('POST', 'organizations', {
    name,
    display_name: name.toUpperCase(),
    enabled_connections: [connection],
  });
  expect(created.statusCode).toBe(201);
  return created.json() as { id: string; name: string };
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))) ?? '';

/** The hosted sign-in with the code flow: the login form submitted, the redirect's query read. */
async function signInWithCode(email: string, extra: Record<string, string>, challenge: string) {
  const query = new URLSearchParams({
    client_id: testTenant.webClientId,
    response_type: 'code',
    redirect_uri: callback,
    scope: 'openid profile email offline_access',
    state: 's-1',
    nonce: 'n-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  const page = await identity.app.inject({ method: 'GET', url: `/authorize?${query}` });
  if (page.statusCode === 302) return new URL(String(page.headers.location)).searchParams;
  const response = await identity.app.inject({
    method: 'POST',
    url: '/authorize/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies: cookiesOf(page),
    payload: new URLSearchParams({
      authorize: hidden(page.body, 'authorize'),
      csrf: hidden(page.body, 'csrf'),
      email,
      password: testTenant.goodPassword,
    }).toString(),
  });
  expect(response.statusCode).toBe(302);
  return new URL(String(response.headers.location)).searchParams;
}

const exchange = (code: string, verifier: string, redirectUri = callback) =>
  identity.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: {
      grant_type: 'authorization_code',
      client_id: testTenant.webClientId,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    },
  });

describe('organizations in the Management API', () => {
  it('creates, reads by id and by name, updates, lists and deletes', async () => {
    const organization = await newOrganization('acme');
    expect(organization).toMatchObject({
      id: expect.stringMatching(/^org_[A-Za-z0-9]{16}$/),
      name: 'acme',
      display_name: 'ACME',
      metadata: {},
    });
    expect((await call('GET', `organizations/${organization.id}`)).json().name).toBe('acme');
    expect((await call('GET', 'organizations/name/acme')).json().id).toBe(organization.id);
    const duplicate = await call('POST', 'organizations', { name: 'acme' });
    expect(duplicate.statusCode).toBe(409);
    const renamed = await call('PATCH', `organizations/${organization.id}`, {
      display_name: 'Acme Inc',
      metadata: { plan: 'pro' },
    });
    expect(renamed.json()).toMatchObject({ display_name: 'Acme Inc', metadata: { plan: 'pro' } });
    const page = (await call('GET', 'organizations?from=&take=1')).json();
    expect(page.organizations).toHaveLength(1);
    expect((await call('DELETE', `organizations/${organization.id}`)).statusCode).toBe(204);
    expect((await call('GET', `organizations/${organization.id}`)).json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No organization found by that id or name',
      errorCode: 'inexistent_organization',
    });
  });

  it('refuses a bad name and a caller without the scope, in the Management API shape', async () => {
    const bad = await call('POST', 'organizations', { name: 'Not Valid!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', errorCode: 'invalid_body' });
    const user = await identity.passwordLogin('ada@example.com', testTenant.goodPassword, {
      audience: `${testTenant.issuer}api/v2/`,
      scope: 'openid read:current_user',
    });
    const refused = await identity.app.inject({
      method: 'GET',
      url: '/api/v2/organizations',
      headers: { authorization: `Bearer ${user.json().access_token}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('insufficient_scope');
  });

  it('adds, lists and removes members and manages enabled connections', async () => {
    const organization = await newOrganization('members-co');
    expect(
      (await call('POST', `organizations/${organization.id}/members`, { members: [adaId] })).statusCode,
    ).toBe(204);
    const unknown = await call('POST', `organizations/${organization.id}/members`, {
      members: ['auth0|nobody'],
    });
    expect(unknown.statusCode).toBe(404);
    const members = (
      await call('GET', `organizations/${organization.id}/members?include_totals=true`)
    ).json();
    expect(members).toMatchObject({ members: [{ user_id: adaId, email: 'ada@example.com' }], total: 1 });
    const connections = (
      await call('GET', `organizations/${organization.id}/enabled_connections?include_totals=true`)
    ).json();
    expect(connections.enabled_connections).toEqual([
      {
        connection_id: databaseId,
        assign_membership_on_login: false,
        show_as_button: true,
        is_signup_enabled: false,
        connection: { name: testTenant.connection, strategy: 'auth0' },
      },
    ]);
    const updated = await call(
      'PATCH',
      `organizations/${organization.id}/enabled_connections/${databaseId}`,
      { assign_membership_on_login: true },
    );
    expect(updated.json().assign_membership_on_login).toBe(true);
    expect(
      (await call('DELETE', `organizations/${organization.id}/members`, { members: [adaId] })).statusCode,
    ).toBe(204);
    expect((await call('GET', `organizations/${organization.id}/members`)).json()).toEqual([]);
  });
});

describe('/authorize with organization, PKCE and the authorization_code grant', () => {
  it('answers a code that a member exchanges once, with the verifier, for tokens carrying org_id', async () => {
    const organization = await newOrganization('codes-co');
    await call('POST', `organizations/${organization.id}/members`, { members: [adaId] });
    const { verifier, challenge } = pkce();
    const answer = await signInWithCode('ada@example.com', { organization: organization.id }, challenge);
    expect(answer.get('state')).toBe('s-1');
    const code = answer.get('code') ?? '';
    expect((await exchange(code, pkce().verifier)).json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Failed to verify code verifier',
    });
    // The failed exchange spent it: a code works once, whatever happens.
    expect((await exchange(code, verifier)).json().error_description).toBe('Invalid authorization code');

    const second = await signInWithCode('ada@example.com', { organization: organization.id }, challenge);
    const tokens = await exchange(second.get('code') ?? '', verifier);
    expect(tokens.statusCode).toBe(200);
    const id = await identity.verify(tokens.json().id_token, testTenant.webClientId);
    expect(id.payload).toMatchObject({ sub: adaId, org_id: organization.id, nonce: 'n-1' });
    expect(id.payload.org_name).toBeUndefined();
    const refreshed = await identity.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'refresh_token',
        client_id: testTenant.webClientId,
        refresh_token: tokens.json().refresh_token,
      },
    });
    expect((await identity.verify(refreshed.json().id_token, testTenant.webClientId)).payload.org_id).toBe(
      organization.id,
    );
  });

  it('refuses a wrong redirect_uri at the exchange and a missing or plain code_challenge at /authorize', async () => {
    const { verifier, challenge } = pkce();
    const answer = await signInWithCode('bob@example.com', {}, challenge);
    const wrong = await exchange(answer.get('code') ?? '', verifier, `${testTenant.appOrigin}/elsewhere`);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid redirect_uri' });
    const plain = await signInWithCode('bob@example.com', { code_challenge_method: 'plain' }, challenge);
    expect(plain.get('error')).toBe('invalid_request');
  });

  it('refuses a non-member, unless the connection assigns membership on login', async () => {
    const organization = await newOrganization('closed-co');
    const { challenge, verifier } = pkce();
    const refused = await signInWithCode(
      'bob@example.com',
      { organization: organization.id, prompt: 'login' },
      challenge,
    );
    expect(refused.get('error')).toBe('access_denied');
    expect(refused.get('code')).toBeNull();
    await call('PATCH', `organizations/${organization.id}/enabled_connections/${databaseId}`, {
      assign_membership_on_login: true,
    });
    const admitted = await signInWithCode(
      'bob@example.com',
      { organization: organization.id, prompt: 'login' },
      challenge,
    );
    expect((await exchange(admitted.get('code') ?? '', verifier)).statusCode).toBe(200);
    expect(
      (await call('GET', `organizations/${organization.id}/members`))
        .json()
        .map((member: { user_id: string }) => member.user_id),
    ).toEqual([bobId]);
  });

  it('accepts an invitation for the invited email only, and names the organization once the tenant allows names', async () => {
    const organization = await newOrganization('invite-co');
    const invitation = await call('POST', `organizations/${organization.id}/invitations`, {
      inviter: { name: 'Ada' },
      invitee: { email: 'carol@example.com' },
      client_id: testTenant.webClientId,
    });
    expect(invitation.statusCode).toBe(201);
    const link = new URL(invitation.json().invitation_url);
    expect(link.searchParams.get('organization')).toBe(organization.id);
    const ticket = link.searchParams.get('invitation') ?? '';
    const { challenge, verifier } = pkce();
    const stranger = await signInWithCode(
      'bob@example.com',
      { organization: organization.id, invitation: ticket, prompt: 'login' },
      challenge,
    );
    expect(stranger.get('error')).toBe('access_denied');
    const byName = await signInWithCode('carol@example.com', { organization: 'invite-co' }, challenge);
    expect(byName.get('error_description')).toBe(
      'authorization request parameter organization must be an organization id',
    );
    await call('PATCH', 'tenants/settings', { allow_organization_name_in_authentication_api: true });
    const accepted = await signInWithCode(
      'carol@example.com',
      { organization: 'invite-co', invitation: ticket, prompt: 'login' },
      challenge,
    );
    const tokens = (await exchange(accepted.get('code') ?? '', verifier)).json();
    const id = await identity.verify(tokens.id_token, testTenant.webClientId);
    expect(id.payload).toMatchObject({
      org_id: organization.id,
      org_name: 'invite-co',
      email: 'carol@example.com',
    });
    expect((await call('GET', `organizations/${organization.id}/invitations`)).json()).toEqual([]);
    await call('PATCH', 'tenants/settings', { allow_organization_name_in_authentication_api: false });
  });
});
