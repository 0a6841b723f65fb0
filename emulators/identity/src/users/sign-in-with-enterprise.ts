import type { IdentityContext } from '#identity/context.ts';
import type { ConnectionRecord, UserRecord } from '#identity/storage/identity-state.ts';
import { createdNeverSignedIn, defaultNickname, findUserByIdentity, recordLogin } from './user-profile.ts';

export type EnterpriseProfile = {
  /** The outside provider's id of the person (SAML NameID, OIDC sub). */
  id: string;
  email: string;
  name?: string;
  givenName?: string;
  familyName?: string;
  /** What the provider said, kept as the identity's profile. */
  raw: Record<string, unknown>;
};

/**
 * The user of an enterprise sign-in, created on first sign-in as Auth0 does: `samlp|<connection>|<id>`
 * or `oidc|<connection>|<id>`, email verified (the customer's provider vouches for it). Later sign-ins
 * refresh the profile from the provider.
 */
export async function signInWithEnterprise(
  context: IdentityContext,
  connection: ConnectionRecord,
  profile: EnterpriseProfile,
  ip: string,
): Promise<UserRecord> {
  const { state } = context.store;
  const identityId = `${connection.name}|${profile.id}`;
  const existing = findUserByIdentity(state, connection.strategy, identityId);
  const now = new Date().toISOString();
  const name =
    profile.name ?? ([profile.givenName, profile.familyName].filter(Boolean).join(' ') || profile.email);
  const user: UserRecord = existing ?? {
    userId: `${connection.strategy}|${identityId}`,
    email: profile.email,
    emailVerified: true,
    name,
    nickname: defaultNickname(profile.email),
    picture: null,
    givenName: profile.givenName ?? null,
    familyName: profile.familyName ?? null,
    userMetadata: {},
    appMetadata: {},
    blocked: false,
    identities: [],
    ...createdNeverSignedIn(now),
  };
  const identity = user.identities.find(
    (each) => each.provider === connection.strategy && each.userId === identityId,
  );
  if (identity) {
    // Linked or primary, the identity keeps its place; its profile is the provider's latest word.
    identity.email = profile.email;
    identity.profileData = profile.raw;
    user.updatedAt = now;
  } else {
    user.identities.push({
      provider: connection.strategy,
      connection: connection.name,
      userId: identityId,
      isSocial: false,
      email: profile.email,
      profileData: profile.raw,
    });
  }
  state.users.set(user.userId, user);
  recordLogin(user, ip);
  await context.store.save();
  return user;
}
