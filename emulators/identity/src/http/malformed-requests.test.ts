import { describe, expect, it } from 'vitest';
import { useTestIdentity } from '#identity/test/test-identity.ts';

const identity = useTestIdentity();

const postEndpoints = [
  '/dbconnections/signup',
  '/dbconnections/change_password',
  '/oauth/token',
  '/oauth/revoke',
  '/authorize/login',
  '/authorize/consent',
  '/lo/reset',
  '/api/v2/users/auth0%7C123/identities',
  '/login/callback?connection=acme',
  '/idp/saml/sso',
  '/idp/oidc/authorize',
  '/idp/oidc/token',
  '/api/v2/organizations',
  '/api/v2/connections',
  '/api/v2/users',
];

const bodies: { name: string; contentType: string; payload: string }[] = [
  { name: 'invalid JSON', contentType: 'application/json', payload: '{"client_id": ' },
  { name: 'empty JSON', contentType: 'application/json', payload: '' },
  { name: 'JSON array', contentType: 'application/json', payload: '[1,2,3]' },
  { name: 'JSON string', contentType: 'application/json', payload: '"hello"' },
  { name: 'JSON null', contentType: 'application/json', payload: 'null' },
  {
    name: 'JSON with wrong types',
    contentType: 'application/json',
    payload: '{"client_id":1,"email":{},"grant_type":[],"token":true}',
  },
  {
    name: 'repeated form fields',
    contentType: 'application/x-www-form-urlencoded',
    payload: 'grant_type=a&grant_type=b&email=x&email=y',
  },
  { name: 'form garbage', contentType: 'application/x-www-form-urlencoded', payload: '%%%&&==\u0000' },
  { name: 'plain text', contentType: 'text/plain', payload: 'hello' },
  { name: 'XML', contentType: 'application/xml', payload: '<a/>' },
  {
    name: 'too large',
    contentType: 'application/json',
    payload: JSON.stringify({ junk: 'x'.repeat(100_000) }),
  },
];

describe('malformed requests', () => {
  it('answer every POST endpoint with a 4xx, never a 5xx', async () => {
    for (const url of postEndpoints) {
      for (const body of bodies) {
        const response = await identity.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': body.contentType, authorization: 'Bearer garbage' },
          payload: body.payload,
        });
        expect(
          response.statusCode,
          `${url} with ${body.name}: ${response.body.slice(0, 200)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url} with ${body.name}: ${response.body.slice(0, 200)}`).toBeLessThan(
          500,
        );
      }
    }
  });

  it('answer in the shape of each Auth0 API family', async () => {
    const post = (url: string) =>
      identity.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{bad',
      });
    expect((await post('/oauth/token')).json()).toEqual({
      error: 'invalid_request',
      error_description: 'The request body is not a valid JSON object.',
    });
    expect((await post('/dbconnections/signup')).json()).toMatchObject({
      name: 'BadRequestError',
      statusCode: 400,
    });
    const management = await identity.app.inject({
      method: 'PATCH',
      url: '/api/v2/users/auth0%7C1',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(management.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      errorCode: 'invalid_body',
    });
    const unknown = await identity.app.inject({ method: 'GET', url: '/api/v2/clients' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const page = await identity.app.inject({
      method: 'GET',
      url: '/nowhere',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('answer garbage queries and tokens on GET endpoints with a 4xx or a page, never a 5xx', async () => {
    const urls = [
      '/authorize',
      '/authorize?client_id=launchkit-web&client_id=x',
      '/authorize?client_id=launchkit-web&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fauth0-callback&response_type=code',
      '/authorize?client_id=launchkit-web&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fauth0-callback&response_type=token&audience=x',
      '/authorize?client_id=launchkit-web&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fauth0-callback&response_type=token&connection=ldap',
      '/authorize?client_id=launchkit-web&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fauth0-callback&response_type=token&response_mode=query',
      `/authorize?client_id=${'x'.repeat(5000)}`,
      '/v2/logout?returnTo=%%%',
      '/v2/logout?returnTo=a&returnTo=b',
      '/v2/logout?client_id=someone',
      '/lo/reset',
      '/lo/reset?ticket=nope',
      '/lo/reset?ticket=a&ticket=b',
      '/u/email-verification?ticket=nope',
      '/unblock',
      '/avatars/nope.svg',
      '/avatars/..%2F..%2Fetc%2Fpasswd',
      '/userinfo',
      '/api/v2/users/auth0%7C1',
      '/api/v2/users/%E0%A4%A',
      '/api/v2/user-blocks/auth0%7C1',
      '/login/callback?state=a&state=b',
      '/login/callback?code=x&state=unknown',
      '/idp/saml/sso?SAMLRequest=%%%',
      '/idp/saml/sso?SAMLRequest=a&SAMLRequest=b',
      '/idp/oidc/authorize?response_type=code&redirect_uri=nope',
      '/samlp/metadata?connection=a&connection=b',
      '/authorize?client_id=launchkit-web&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fauth0-callback&response_type=code&code_challenge=x&organization=org_nope',
    ];
    for (const url of urls) {
      for (const authorization of [undefined, 'Bearer garbage', 'Bearer a.b.c', 'Basic ####']) {
        const response = await identity.app.inject({
          method: 'GET',
          url,
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode, `${url} (${authorization}): ${response.body.slice(0, 200)}`).toBeLessThan(
          500,
        );
      }
    }
    const badUrl = await identity.app.inject({ method: 'GET', url: '/api/v2/users/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', errorCode: 'invalid_url' });
    const deletion = await identity.app.inject({
      method: 'DELETE',
      url: '/api/v2/users/x',
      headers: { authorization: 'Bearer x' },
    });
    expect(deletion.statusCode).toBe(401);
  });
});
