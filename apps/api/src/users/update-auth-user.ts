import { emailChangeRequest, passwordChangeRequest, profileChangeRequest } from '@launchkit/api-contract';
import type { ManagementClient, ManagementUser, ManagementUserUpdate } from '#api/auth/management-client.ts';
import { requireRecentLogin } from '#api/caller/recent-sign-in.ts';
import type { VerifiedIdentity } from '#api/caller/verify-access-token.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import { AppError } from '#api/http/app-error.ts';
import { validate } from '#api/http/validate.ts';
import { endOtherSessionsOfCheckedCaller, type SessionDeps } from '#api/sessions/sign-in-sessions.ts';
import { askProvider } from './ask-provider.ts';
import { type UserRow, updateUserRow } from './user-document.ts';

/**
 * docs/product.md §7: PATCH auth-user with {email}, or {password}, or a profile object, each checked
 * here (the contract's schemas) before the provider is called, so the database write that follows cannot
 * fail on the input. The body's keys choose the kind of change, so each kind reports its own field
 * messages.
 */
export function parseAuthUserChange(body: unknown) {
  const keys = body && typeof body === 'object' ? Object.keys(body) : [];
  if (keys.includes('email')) return validate(emailChangeRequest, body);
  if (keys.includes('password')) return validate(passwordChangeRequest, body);
  return validate(profileChangeRequest, body);
}

export type AuthUserChange = ReturnType<typeof parseAuthUserChange>;

const providerNames: Record<string, string> = {
  'google-oauth2': 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
  github: 'GitHub',
};

/** `google-oauth2|123` → 'Google'; undefined for the provider's own database users (`auth0|…`). */
function socialProviderOf(uid: string): string | undefined {
  const prefix = uid.slice(0, uid.indexOf('|'));
  if (prefix === 'auth0') return undefined;
  return providerNames[prefix] ?? prefix;
}

type Deps = { db: Database; identity: IdentityConfig; management: ManagementClient } & SessionDeps;

/**
 * Changes the provider's user through the Management API, then the user document. Email and password
 * are sensitive: they need a recent sign-in (the browser then re-authenticates and retries), and only
 * database users have them to change.
 */
export async function updateAuthUser(
  deps: Deps,
  caller: VerifiedIdentity,
  user: UserRow,
  change: AuthUserChange,
): Promise<UserRow> {
  const sensitive = 'email' in change || 'password' in change;
  if (sensitive) {
    const provider = socialProviderOf(caller.uid);
    if (provider) {
      throw new AppError(
        409,
        'auth/provider-managed-credentials',
        'email' in change
          ? `You sign in with ${provider}, so your email address comes from ${provider} and cannot be changed here.`
          : `You sign in with ${provider}, so there is no password to change here. Manage your password with ${provider}.`,
      );
    }
    requireRecentLogin(deps.identity, caller);
  }

  if ('password' in change) {
    await askProvider(deps.identity, () =>
      deps.management.updateUser(caller.uid, {
        password: change.password,
        connection: deps.identity.connection,
      }),
    );
    // A new password is the usual step after a compromise: by default whoever else is signed in is
    // signed out with it, at the API and at the provider (sessions/sign-in-sessions.ts); the person
    // may keep them. Its failures at the provider are logged there and the ending stands.
    if (change.endOtherSessions !== false) await endOtherSessionsOfCheckedCaller(deps, caller);
    // The user document holds nothing of the password: the record read at authentication is the
    // answer.
    return user;
  }

  const isEmailChange = 'email' in change;
  const documentChange = isEmailChange ? { email: change.email } : change;
  // The provider first: it is the one that can refuse (an email in use, its own rules). The input is
  // already valid for the database, so this write fails only when the database does; then the
  // provider gets its previous values back, or the two would disagree until the next change.
  const previous = await askProvider(deps.identity, () => deps.management.getUser(caller.uid));
  await askProvider(deps.identity, () =>
    deps.management.updateUser(
      caller.uid,
      isEmailChange
        ? // A new address counts once its owner proves it: the provider sets it unverified and mails a link.
          { email: change.email, connection: deps.identity.connection, verify_email: true }
        : change,
    ),
  );
  try {
    return await updateUserRow(deps.db, caller.uid, documentChange);
  } catch (failure) {
    throw await undoProviderChange(deps, caller.uid, previousValues(previous, documentChange), failure);
  }
}

/** The provider's values of the fields a change touches, as they were before it. */
function previousValues(
  previous: ManagementUser,
  change: { email?: string; name?: string; picture?: string },
): ManagementUserUpdate {
  if (change.email !== undefined) {
    // Changing the email resets its verification; putting the old address back restores that too.
    return { email: previous.email, email_verified: previous.email_verified };
  }
  return {
    ...(change.name !== undefined && { name: previous.name }),
    ...(change.picture !== undefined && { picture: previous.picture }),
  };
}

/**
 * Puts the provider's previous values back after the user document could not be written. Best
 * effort: the returned error (answered as internal_error and logged) says whether it worked.
 */
async function undoProviderChange(
  deps: Deps,
  uid: string,
  previous: ManagementUserUpdate,
  failure: unknown,
): Promise<Error> {
  const restore = Object.fromEntries(
    Object.entries(previous).filter(([, value]) => value !== undefined),
  ) as ManagementUserUpdate;
  if (restore.email !== undefined) restore.connection = deps.identity.connection;
  try {
    if (Object.keys(restore).length > 0) await deps.management.updateUser(uid, restore);
    return new Error(
      `The user document of ${uid} was not written; the identity provider's previous values were put back.`,
      { cause: failure },
    );
  } catch (undoFailure) {
    return new Error(
      `The user document of ${uid} was not written, and putting the identity provider's previous values (${Object.keys(restore).join(', ')}) back failed too (${String(undoFailure)}): the two disagree until the user changes them again.`,
      { cause: failure },
    );
  }
}
