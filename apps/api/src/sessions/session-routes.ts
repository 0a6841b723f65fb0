import type { FastifyInstance } from 'fastify';
import type { Authenticate } from '#api/caller/authenticate.ts';
import { callerOf } from '#api/caller/authenticate.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import {
  endOtherSessions,
  endSession,
  endThisSession,
  listSessions,
  type SessionDeps,
} from './sign-in-sessions.ts';

/** Settings → Security's sessions: the list, signing one out, signing out the others; and "Sign out". */
export function registerSessionRoutes(
  app: FastifyInstance,
  deps: SessionDeps & { authenticate: Authenticate },
) {
  route(app, 'listSessions', deps, async (_input, request) =>
    success(await listSessions(deps, callerOf(request))),
  );

  route(app, 'endSession', deps, async ({ params }, request) =>
    success(await endSession(deps, callerOf(request), params.id)),
  );

  route(app, 'endThisSession', deps, async (_input, request) =>
    success(await endThisSession(deps, callerOf(request))),
  );

  route(app, 'endOtherSessions', deps, async (_input, request) =>
    success(await endOtherSessions(deps, callerOf(request))),
  );
}
