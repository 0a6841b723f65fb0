import { z } from 'zod';
import type { IdentityContext } from '#identity/context.ts';
import { managementError } from '#identity/http/http-error.ts';
import type { UserRecord } from '#identity/storage/identity-state.ts';
import { InvalidTokenError, verifyToken } from '#identity/tokens/verify-token.ts';

/** The body of the Management API's `POST /api/v2/users/:id/identities`. */
export const linkRequestBody = z.union([
  z.strictObject({ link_with: z.string().min(1).max(16_384) }),
  z.strictObject({
    provider: z.string().min(1).max(64),
    user_id: z.string().min(1).max(256),
    connection_id: z.string().max(256).optional(),
  }),
]);
export type LinkRequest = z.output<typeof linkRequestBody>;

/**
 * The secondary user a link request names: by an id token the browser client was issued for it
 * (`link_with`, the account proving itself), or by provider and user id. Refused when it does not
 * exist or is the primary user itself.
 */
export async function accountToLink(
  context: IdentityContext,
  primary: UserRecord,
  request: LinkRequest,
): Promise<UserRecord> {
  const { users } = context.store.state;
  let secondary: UserRecord | undefined;
  if ('link_with' in request) {
    try {
      const verified = await verifyToken(context, request.link_with, context.config.webClientId);
      secondary = users.get(verified.sub);
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      throw managementError(400, `Invalid link_with token: ${error.message}`, 'invalid_body');
    }
  } else {
    const prefix = `${request.provider}|`;
    const bare = request.user_id.startsWith(prefix) ? request.user_id.slice(prefix.length) : request.user_id;
    secondary = users.get(`${request.provider}|${bare}`);
  }
  if (!secondary) throw managementError(400, 'The secondary user does not exist.', 'inexistent_user');
  if (secondary === primary) {
    throw managementError(400, 'Main identity and the new one are the same.', 'invalid_body');
  }
  return secondary;
}
