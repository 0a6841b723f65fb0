import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ManagementClient } from '#api/auth/management-client.ts';
import type { Authenticate } from '#api/caller/authenticate.ts';
import { callerOf } from '#api/caller/authenticate.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import type { SessionEndings } from '#api/sessions/session-endings.ts';
import { listAuthenticationMethods, removePasskey, renamePasskey } from './authentication-methods.ts';
import { sendVerificationEmail } from './send-verification-email.ts';
import { userOf } from './signed-in-user.ts';
import { parseAuthUserChange, updateAuthUser } from './update-auth-user.ts';
import { toUserDocument } from './user-document.ts';

export function registerUserRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    identity: IdentityConfig;
    plans: PlanCatalogue;
    management: ManagementClient;
    sessionEndings: SessionEndings;
    log: FastifyBaseLogger;
    authenticate: Authenticate;
  },
) {
  route(app, 'getUser', deps, async (_input, request) => {
    return success(toUserDocument(await userOf(request), deps.plans));
  });

  route(app, 'updateAuthUser', { ...deps, parseBody: parseAuthUserChange }, async ({ body }, request) => {
    const row = await updateAuthUser(deps, callerOf(request), await userOf(request), body);
    return success(toUserDocument(row, deps.plans));
  });

  route(app, 'sendVerificationEmail', deps, async (_input, request) =>
    success(await sendVerificationEmail(deps, callerOf(request))),
  );

  route(app, 'listAuthenticationMethods', deps, async (_input, request) =>
    success(await listAuthenticationMethods(deps, callerOf(request).uid)),
  );

  route(app, 'renamePasskey', deps, async ({ params, body }, request) =>
    success(await renamePasskey(deps, callerOf(request), params.id, body.name)),
  );

  route(app, 'removePasskey', deps, async ({ params }, request) =>
    success(await removePasskey(deps, callerOf(request), params.id)),
  );
}
