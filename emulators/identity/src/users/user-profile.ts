import { createHash, randomBytes } from 'node:crypto';
import type { IssuerUrls } from '#identity/issuer-urls.ts';
import type { DatabaseIdentity, IdentityState, UserRecord } from '#identity/storage/identity-state.ts';

/** 24 hex digits, like Auth0's database user ids (`auth0|<id>`). */
export const newDatabaseUserId = () => randomBytes(12).toString('hex');

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const emailHash = (email: string) => createHash('md5').update(normalizeEmail(email)).digest('hex');

/** Auth0 points at Gravatar; these machines are offline, so the emulator serves its own avatar. */
export function pictureOf(user: UserRecord, urls: IssuerUrls): string {
  return user.picture ?? urls.link(`avatars/${emailHash(user.email)}.svg`);
}

/** The user whose database identity (primary or linked) has this email, case-insensitively. */
export function findDatabaseUser(
  state: IdentityState,
  email: string,
): { user: UserRecord; identity: DatabaseIdentity } | undefined {
  const wanted = normalizeEmail(email);
  for (const user of state.users.values()) {
    for (const identity of user.identities) {
      if (identity.provider === 'auth0' && normalizeEmail(identity.email) === wanted)
        return { user, identity };
    }
  }
  return undefined;
}

/** The user holding an identity, as `provider` + id without prefix: after linking it is the primary. */
export function findUserByIdentity(
  state: IdentityState,
  provider: string,
  id: string,
): UserRecord | undefined {
  for (const user of state.users.values()) {
    if (user.identities.some((identity) => identity.provider === provider && identity.userId === id))
      return user;
  }
  return undefined;
}

export function databaseIdentityOf(user: UserRecord): DatabaseIdentity | undefined {
  return user.identities.find((identity): identity is DatabaseIdentity => identity.provider === 'auth0');
}

/** The standard claims of the `profile` and `email` scopes, as in id tokens and /userinfo. */
export function profileClaims(user: UserRecord, urls: IssuerUrls, scopes: readonly string[]) {
  const claims: Record<string, unknown> = {};
  if (scopes.includes('profile')) {
    claims.name = user.name;
    claims.nickname = user.nickname;
    claims.picture = pictureOf(user, urls);
    if (user.givenName) claims.given_name = user.givenName;
    if (user.familyName) claims.family_name = user.familyName;
    claims.updated_at = user.updatedAt;
  }
  if (scopes.includes('email')) {
    claims.email = user.email;
    claims.email_verified = user.emailVerified;
  }
  return claims;
}

/** A user as the Management API shows it: never the password hash. */
export function toManagementUser(user: UserRecord, urls: IssuerUrls) {
  return {
    user_id: user.userId,
    email: user.email,
    email_verified: user.emailVerified,
    name: user.name,
    nickname: user.nickname,
    picture: pictureOf(user, urls),
    ...(user.givenName ? { given_name: user.givenName } : {}),
    ...(user.familyName ? { family_name: user.familyName } : {}),
    identities: user.identities.map((identity) => ({
      connection: identity.connection,
      provider: identity.provider,
      user_id: identity.userId,
      isSocial: identity.isSocial,
      ...(identity.profileData ? { profileData: identity.profileData } : {}),
    })),
    user_metadata: user.userMetadata,
    app_metadata: user.appMetadata,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    ...(user.lastLogin ? { last_login: user.lastLogin } : {}),
    ...(user.lastIp ? { last_ip: user.lastIp } : {}),
    logins_count: user.loginsCount,
    blocked: user.blocked,
  };
}

/** The dates and counters of a user created at `now`, who has not signed in yet. */
export const createdNeverSignedIn = (now: string) => ({
  createdAt: now,
  updatedAt: now,
  lastLogin: null,
  lastIp: null,
  loginsCount: 0,
});

/** Bookkeeping of a successful sign-in (the caller saves the state). */
export function recordLogin(user: UserRecord, ip: string): void {
  user.lastLogin = new Date().toISOString();
  user.lastIp = ip;
  user.loginsCount += 1;
}

/** Auth0's defaults for a database user: name is the email, nickname the part before "@". */
export function defaultNickname(email: string): string {
  return email.split('@')[0] || email;
}
