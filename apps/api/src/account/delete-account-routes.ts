import type { FastifyInstance } from 'fastify';
import type { Authenticate } from '#api/caller/authenticate.ts';
import { callerOf } from '#api/caller/authenticate.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import { type DeleteAccountDeps, deleteAccount } from './delete-account.ts';

/** Settings → Your data, "Delete my account". */
export function registerDeleteAccountRoutes(
  app: FastifyInstance,
  deps: DeleteAccountDeps & { authenticate: Authenticate },
) {
  route(app, 'deleteAccount', deps, async ({ body }, request) =>
    success(await deleteAccount(deps, callerOf(request), body)),
  );
}
