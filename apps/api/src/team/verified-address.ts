import { isPlausibleWorkspaceId } from '#api/access/authorize-workspace.ts';
import {
  ManagementApiError,
  type ManagementClient,
  ManagementUnreachableError,
} from '#api/auth/management-client.ts';

/**
 * The address of `uid` that a mail may present as who they are: only one the identity provider says
 * its owner verified (the product's own record keeps no such fact: the provider's verification link
 * never reaches it). Anyone may sign up with any address, so an unverified one is a claim, not an
 * identity. When the provider cannot answer, none: the mail then says nothing of who sent it.
 */
export async function verifiedAddressOf(management: ManagementClient, uid: string): Promise<string | null> {
  if (!isPlausibleWorkspaceId(uid)) return null;
  try {
    const account = await management.getUser(uid);
    return account.email_verified === true && account.email ? account.email.toLowerCase() : null;
  } catch (error) {
    if (error instanceof ManagementApiError || error instanceof ManagementUnreachableError) return null;
    throw error;
  }
}

/** `recorded` (the product's copy of the address) when it is the verified one, else null. */
export const presentedAddress = (recorded: string, verified: string | null): string | null =>
  verified !== null && recorded.trim().toLowerCase() === verified ? recorded : null;

/**
 * How an invitation's mail shows the workspace's owner: their address only if verified, and their name
 * unless it is only their address (the provider's default name), which would show it unverified.
 */
export function ownerAsShown(
  owner: { name: string | null; email: string },
  verified: string | null,
): { name: string | null; verifiedEmail: string | null } {
  const name = owner.name?.trim().toLowerCase() === owner.email.trim().toLowerCase() ? null : owner.name;
  return { name, verifiedEmail: presentedAddress(owner.email, verified) };
}
