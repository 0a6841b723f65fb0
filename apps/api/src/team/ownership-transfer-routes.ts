import type { FastifyInstance } from 'fastify';
import { type Authenticate, callerOf } from '#api/caller/authenticate.ts';
import { success } from '#api/http/app-error.ts';
import { route } from '#api/http/route.ts';
import {
  type AcceptOwnershipDeps,
  acceptOwnershipOffer,
  declineOwnershipOffer,
  listOwnershipOffers,
} from './accept-ownership.ts';
import {
  type OwnershipOfferDeps,
  offerOwnership,
  openTransferOf,
  withdrawOwnership,
} from './offer-ownership.ts';

/**
 * Ownership transfer (docs/team.md): the owner's offer of their own workspace (`/api/workspace/…`), and
 * the offers made to the caller (`/api/ownership-offers`), which they accept or decline. People only:
 * no API key reaches these (their contract entries do not take keys).
 */
export function registerOwnershipTransferRoutes(
  app: FastifyInstance,
  deps: OwnershipOfferDeps & AcceptOwnershipDeps & { authenticate: Authenticate },
) {
  route(app, 'getOwnershipTransfer', deps, async (_input, request) =>
    success({ transfer: await openTransferOf(deps.db, callerOf(request).uid) }),
  );

  route(app, 'offerOwnershipTransfer', deps, async ({ body }, request) =>
    success(await offerOwnership(deps, callerOf(request), body.memberId)),
  );

  route(app, 'withdrawOwnershipTransfer', deps, async (_input, request) => {
    await withdrawOwnership(deps.db, callerOf(request));
    return success({ transfer: null });
  });

  route(app, 'listOwnershipOffers', deps, async (_input, request) =>
    success(await listOwnershipOffers(deps.db, callerOf(request))),
  );

  // The id is an owner's uid such as `auth0|abc`: clients percent-encode the `|`, Fastify decodes it.
  route(app, 'acceptOwnershipOffer', deps, async ({ params }, request) =>
    success(await acceptOwnershipOffer(deps, callerOf(request), params.id)),
  );

  route(app, 'declineOwnershipOffer', deps, async ({ params }, request) => {
    await declineOwnershipOffer(deps.db, callerOf(request), params.id);
    return success({ id: params.id });
  });
}
