import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { HttpError, managementError } from '#identity/http/http-error.ts';
import { sendVerificationEmail } from '#identity/mail/identity-mail.ts';
import type { UserRecord } from '#identity/storage/identity-state.ts';
import { setPassword } from './set-password.ts';
import { databaseIdentityOf, findDatabaseUser } from './user-profile.ts';

// Auth0 merges metadata one level deep; a property set to null is removed.
const metadata = z.record(z.string().max(255), z.unknown());
const profileText = z.string().trim().min(1).max(300);

/** The body of the Management API's `PATCH /api/v2/users/:id`. */
export const userUpdateBody = z.strictObject({
  email: z.email().max(254).optional(),
  email_verified: z.boolean().optional(),
  verify_email: z.boolean().optional(),
  password: z.string().min(1).max(1000).optional(),
  connection: z.string().max(256).optional(),
  client_id: z.string().max(256).optional(),
  name: profileText.optional(),
  nickname: profileText.optional(),
  given_name: profileText.optional(),
  family_name: profileText.optional(),
  picture: z.url().max(2000).optional(),
  user_metadata: metadata.optional(),
  app_metadata: metadata.optional(),
  blocked: z.boolean().optional(),
});
export type UserUpdate = z.output<typeof userUpdateBody>;

const notSupported = (message: string) => managementError(400, message, 'operation_not_supported');

function mergeMetadata(current: Record<string, unknown>, changes: Record<string, unknown>) {
  const merged = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * A Management API update of a user, refused as Auth0 refuses it (an email and a password at once,
 * another connection, an email taken or owned by a social provider, a weak password). The email of a
 * database user and its database identity change together; `verify_email` mails a verification link.
 */
export async function updateUser(context: IdentityContext, user: UserRecord, update: UserUpdate) {
  const { config } = context;
  const { state } = context.store;
  if (update.email !== undefined && update.password !== undefined) {
    throw notSupported('Cannot update password and email simultaneously');
  }
  if (update.connection !== undefined && update.connection !== config.connection) {
    throw managementError(
      400,
      `The connection does not exist: ${update.connection}`,
      'inexistent_connection',
    );
  }
  const primaryIsDatabase = user.identities[0]?.provider === 'auth0';
  if (update.email !== undefined && update.email.toLowerCase() !== user.email.toLowerCase()) {
    if (!primaryIsDatabase) {
      throw notSupported(
        `Cannot update the email of a ${user.identities[0]?.provider} user: the email comes from that provider.`,
      );
    }
    const holder = findDatabaseUser(state, update.email);
    if (holder && holder.user !== user) {
      // Auth0 answers 400 here, not 409: clients must read the message to tell this case apart.
      throw managementError(400, 'The specified new email already exists', 'auth0_idp_error');
    }
  }
  if (update.password !== undefined) {
    if (!databaseIdentityOf(user)) {
      throw notSupported(
        `Cannot update the password of a ${user.identities[0]?.provider} user: it signs in with that provider.`,
      );
    }
    const result = await setPassword(context, user, update.password);
    if (!result.ok && result.reason === 'weak_password') {
      throw new HttpError(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'PasswordStrengthError: Password is too weak',
      });
    }
    if (!result.ok) throw managementError(404, 'The user does not exist.', 'inexistent_user');
  }

  if (update.email !== undefined && update.email !== user.email) {
    const identity = databaseIdentityOf(user);
    if (identity && primaryIsDatabase) identity.email = update.email;
    user.email = update.email;
    user.emailVerified = update.email_verified ?? false;
  } else if (update.email_verified !== undefined) {
    user.emailVerified = update.email_verified;
  }
  if (update.name !== undefined) user.name = update.name;
  if (update.nickname !== undefined) user.nickname = update.nickname;
  if (update.given_name !== undefined) user.givenName = update.given_name;
  if (update.family_name !== undefined) user.familyName = update.family_name;
  if (update.picture !== undefined) user.picture = update.picture;
  if (update.user_metadata) user.userMetadata = mergeMetadata(user.userMetadata, update.user_metadata);
  if (update.app_metadata) user.appMetadata = mergeMetadata(user.appMetadata, update.app_metadata);
  if (update.blocked !== undefined) user.blocked = update.blocked;
  user.updatedAt = new Date().toISOString();
  await context.store.save();
  if (update.verify_email && !user.emailVerified) await sendVerificationEmail(context, user);
}
