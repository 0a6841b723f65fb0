import { beforeAll, describe, expect, it } from 'vitest';
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
const pair = pkcePair();
let discoveryUrl: string;

beforeAll(async () => {
  discoveryUrl = `${identity.url}/idp/oidc/.well-known/openid-configuration`;
  const created = await identity.management('POST', 'connections', {
    name: 'acme-oidc',
    strategy: 'oidc',
    options: {
      type: 'back_channel',
      discovery_url: discoveryUrl,
      client_id: 'acme-client',
      client_secret: 'acme-secret',
    },
    enabled_clients: [testTenant.webClientId],
  });
  expect(created.status).toBe(201);
  expect(created.body.options).toMatchObject({
    issuer: `${identity.issuer}idp/oidc`,
    token_endpoint: `${identity.issuer}idp/oidc/token`,
  });
});

/** /authorize with the connection, then the stand-in provider's form filled in (its nonce replaced when asked). */
async function signInAtProvider(email: string, nonce?: string) {
  const started = await request(codeFlowUrl(identity.url, pair.challenge, { connection: 'acme-oidc' }));
  expect(started.status).toBe(302);
  const page = await request(started.location);
  const form = Object.fromEntries(
    ['client_id', 'redirect_uri', 'state', 'nonce'].map((name) => [name, hiddenField(page.text, name)]),
  );
  const answered = await request(`${identity.url}/idp/oidc/authorize`, {
    form: { ...form, ...(nonce ? { nonce } : {}), email },
  });
  expect(new URL(answered.location).pathname).toBe('/login/callback');
  return request(answered.location);
}

describe('an OIDC enterprise connection, with the emulator as the outside OpenID provider', () => {
  it('refuses a connection whose discovery document names another issuer', async () => {
    const refused = await identity.management('POST', 'connections', {
      name: 'wrong-issuer',
      strategy: 'oidc',
      options: {
        discovery_url: discoveryUrl,
        issuer: 'https://login.other.example',
        client_id: 'c',
        client_secret: 's',
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ statusCode: 400, errorCode: 'invalid_body' });
  });

  it('signs in with the code flow at the provider; the ID token is verified and the user is oidc|<connection>|<sub>', async () => {
    const back = await signInAtProvider('runner@acme.example');
    const code = new URL(back.location).searchParams.get('code') ?? '';
    const { claims } = await exchangeCode(identity.url, code, pair.verifier);
    expect(claims.sub).toMatch(/^oidc\|acme-oidc\|[0-9a-f]{24}$/);
    expect(claims.email).toBe('runner@acme.example');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const back = await signInAtProvider('runner@acme.example', 'another-nonce');
    const answer = new URL(back.location).searchParams;
    expect(answer.get('error')).toBe('access_denied');
    expect(answer.get('error_description')).toMatch(/nonce/);
  });
});
