import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { idParams, ok } from './endpoint-parts.ts';
import { timestamp } from './fields.ts';
import { workspace } from './team.ts';

// Ownership transfer (docs/team.md, "Ownership transfer"; decision 0033): the owner offers the
// workspace to one of its joined members, who accepts it within `ownershipTransferTtlDays` or declines.
// On acceptance the workspace, its plan and its billing become the member's; the old owner stays as an
// admin.

/** How long an offer stays open. */
export const ownershipTransferTtlDays = 7;

/** The owner's open offer of their workspace. */
export const ownershipTransfer = z
  .object({
    memberId: z.uuid().describe('The member offered the workspace (Member.id).'),
    email: z.string().describe("The member's email."),
    createdAt: timestamp,
    expiresAt: timestamp.describe('Until when the member can accept.'),
  })
  .meta({ id: 'OwnershipTransfer' });

export const ownershipTransferState = z
  .object({ transfer: ownershipTransfer.nullable().describe('The open offer; null when there is none.') })
  .meta({ id: 'OwnershipTransferState' });

export const offerOwnershipRequest = z
  .strictObject({
    memberId: z
      .string({ error: 'Choose the member to offer the workspace to.' })
      .max(100, 'Choose the member to offer the workspace to.')
      .describe('A joined member of the workspace (Member.id).'),
  })
  .meta({ id: 'OfferOwnershipRequest' });

/** An offer made to the caller, as the workspace list and the offer's page show it. */
export const ownershipOffer = z
  .object({
    workspace: z.string().describe("The workspace's id (its owner's uid)."),
    ownerName: z.string().nullable(),
    ownerEmail: z.string(),
    expiresAt: timestamp,
    hasPlan: z.boolean().describe('Whether a plan (with its seats and billing) comes with the workspace.'),
  })
  .meta({ id: 'OwnershipOffer' });

export type OwnershipTransfer = z.output<typeof ownershipTransfer>;
export type OwnershipTransferState = z.output<typeof ownershipTransferState>;
export type OfferOwnershipRequest = z.output<typeof offerOwnershipRequest>;
export type OwnershipOffer = z.output<typeof ownershipOffer>;

const offeredWorkspaceParams = idParams("The workspace's id (its owner's uid).");

export const ownershipTransferEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/workspace/ownership-transfer',
    id: 'getOwnershipTransfer',
    tag: 'Teams',
    summary: "The open offer of the caller's own workspace to a member, if any",
    auth: 'bearer',
    answer: ok('The offer, or none.', ownershipTransferState),
  }),
  endpoint({
    method: 'POST',
    path: '/api/workspace/ownership-transfer',
    id: 'offerOwnershipTransfer',
    tag: 'Teams',
    summary: "Offers the caller's workspace to one of its joined members; replaces an open offer",
    description: `Needs a recent sign-in (\`auth/requires-recent-login\`: sign in again and retry). The member has ${ownershipTransferTtlDays} days to accept: then the items, members, invitations, activity log, API keys, webhook endpoints, the plan and its billing become theirs, and the caller stays as an admin. The member is mailed.`,
    auth: 'bearer',
    request: { body: offerOwnershipRequest },
    answer: ok('The offer.', ownershipTransfer),
    errors: {
      401: ['auth/requires-recent-login'],
      404: ['account/transfer-member-not-found'],
    },
  }),
  endpoint({
    method: 'DELETE',
    path: '/api/workspace/ownership-transfer',
    id: 'withdrawOwnershipTransfer',
    tag: 'Teams',
    summary: "Withdraws the open offer of the caller's workspace",
    auth: 'bearer',
    answer: ok('No offer is open now.', ownershipTransferState),
  }),
  endpoint({
    method: 'GET',
    path: '/api/ownership-offers',
    id: 'listOwnershipOffers',
    tag: 'Teams',
    summary: 'The open offers of workspaces made to the caller',
    auth: 'bearer',
    answer: ok('The offers.', z.array(ownershipOffer)),
  }),
  endpoint({
    method: 'POST',
    path: '/api/ownership-offers/:id/acceptance',
    id: 'acceptOwnershipOffer',
    tag: 'Teams',
    summary: 'Takes over a workspace offered to the caller, with its plan and billing',
    description:
      "In one transaction the workspace's items join the caller's own, its members, invitations, activity log, API keys and webhook endpoints move, its plan, seats and payment provider customer become the caller's, and its old owner becomes an admin. The caller must not have a plan of their own (`workspaces/transfer-recipient-has-plan`). The provider's customer is then renamed to the caller (metadata `uid`, email) by a job.",
    auth: 'bearer',
    request: { params: offeredWorkspaceParams },
    answer: ok("The caller's workspace now.", workspace),
    errors: {
      404: ['workspaces/transfer-not-found'],
      409: ['workspaces/transfer-recipient-has-plan', 'workspaces/transfer-over-item-limit'],
    },
  }),
  endpoint({
    method: 'DELETE',
    path: '/api/ownership-offers/:id',
    id: 'declineOwnershipOffer',
    tag: 'Teams',
    summary: 'Declines a workspace offered to the caller',
    auth: 'bearer',
    request: { params: offeredWorkspaceParams },
    answer: ok('The workspace whose offer was declined.', z.object({ id: z.string() })),
    errors: { 404: ['workspaces/transfer-not-found'] },
  }),
];
