import { z } from 'zod';
import { successEnvelope } from './envelope.ts';

// The pieces most route-table entries are made of, so that an entry states only what is its own.
// Not exported from the package: the entries are the contract, these are how they are written.

/** A 200 answer whose data, in the success envelope, is `data`. */
export const ok = <Data extends z.ZodType>(description: string, data: Data) => ({
  status: 200 as const,
  description,
  schema: successEnvelope(data),
});

/** A 201 answer: something new, in the success envelope. */
export const created = <Data extends z.ZodType>(description: string, data: Data) => ({
  status: 201 as const,
  description,
  schema: successEnvelope(data),
});

/** The data of a removal's answer: the id of what is gone. */
export const removedId = z.object({ id: z.uuid() });

/** The params of a path with one `:id`, described for the document. */
export const idParams = (description: string) => z.object({ id: z.string().describe(description) });

/**
 * The refusals of an endpoint that acts in a workspace: not a member of it (not found), no seat, no
 * second factor or no single sign-on where the owner requires one, a sign-in through another
 * organization, or a role that may not do this.
 */
export const workspaceErrors = {
  403: [
    'workspaces/no-seat',
    'workspaces/second-factor-required',
    'workspaces/sso-required',
    'workspaces/other-organization',
    'workspaces/forbidden',
  ],
  404: ['workspaces/not-found'],
} as const;

/** The refusals of an endpoint that acts on one thing of a workspace (an item, a member) by its id. */
export const workspaceByIdErrors = {
  ...workspaceErrors,
  404: ['not_found', 'workspaces/not-found'],
} as const;

/** The payment provider's failures, as billing endpoints pass them on: its refusal, or it being out of reach. */
export const providerErrors = {
  502: ['billing/provider-error'],
  503: ['billing/provider-unavailable'],
} as const;
