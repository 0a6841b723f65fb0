import { randomBytes } from 'node:crypto';
import { generateAuthenticationOptions, generateRegistrationOptions } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { oauthError } from '#identity/http/http-error.ts';
import { bodyRecord, optionalParam, requiredParam } from '#identity/http/request-params.ts';
import { ceremonyLifetimeMs } from '#identity/passkeys/ceremonies.ts';
import { passkeyAlgorithms, relyingParty } from '#identity/passkeys/relying-party.ts';
import { findDatabaseUser } from '#identity/users/user-profile.ts';

const userProfile = z.strictObject({ email: z.email().max(254), name: z.string().max(150).optional() });

/**
 * Auth0's Passkey API for web applications (auth0.com/docs/authenticate/database-connections/passkeys/
 * passkey-apis): the challenge of a sign-up with a passkey (`POST /passkey/register`) and of a sign-in
 * (`POST /passkey/challenge`). Each answers an `auth_session` and the WebAuthn options the browser
 * passes to `navigator.credentials`; the webauthn grant of /oauth/token completes them.
 */
export function registerPasskeyRoutes(app: FastifyInstance, context: IdentityContext) {
  const { config } = context;

  const checkClient = (params: Record<string, unknown>) => {
    const clientId = requiredParam(params, 'client_id');
    if (clientId !== config.webClientId) throw oauthError(401, 'access_denied', 'Unauthorized');
    const realm = optionalParam(params, 'realm');
    if (realm !== undefined && realm !== config.connection)
      throw oauthError(400, 'invalid_request', `Unknown realm: ${realm}`);
    return clientId;
  };

  app.post('/passkey/register', async (request) => {
    const params = bodyRecord(request.body);
    const clientId = checkClient(params);
    const profile = userProfile.safeParse(params.user_profile);
    if (!profile.success) {
      throw oauthError(400, 'invalid_request', 'user_profile needs a valid email (and may have a name).');
    }
    const email = profile.data.email.toLowerCase();
    // Auth0 asks a known identifier to sign in instead.
    if (findDatabaseUser(context.store.state, email)) {
      throw oauthError(400, 'invalid_request', 'A user with this email already exists: sign in instead.');
    }
    const { rpID, rpName } = relyingParty(context);
    const options = await generateRegistrationOptions({
      rpName,
      rpID,
      userName: email,
      userDisplayName: profile.data.name ?? email,
      userID: randomBytes(32),
      timeout: ceremonyLifetimeMs,
      attestationType: 'none',
      supportedAlgorithmIDs: passkeyAlgorithms,
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const authSession = context.passkeyCeremonies.start({
      kind: 'signup',
      clientId,
      challenge: options.challenge,
      email,
      ...(profile.data.name ? { name: profile.data.name } : {}),
    });
    return { auth_session: authSession, authn_params_public_key: options };
  });

  app.post('/passkey/challenge', async (request) => {
    const clientId = checkClient(bodyRecord(request.body));
    // Discoverable credentials: the browser offers the person's passkeys for this site.
    const options = await generateAuthenticationOptions({
      rpID: relyingParty(context).rpID,
      timeout: ceremonyLifetimeMs,
      userVerification: 'preferred',
    });
    const authSession = context.passkeyCeremonies.start({
      kind: 'login',
      clientId,
      challenge: options.challenge,
    });
    return { auth_session: authSession, authn_params_public_key: options };
  });
}
