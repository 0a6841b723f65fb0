import { beforeAll, describe, expect, it } from 'vitest';
import {
  assertionXml,
  samlResponse,
  signAssertion,
  signedSamlResponse,
} from '#identity/outside-idp/saml-identity-provider.ts';
import {
  codeFlowUrl,
  exchangeCode,
  hiddenField,
  pkcePair,
  request,
  useListeningIdentity,
} from '#identity/test/listening-identity.ts';
import { testTenant } from '#identity/test/test-identity.ts';

const identity = useListeningIdentity();
let organizationId: string;
let otherOrganizationId: string;
const pair = pkcePair();

beforeAll(async () => {
  const metadataXml = (await request(`${identity.url}/idp/saml/metadata`)).text;
  const connection = await identity.management('POST', 'connections', {
    name: 'acme-saml',
    strategy: 'samlp',
    options: { metadataXml },
  });
  expect(connection.status).toBe(201);
  // The product enables its web client on the connection as Auth0 recommends: PATCH …/clients.
  const enabled = await identity.management('PATCH', `connections/${connection.body.id}/clients`, [
    { client_id: testTenant.webClientId, status: true },
  ]);
  expect(enabled.status).toBe(204);
  const organization = await identity.management('POST', 'organizations', {
    name: 'acme',
    enabled_connections: [{ connection_id: connection.body.id, assign_membership_on_login: true }],
  });
  organizationId = String(organization.body.id);
  const other = await identity.management('POST', 'organizations', {
    name: 'globex',
    enabled_connections: [],
  });
  otherOrganizationId = String(other.body.id);
});

/** /authorize through the organization: the redirect to the stand-in provider, and its RelayState. */
async function startSignIn(organization = organizationId) {
  const started = await request(codeFlowUrl(identity.url, pair.challenge, { organization }));
  expect(started.status).toBe(302);
  const location = new URL(started.location);
  return { location, relayState: location.searchParams.get('RelayState') ?? '' };
}

/** The stand-in provider's page filled in: the signed SAMLResponse its form would post. */
async function providerAnswer(location: URL, email: string) {
  const page = await request(location.toString());
  expect(page.status).toBe(200);
  const answer = await request(`${identity.url}/idp/saml/sso`, {
    form: {
      SAMLRequest: hiddenField(page.text, 'SAMLRequest'),
      RelayState: hiddenField(page.text, 'RelayState'),
      email,
      name: 'Wile E',
    },
  });
  return {
    samlResponse: hiddenField(answer.text, 'SAMLResponse'),
    relayState: hiddenField(answer.text, 'RelayState'),
  };
}

const postToAcs = (samlResponseValue: string, relayState: string) =>
  request(`${identity.url}/login/callback?connection=acme-saml`, {
    form: { SAMLResponse: samlResponseValue, RelayState: relayState },
  });

const errorOf = (location: string) => new URL(location).searchParams;

/** Input for a forged or altered assertion, as the stand-in would make it for this sign-in. */
const assertionFor = (nameId: string) => ({
  idpEntityId: `${identity.issuer}idp/saml`,
  audience: 'urn:auth0:localhost:acme-saml',
  acsUrl: `${identity.issuer}login/callback?connection=acme-saml`,
  nameId,
  attributes: { email: nameId },
});

describe('a SAML enterprise connection, with the emulator as the outside identity provider', () => {
  it('publishes the service provider metadata Auth0 shows: entity id, ACS and certificate', async () => {
    const metadata = await request(`${identity.url}/samlp/metadata?connection=acme-saml`);
    expect(metadata.text).toContain('entityID="urn:auth0:localhost:acme-saml"');
    expect(metadata.text).toContain(`Location="${identity.issuer}login/callback?connection=acme-saml"`);
    expect(metadata.text).toMatch(/<X509Certificate>[A-Za-z0-9+/=]{200,}<\/X509Certificate>/);
  });

  it('signs a person in through the organization: a code whose tokens carry org_id, and membership assigned', async () => {
    const { location, relayState } = await startSignIn();
    expect(`${location.origin}${location.pathname}`).toBe(`${identity.url}/idp/saml/sso`);
    const answer = await providerAnswer(location, 'wile@acme.example');
    expect(answer.relayState).toBe(relayState);
    const back = await postToAcs(answer.samlResponse, answer.relayState);
    const code = errorOf(back.location).get('code') ?? '';
    expect(code).not.toBe('');
    const { tokens, claims } = await exchangeCode(identity.url, code, pair.verifier);
    expect(tokens.status).toBe(200);
    expect(claims).toMatchObject({
      sub: 'samlp|acme-saml|wile@acme.example',
      org_id: organizationId,
      email: 'wile@acme.example',
      name: 'Wile E',
    });
    const members = await identity.management('GET', `organizations/${organizationId}/members`);
    expect(JSON.stringify(members.body)).toContain('samlp|acme-saml|wile@acme.example');
  });

  it('never signs anyone into another organization through this connection', async () => {
    const started = await request(
      codeFlowUrl(identity.url, pair.challenge, {
        organization: otherOrganizationId,
        connection: 'acme-saml',
      }),
    );
    const answer = await providerAnswer(new URL(started.location), 'wile@acme.example');
    const back = await postToAcs(answer.samlResponse, answer.relayState);
    expect(errorOf(back.location).get('error')).toBe('access_denied');
    expect(errorOf(back.location).get('code')).toBeNull();
  });

  it('refuses a replayed assertion', async () => {
    const first = await startSignIn();
    const answer = await providerAnswer(first.location, 'road@acme.example');
    expect(
      errorOf((await postToAcs(answer.samlResponse, answer.relayState)).location).get('code'),
    ).not.toBeNull();
    const second = await startSignIn();
    const replay = await postToAcs(answer.samlResponse, second.relayState);
    expect(errorOf(replay.location).get('error')).toBe('access_denied');
    expect(errorOf(replay.location).get('error_description')).toMatch(/already used/);
  });

  it('refuses an assertion for another audience', async () => {
    const { relayState } = await startSignIn();
    const keys = await identity.samlKeys();
    const forged = signedSamlResponse(
      { ...assertionFor('wile@acme.example'), audience: 'urn:auth0:localhost:other' },
      keys.outsideIdp,
    );
    const refused = await postToAcs(forged, relayState);
    expect(errorOf(refused.location).get('error_description')).toMatch(/audience/i);
  });

  it('refuses an assertion whose conditions expired (beyond the clock skew)', async () => {
    const { relayState } = await startSignIn();
    const keys = await identity.samlKeys();
    const now = Date.now();
    const stale = { notBefore: new Date(now - 10 * 60_000), notOnOrAfter: new Date(now - 2 * 60_000) };
    const refused = await postToAcs(
      signedSamlResponse({ ...assertionFor('wile@acme.example'), ...stale }, keys.outsideIdp),
      relayState,
    );
    expect(errorOf(refused.location).get('error_description')).toMatch(/expired|NotOnOrAfter/i);
  });

  it('refuses an assertion signed by another key', async () => {
    const { relayState } = await startSignIn();
    const keys = await identity.samlKeys();
    const refused = await postToAcs(
      signedSamlResponse(assertionFor('wile@acme.example'), keys.tenant),
      relayState,
    );
    expect(errorOf(refused.location).get('error_description')).toMatch(/signature/i);
  });

  it('refuses signature wrapping: a signed assertion beside an injected unsigned one', async () => {
    const { relayState } = await startSignIn();
    const keys = await identity.samlKeys();
    const signed = signAssertion(assertionXml(assertionFor('wile@acme.example')), keys.outsideIdp);
    const injected = assertionXml(assertionFor('ceo@acme.example'));
    const wrapped = samlResponse(assertionFor('x'), [injected, signed]);
    const refused = await postToAcs(wrapped, relayState);
    expect(errorOf(refused.location).get('error')).toBe('access_denied');
    expect(errorOf(refused.location).get('code')).toBeNull();
    // Moving the signed one out of the way (into an extension) leaves an unsigned assertion: refused too.
    const { relayState: again } = await startSignIn();
    const hidden = samlResponse(assertionFor('x'), [
      `<samlp:Extensions>${signed}</samlp:Extensions>`,
      injected,
    ]);
    expect(errorOf((await postToAcs(hidden, again)).location).get('error_description')).toMatch(/signature/i);
  });

  it('refuses a connection not enabled for the client, and lists and changes its enabled clients', async () => {
    const metadataXml = (await request(`${identity.url}/idp/saml/metadata`)).text;
    const created = await identity.management('POST', 'connections', {
      name: 'not-enabled',
      strategy: 'samlp',
      options: { metadataXml },
    });
    const id = String(created.body.id);
    const refused = await request(codeFlowUrl(identity.url, pair.challenge, { connection: 'not-enabled' }));
    expect(Object.fromEntries(errorOf(refused.location))).toMatchObject({
      error: 'invalid_request',
      error_description: 'the connection is not enabled',
    });
    await identity.management('PATCH', `connections/${id}/clients`, [
      { client_id: testTenant.webClientId, status: true },
    ]);
    expect((await identity.management('GET', `connections/${id}/clients`)).body).toEqual({
      clients: [{ client_id: testTenant.webClientId }],
    });
    const started = await request(codeFlowUrl(identity.url, pair.challenge, { connection: 'not-enabled' }));
    expect(new URL(started.location).pathname).toBe('/idp/saml/sso');
    await identity.management('PATCH', `connections/${id}/clients`, [
      { client_id: testTenant.webClientId, status: false },
    ]);
    expect((await identity.management('GET', `connections/${id}/clients`)).body).toEqual({ clients: [] });
    const badBody = await identity.management('PATCH', `connections/${id}/clients`, {
      client_id: 'x',
      status: true,
    });
    expect(badBody.body).toMatchObject({ statusCode: 400, errorCode: 'invalid_body' });
    const unknown = await identity.management('PATCH', 'connections/con_nope/clients', [
      { client_id: 'x', status: true },
    ]);
    expect(unknown.body).toMatchObject({ statusCode: 404, errorCode: 'inexistent_connection' });
  });

  it('answers an unknown or spent RelayState with a page, never a redirect', async () => {
    const refused = await postToAcs('PHg+', 'not-a-relay-state');
    expect(refused.status).toBe(400);
    expect(refused.location).toBe('');
  });
});
