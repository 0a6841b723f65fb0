import { createHash } from 'node:crypto';
import type { IdentityContext } from '#identity/context.ts';
import type { SocialConnection, UserRecord } from '#identity/storage/identity-state.ts';
import {
  createdNeverSignedIn,
  defaultNickname,
  findUserByIdentity,
  normalizeEmail,
  recordLogin,
} from './user-profile.ts';

export const socialProviderNames: Record<SocialConnection, string> = {
  'google-oauth2': 'Google',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  github: 'GitHub',
};

/**
 * The id the provider would give this person: 21 digits derived from the email, so the same email
 * always comes back as the same account (`google-oauth2|<digits>`), across restarts too.
 */
export function socialAccountId(connection: SocialConnection, email: string): string {
  const digest = createHash('sha256')
    .update(`${connection}:${normalizeEmail(email)}`)
    .digest('hex');
  return (BigInt(`0x${digest}`) % 10n ** 21n).toString().padStart(21, '1');
}

/**
 * What the provider's consent screen stands for: finds the account of that connection with this email,
 * or creates it (email verified, as the provider vouches for it). The provider's profile is the
 * truth for a social user, so a changed name replaces the stored one.
 */
export async function signInWithSocial(
  context: IdentityContext,
  account: { connection: SocialConnection; email: string; name?: string; ip: string },
): Promise<UserRecord> {
  const { state } = context.store;
  const id = socialAccountId(account.connection, account.email);
  const now = new Date().toISOString();
  let user = findUserByIdentity(state, account.connection, id);
  if (user && account.name && user.userId === `${account.connection}|${id}` && user.name !== account.name) {
    user.name = account.name;
    user.updatedAt = now;
  }
  if (!user) {
    user = {
      userId: `${account.connection}|${id}`,
      email: account.email,
      emailVerified: true,
      name: account.name || account.email,
      nickname: defaultNickname(account.email),
      picture: null,
      givenName: null,
      familyName: null,
      userMetadata: {},
      appMetadata: {},
      blocked: false,
      identities: [
        {
          provider: account.connection,
          connection: account.connection,
          userId: id,
          isSocial: true,
          email: account.email,
        },
      ],
      ...createdNeverSignedIn(now),
    };
    state.users.set(user.userId, user);
  }
  // A blocked user is refused by the caller; that is not a sign-in to count.
  if (!user.blocked) recordLogin(user, account.ip);
  await context.store.save();
  return user;
}
