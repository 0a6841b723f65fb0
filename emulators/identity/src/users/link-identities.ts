import type { IdentityContext } from '#identity/context.ts';
import type { UserRecord } from '#identity/storage/identity-state.ts';
import { deleteUser } from './delete-user.ts';

/**
 * Auth0 account linking: the secondary user's identities join the primary's (the first one with the
 * secondary's profile as `profileData`), and the secondary user stops existing. Signing in with any of
 * the identities then gives the primary user.
 */
export async function linkIdentities(context: IdentityContext, primary: UserRecord, secondary: UserRecord) {
  const [first, ...rest] = secondary.identities;
  if (first) {
    primary.identities.push({
      ...first,
      profileData: { email: secondary.email, email_verified: secondary.emailVerified, name: secondary.name },
    });
  }
  primary.identities.push(...rest);
  primary.updatedAt = new Date().toISOString();
  deleteUser(context.store.state, secondary.userId);
  await context.store.save();
  return primary.identities;
}
