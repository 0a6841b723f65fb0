import type {
  OwnershipOffer,
  OwnershipTransfer,
  OwnershipTransferState,
  Workspace,
} from '@launchkit/api-contract';
import { apiRequest } from '#web/lib/api.ts';

// Ownership transfer (docs/team.md): the owner's offer of their own workspace to a joined member, and
// the offers made to the signed-in person, which they accept (the workspace, its plan and its billing
// become theirs) or decline.

export type { OwnershipOffer, OwnershipTransfer };

const transferPath = 'workspace/ownership-transfer';
const offerPath = (workspace: string) => `ownership-offers/${encodeURIComponent(workspace)}`;

export const getOwnershipTransfer = (signal?: AbortSignal) =>
  apiRequest<OwnershipTransferState>(transferPath, { signal });

/** Offers the workspace to a joined member (replacing an open offer); needs a recent sign-in. */
export const offerOwnership = (memberId: string) =>
  apiRequest<OwnershipTransfer>(transferPath, { method: 'POST', body: { memberId } });

export const withdrawOwnership = () => apiRequest<OwnershipTransferState>(transferPath, { method: 'DELETE' });

export const listOwnershipOffers = (signal?: AbortSignal) =>
  apiRequest<OwnershipOffer[]>('ownership-offers', { signal });

/** Takes the workspace over: the answer is the person's own workspace, as it is now. */
export const acceptOwnershipOffer = (workspace: string) =>
  apiRequest<Workspace>(`${offerPath(workspace)}/acceptance`, { method: 'POST' });

export const declineOwnershipOffer = (workspace: string) =>
  apiRequest<{ id: string }>(offerPath(workspace), { method: 'DELETE' });

/** The offer's page in the product (the mail's link too). */
export const ownershipOfferPath = (workspace: string) => `/${offerPath(workspace)}`;
