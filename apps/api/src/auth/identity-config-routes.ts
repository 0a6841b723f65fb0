import type { IdentitySettings } from '@launchkit/api-contract';
import type { FastifyInstance } from 'fastify';
import type { IdentityConfig } from '#api/config/app-config.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';

/**
 * The browser reads the provider settings at run time rather than having them baked into the build,
 * so one build serves the embedded emulator, a test port, or an Auth0 tenant (decision 0005).
 */
export function registerIdentityConfigRoutes(app: FastifyInstance, identity: IdentityConfig) {
  const publicSettings: IdentitySettings = {
    domain: identity.origin,
    issuer: identity.issuer,
    clientId: identity.clientId,
    audience: identity.audience,
    connection: identity.connection,
    passkeys: identity.passkeys,
  };
  route(app, 'getIdentityConfig', {}, async (_input, _request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return success(publicSettings);
  });
}
