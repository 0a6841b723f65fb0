import { newUser, raw, signIn } from './conformance-users.ts';
import * as verdict from './feature-check.ts';

const area = 'Passkey API (/passkey, the webauthn grant)';

const postJson = (context: verdict.CheckContext, path: string, body: object) =>
  raw(context, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * Posts to a Passkey API endpoint that starts a ceremony: the WebAuthn options it answered, and the
 * expectations every such answer meets (a 200 with the auth_session the webauthn grant redeems).
 */
async function startCeremony(context: verdict.CheckContext, path: string, body: object) {
  const response = await postJson(context, path, body);
  const answer = (await response.json()) as {
    auth_session?: unknown;
    authn_params_public_key?: Record<string, unknown>;
  };
  const started: [boolean, string][] = [
    [response.status === 200, `status ${response.status}`],
    [typeof answer.auth_session === 'string', 'auth_session'],
  ];
  return { started, options: answer.authn_params_public_key ?? {} };
}

export const passkeyFeatures: verdict.Feature[] = [
  {
    id: 'passkey.register',
    area,
    title: 'POST /passkey/register answers an auth_session and PublicKeyCredentialCreationOptions (JSON)',
    async check(context) {
      const { started, options } = await startCeremony(context, '/passkey/register', {
        client_id: context.clientId,
        realm: context.connection,
        user_profile: { email: context.uniqueEmail('passkey'), name: 'Passkey Person' },
      });
      return verdict.expectAll([
        ...started,
        [typeof options.challenge === 'string', 'challenge (base64url)'],
        [
          typeof (options.rp as { id?: unknown } | undefined)?.id === 'string',
          `rp ${JSON.stringify(options.rp)}`,
        ],
        [Array.isArray(options.pubKeyCredParams), 'pubKeyCredParams'],
        [typeof (options.user as { id?: unknown } | undefined)?.id === 'string', 'user.id'],
      ]);
    },
  },
  {
    id: 'passkey.challenge',
    area,
    title: 'POST /passkey/challenge answers an auth_session and PublicKeyCredentialRequestOptions (JSON)',
    async check(context) {
      const { started, options } = await startCeremony(context, '/passkey/challenge', {
        client_id: context.clientId,
        realm: context.connection,
      });
      return verdict.expectAll([
        ...started,
        [typeof options.challenge === 'string' && typeof options.rpId === 'string', JSON.stringify(options)],
      ]);
    },
  },
  {
    id: 'passkey.grant-refuses-unknown-session',
    area,
    title: 'the webauthn grant refuses an auth_session it did not issue (403 invalid_grant)',
    async check(context) {
      const response = await postJson(context, '/oauth/token', {
        grant_type: 'urn:okta:params:oauth:grant-type:webauthn',
        client_id: context.clientId,
        auth_session: 'not-issued',
        authn_response: { id: 'x', rawId: 'x', type: 'public-key', response: {} },
      });
      const body = (await response.json()) as { error?: unknown };
      return verdict.expectAll([
        [response.status === 403, `status ${response.status}`],
        [body.error === 'invalid_grant', `error ${String(body.error)}`],
      ]);
    },
  },
  {
    id: 'myaccount.passkey-enrolment',
    area,
    title:
      'My Account API: POST /me/v1/authentication-methods {type: passkey} answers 201, Location and creation options',
    async check(context) {
      const user = await newUser(context, 'myaccount');
      const tokens = await signIn(context, user, {
        audience: `${context.issuer}me/`,
        scope: 'openid create:me:authentication_methods',
      });
      const response = await raw(context, '/me/v1/authentication-methods', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.access_token}` },
        body: JSON.stringify({ type: 'passkey' }),
      });
      const body = (await response.json()) as {
        auth_session?: unknown;
        authn_params_public_key?: { challenge?: unknown };
      };
      const location = response.headers.get('location') ?? '';
      return verdict.expectAll([
        [response.status === 201, `status ${response.status}`],
        [/\/me\/v1\/authentication-methods\/passkey/.test(location), `Location ${location}`],
        [typeof body.auth_session === 'string', 'auth_session'],
        [typeof body.authn_params_public_key?.challenge === 'string', 'challenge'],
      ]);
    },
  },
];
