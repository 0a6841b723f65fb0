import type { FastifyInstance } from 'fastify';
import { requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import { callerOf } from '#api/caller/authenticate.ts';
import type { AccessTokenVerifier } from '#api/caller/verify-access-token.ts';
import type { Config } from '#api/config/app-config.ts';
import type { DomainDeps } from '#api/domain-deps.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import { publicPostLimit } from '#api/operations/rate-limit.ts';
import { discoverSso } from './discover-sso.ts';
import { createTxtLookup } from './dns-txt.ts';
import { joinSsoWorkspace } from './join-workspace.ts';
import { recordSsoTest } from './record-sso-test.ts';
import { type SsoDeps, saveOidcConnection, saveSamlConnection } from './save-connection.ts';
import { createServiceProviderMetadata } from './service-provider-metadata.ts';
import { addSsoDomain, removeSsoDomain, verifySsoDomain } from './sso-domains.ts';
import { readSsoSettings } from './sso-settings.ts';
import { updateSingleSignOn } from './update-sso.ts';

type RegisterSsoDeps = Pick<DomainDeps, 'db' | 'management' | 'plans' | 'authenticate'> & {
  config: Config;
  verifyAccessToken: AccessTokenVerifier;
};

/** Settings → Single sign-on, home-realm discovery and joining after an organization's sign-in (docs/sso.md). */
export function registerSsoRoutes(
  app: FastifyInstance,
  { config, verifyAccessToken, ...deps }: RegisterSsoDeps,
) {
  const serviceProvider = createServiceProviderMetadata(config.identity, app.log);
  const sso: SsoDeps = {
    ...deps,
    identity: config.identity,
    log: app.log,
    isEmbedded: config.mode === 'embedded',
    serviceProvider,
  };
  const domains = { ...sso, lookUpTxt: createTxtLookup(config.dnsServers) };

  route(app, 'getSingleSignOn', deps, async ({ query }, request) => {
    const access = await requireWorkspaceAccess(deps.db, callerOf(request), query.workspace, 'sso.manage');
    return success(await readSsoSettings(deps.db, access.workspace, sso));
  });
  route(app, 'saveSamlConnection', deps, async ({ query, body }, request) =>
    success(await saveSamlConnection(sso, callerOf(request), query.workspace, body)),
  );
  route(app, 'saveOidcConnection', deps, async ({ query, body }, request) =>
    success(await saveOidcConnection(sso, callerOf(request), query.workspace, body)),
  );
  route(app, 'recordSsoTest', deps, async ({ query, body }, request) =>
    success(
      await recordSsoTest(
        { ...sso, verify: verifyAccessToken },
        callerOf(request),
        query.workspace,
        body.accessToken,
      ),
    ),
  );
  route(app, 'updateSingleSignOn', deps, async ({ query, body }, request) =>
    success(await updateSingleSignOn(sso, callerOf(request), query.workspace, body)),
  );
  route(app, 'addSsoDomain', deps, async ({ query, body }, request) =>
    success(await addSsoDomain(sso, callerOf(request), query.workspace, body.domain)),
  );
  route(app, 'verifySsoDomain', deps, async ({ query, params }, request) =>
    success(await verifySsoDomain(domains, callerOf(request), query.workspace, params.domain)),
  );
  route(app, 'removeSsoDomain', deps, async ({ query, params }, request) =>
    success(await removeSsoDomain(sso, callerOf(request), query.workspace, params.domain)),
  );
  // Public, as the sign-in page is: limited per address like the other public forms.
  const limited = { config: { rateLimit: publicPostLimit(config.rateLimit) } };
  route(app, 'discoverSso', limited, async ({ body }) => success(await discoverSso(deps.db, body.email)));
  route(app, 'joinSsoWorkspace', deps, async (_input, request) =>
    success(await joinSsoWorkspace({ db: deps.db, log: request.log }, callerOf(request))),
  );
}
