// A signed-up person and their access token, straight from the identity emulator the product uses.
export const password = 'Correct-horse-9';

export async function requestJson(url, { method = 'GET', token, body } = {}) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = await response.json().catch(() => null);
  if (!response.ok)
    throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(payload)}`);
  return payload;
}

/** Signs a new person up at the product's identity provider and signs them in. */
export async function newSignedInUser(productOrigin, label = 'bench') {
  const identity = (await requestJson(`${productOrigin}/api/identity-config`)).data;
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await requestJson(`${identity.domain}/dbconnections/signup`, {
    method: 'POST',
    body: { client_id: identity.clientId, connection: identity.connection, email, password },
  });
  const { access_token: token } = await requestJson(`${identity.domain}/oauth/token`, {
    method: 'POST',
    body: passwordSignInBody(identity, email),
  });
  return { email, token, identity };
}

/** The body of the password-realm grant the sign-in form sends to `/oauth/token`. */
export function passwordSignInBody(identity, email) {
  return {
    grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
    realm: identity.connection,
    client_id: identity.clientId,
    audience: identity.audience,
    scope: 'openid profile email',
    username: email,
    password,
  };
}
