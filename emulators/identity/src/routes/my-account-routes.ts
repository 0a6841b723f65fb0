import { randomBytes } from 'node:crypto';
import { generateRegistrationOptions } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';
import { oauthError } from '#identity/http/http-error.ts';
import { bodyRecord, requiredParam } from '#identity/http/request-params.ts';
import { passkeyAuthenticationMethod } from '#identity/mfa/authenticators.ts';
import { ceremonyLifetimeMs } from '#identity/passkeys/ceremonies.ts';
import { newPasskeyId, passkeyRefused, verifiedPasskey } from '#identity/passkeys/registration.ts';
import { passkeyAlgorithms, relyingParty } from '#identity/passkeys/relying-party.ts';
import { bearerToken, InvalidTokenError, verifyToken } from '#identity/tokens/verify-token.ts';

type MethodParams = { Params: { id: string } };

/**
 * Auth0's My Account API for adding a passkey to the signed-in person's account
 * (auth0.com/docs/api/myaccount/authentication-methods/create-authentication-method):
 * `POST /me/v1/authentication-methods` `{type: 'passkey'}` starts the ceremony (201, `Location` naming
 * the method), `POST /me/v1/authentication-methods/{id}/verify` completes it with the created
 * credential. Tokens are for `<issuer>me/` with `create:me:authentication_methods`.
 */
export function registerMyAccountRoutes(app: FastifyInstance, context: IdentityContext) {
  const { urls, config } = context;
  const { state } = context.store;

  const callerOf = async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw oauthError(401, 'invalid_token', 'Missing authorization header');
    try {
      const verified = await verifyToken(context, token, urls.myAccountAudience);
      const user = state.users.get(verified.sub);
      if (!user) throw oauthError(401, 'invalid_token', 'The user does not exist.');
      if (!verified.scopes.includes('create:me:authentication_methods')) {
        throw oauthError(
          403,
          'insufficient_scope',
          'Insufficient scope, expected: create:me:authentication_methods',
        );
      }
      return { user, clientId: typeof verified.azp === 'string' ? verified.azp : config.webClientId };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw oauthError(401, 'invalid_token', error.message);
      throw error;
    }
  };

  app.post('/me/v1/authentication-methods', async (request, reply) => {
    const { user, clientId } = await callerOf(request);
    const type = requiredParam(bodyRecord(request.body), 'type');
    if (type !== 'passkey') throw oauthError(400, 'invalid_request', 'The emulator adds passkeys only.');
    const { rpID, rpName } = relyingParty(context);
    const options = await generateRegistrationOptions({
      rpName,
      rpID,
      userName: user.email,
      userDisplayName: user.name,
      userID: randomBytes(32),
      timeout: ceremonyLifetimeMs,
      attestationType: 'none',
      supportedAlgorithmIDs: passkeyAlgorithms,
      excludeCredentials: (user.passkeys ?? []).map((passkey) => ({ id: passkey.credentialId })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const methodId = newPasskeyId();
    const authSession = context.passkeyCeremonies.start({
      kind: 'enrol',
      clientId,
      challenge: options.challenge,
      userId: user.userId,
      methodId,
    });
    return reply
      .status(201)
      .header('Location', urls.link(`me/v1/authentication-methods/${encodeURIComponent(methodId)}`))
      .send({ auth_session: authSession, authn_params_public_key: options });
  });

  app.post<MethodParams>('/me/v1/authentication-methods/:id/verify', async (request, reply) => {
    const { user } = await callerOf(request);
    const params = bodyRecord(request.body);
    const ceremony = context.passkeyCeremonies.take(requiredParam(params, 'auth_session'));
    if (
      ceremony?.kind !== 'enrol' ||
      ceremony.userId !== user.userId ||
      ceremony.methodId !== request.params.id
    ) {
      throw passkeyRefused('Invalid or expired auth_session.');
    }
    const { passkey } = await verifiedPasskey(
      context,
      params.authn_response,
      ceremony.challenge,
      ceremony.methodId,
    );
    user.passkeys = [...(user.passkeys ?? []), passkey];
    await context.store.save();
    request.log.info({ userId: user.userId }, 'passkey added');
    return reply.status(201).send(passkeyAuthenticationMethod(passkey));
  });
}
