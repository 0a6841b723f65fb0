import { checkPassword, type PasswordRule } from '@launchkit/password-policy';
import type { IdentityContext } from '#identity/context.ts';
import { sendVerificationEmail } from '#identity/mail/identity-mail.ts';
import type { UserRecord } from '#identity/storage/identity-state.ts';
import { hashPassword } from './password-hash.ts';
import {
  createdNeverSignedIn,
  defaultNickname,
  findDatabaseUser,
  newDatabaseUserId,
} from './user-profile.ts';

export type SignUp = {
  email: string;
  password: string;
  name?: string;
  givenName?: string;
  familyName?: string;
  nickname?: string;
  picture?: string;
  userMetadata?: Record<string, string>;
};

export type SignUpResult =
  | { ok: true; user: UserRecord }
  | { ok: false; reason: 'user_exists' }
  | { ok: false; reason: 'weak_password'; rules: PasswordRule[] };

/**
 * The record of a new database user (`auth0|<24 hex>`), email unverified: with a password's hash, or
 * none for a person who signs up with a passkey (no password then signs them in).
 */
export function newDatabaseUser(
  context: IdentityContext,
  input: Omit<SignUp, 'password'> & { passwordHash: string },
): UserRecord {
  const id = newDatabaseUserId();
  const now = new Date().toISOString();
  return {
    userId: `auth0|${id}`,
    email: input.email,
    emailVerified: false,
    name: input.name ?? ([input.givenName, input.familyName].filter(Boolean).join(' ') || input.email),
    nickname: input.nickname ?? defaultNickname(input.email),
    picture: input.picture ?? null,
    givenName: input.givenName ?? null,
    familyName: input.familyName ?? null,
    userMetadata: input.userMetadata ?? {},
    appMetadata: {},
    blocked: false,
    identities: [
      {
        provider: 'auth0',
        connection: context.config.connection,
        userId: id,
        isSocial: false,
        email: input.email,
        passwordHash: input.passwordHash,
      },
    ],
    ...createdNeverSignedIn(now),
  };
}

/** A new database user (`auth0|<24 hex>`), email unverified, with a verification email sent. */
export async function signUpUser(context: IdentityContext, input: SignUp): Promise<SignUpResult> {
  const { state } = context.store;
  const check = checkPassword(context.config.passwordPolicy, input.password);
  if (!check.valid) return { ok: false, reason: 'weak_password', rules: check.rules };
  if (findDatabaseUser(state, input.email)) return { ok: false, reason: 'user_exists' };
  const passwordHash = await hashPassword(input.password, context.config.passwordHashCost);
  // Checked again: a second sign-up with the same email may have finished while this one hashed.
  if (findDatabaseUser(state, input.email)) return { ok: false, reason: 'user_exists' };

  const user = newDatabaseUser(context, { ...input, passwordHash });
  state.users.set(user.userId, user);
  await context.store.save();
  await sendVerificationEmail(context, user);
  return { ok: true, user };
}
