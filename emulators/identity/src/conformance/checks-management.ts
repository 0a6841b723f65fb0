import { ManagementClient } from 'auth0';
import { bruteForce } from './checks-tokens.ts';
import { newUser, raw, readerSignIn, sharedUser } from './conformance-users.ts';
import * as verdict from './feature-check.ts';

const area = 'Management API (/api/v2)';

/** A Management API call the emulator may not have: 404 from it means the feature is verdict.missing. */
async function presence(call: () => Promise<unknown>): Promise<ReturnType<typeof verdict.likeAuth0>> {
  const failure = await verdict.failureOf(call);
  if (failure === undefined) return verdict.likeAuth0();
  if (verdict.statusOf(failure) === 404)
    return verdict.missing(`404 ${JSON.stringify(verdict.bodyOf(failure)?.message ?? '')}`);
  return verdict.differs(verdict.describeError(failure));
}

/** The Management API as a signed-in user would call it, with that user's own access token. */

/** The reader, signed in for the Management API asking for `scope`, and a client calling it with that token. */
async function readerAsManagementUser(context: verdict.CheckContext, scope: string) {
  const { user, tokens } = await readerSignIn(context, { scope, audience: context.managementAudience });
  const management = new ManagementClient({
    domain: context.domain,
    token: tokens.access_token,
    maxRetries: 0,
  });
  return { user, management };
}

/** How the Management API refuses `update` of the shared reader. */
async function readerUpdateRefusal(
  context: verdict.CheckContext,
  update: Parameters<ManagementClient['users']['update']>[1],
) {
  const user = await sharedUser(context, 'reader');
  return verdict.refusalOf(
    await verdict.failureOf(() => context.management.users.update(user.userId, update)),
  );
}

export const managementFeatures: verdict.Feature[] = [
  {
    id: 'mgmt.users.get',
    area,
    title: 'node-auth0 ManagementClient (client-credentials token it fetches itself) users.get',
    async check(context) {
      const user = await sharedUser(context, 'reader');
      const found = await context.management.users.get(user.userId);
      const identity = found.identities?.[0];
      return verdict.expectAll([
        [found.user_id === user.userId && found.email === user.email, 'user_id and email'],
        [
          identity?.provider === 'auth0' &&
            identity.connection === context.connection &&
            identity.isSocial === false &&
            `auth0|${identity.user_id}` === user.userId,
          `identities ${JSON.stringify(found.identities)}`,
        ],
        [found.email_verified === false && found.blocked === false, 'email_verified, blocked'],
      ]);
    },
  },
  {
    id: 'mgmt.users.update-profile',
    area,
    title: 'users.update changes the profile and merges user_metadata',
    async check(context) {
      const user = await newUser(context, 'mgmt-update');
      await context.management.users.update(user.userId, { user_metadata: { theme: 'dark', plan: 'pro' } });
      const updated = await context.management.users.update(user.userId, {
        name: 'Ada Lovelace',
        user_metadata: { plan: null },
      });
      return verdict.expectAll([
        [updated.name === 'Ada Lovelace', `name ${updated.name}`],
        [JSON.stringify(updated.user_metadata) === '{"theme":"dark"}', JSON.stringify(updated.user_metadata)],
      ]);
    },
  },
  {
    id: 'mgmt.users.email-in-use',
    area,
    title: "an email another user has: 400 'The specified new email already exists'",
    async check(context) {
      const [first, second] = [await newUser(context, 'mgmt-first'), await newUser(context, 'mgmt-second')];
      const failure = await verdict.failureOf(() =>
        context.management.users.update(first.userId, {
          email: second.email,
          connection: context.connection,
        }),
      );
      const body = verdict.bodyOf(failure);
      return verdict.expectAll([
        [verdict.statusOf(failure) === 400, `status ${verdict.statusOf(failure)}`],
        [body?.message === 'The specified new email already exists', `message ${String(body?.message)}`],
        [body?.error === 'Bad Request', `error ${String(body?.error)}`],
      ]);
    },
  },
  {
    id: 'mgmt.users.weak-password',
    area,
    title: "a weak password: 400 'PasswordStrengthError: Password is too weak'",
    async check(context) {
      const refusal = await readerUpdateRefusal(context, {
        password: 'short',
        connection: context.connection,
      });
      return verdict.expectRefusal(refusal, 400, {
        message: 'PasswordStrengthError: Password is too weak',
      });
    },
  },
  {
    id: 'mgmt.users.email-and-password',
    area,
    title: "email and password in one update: 400 'Cannot update password and email simultaneously'",
    async check(context) {
      const refusal = await readerUpdateRefusal(context, {
        email: context.uniqueEmail('other'),
        password: 'Another-horse-7',
        connection: context.connection,
      });
      return verdict.expectRefusal(refusal, 400, {
        message: 'Cannot update password and email simultaneously',
        errorCode: 'operation_not_supported',
      });
    },
  },
  {
    id: 'mgmt.users.not-found',
    area,
    title: "an unknown user: 404 inexistent_user 'The user does not exist.'",
    async check(context) {
      const failure = await verdict.failureOf(() =>
        context.management.users.get('auth0|000000000000000000000000'),
      );
      return verdict.expectRefusal(verdict.refusalOf(failure), 404, {
        errorCode: 'inexistent_user',
        message: 'The user does not exist.',
      });
    },
  },
  {
    id: 'mgmt.users.delete',
    area,
    title: 'users.delete: 204, and the user is gone',
    async check(context) {
      const user = await newUser(context, 'mgmt-delete');
      await context.management.users.delete(user.userId);
      const failure = await verdict.failureOf(() => context.management.users.get(user.userId));
      return verdict.expectAll([
        [verdict.statusOf(failure) === 404, `read after delete: ${verdict.statusOf(failure)}`],
      ]);
    },
  },
  {
    id: 'mgmt.users.link',
    area,
    title: 'users.identities.link: 201 with the primary user’s identities',
    async check(context) {
      const [primary, secondary] = [await newUser(context, 'link-a'), await newUser(context, 'link-b')];
      const identities = await context.management.users.identities.link(primary.userId, {
        provider: 'auth0',
        user_id: secondary.userId.slice('auth0|'.length),
      });
      const failure = await verdict.failureOf(() => context.management.users.get(secondary.userId));
      return verdict.expectAll([
        [identities.length === 2, `${identities.length} identities`],
        [verdict.statusOf(failure) === 404, 'the secondary user still exists'],
      ]);
    },
  },
  {
    id: 'mgmt.user-blocks',
    area,
    title: 'userBlocks.list shows a brute-force block, userBlocks.delete lifts it',
    async check(context) {
      const user = bruteForce.user;
      if (!user) return verdict.differs('the brute-force check blocked nobody');
      const before = await context.management.userBlocks.list(user.userId);
      await context.management.userBlocks.delete(user.userId);
      const after = await context.management.userBlocks.list(user.userId);
      return verdict.expectAll([
        [before.blocked_for?.[0]?.identifier === user.email, `before ${JSON.stringify(before)}`],
        [after.blocked_for?.length === 0, `after ${JSON.stringify(after)}`],
      ]);
    },
  },
  {
    id: 'mgmt.user-token-own-scopes',
    area,
    title: 'a user token that asked for read:current_user reads its own user',
    async check(context) {
      const { user, management } = await readerAsManagementUser(context, 'openid read:current_user');
      const found = await management.users.get(user.userId);
      return verdict.expectAll([[found.user_id === user.userId, 'read itself']]);
    },
  },
  {
    id: 'mgmt.user-token-unasked-scopes',
    area,
    title: 'a user token that did not ask for read:current_user is refused: 403 insufficient_scope',
    async check(context) {
      const { user, management } = await readerAsManagementUser(context, 'openid profile');
      const failure = await verdict.failureOf(() => management.users.get(user.userId));
      if (failure === undefined) return verdict.differs('read itself with scopes it never asked for');
      return verdict.expectRefusal(verdict.refusalOf(failure), 403, { errorCode: 'insufficient_scope' });
    },
  },
  {
    id: 'mgmt.rate-limit-headers',
    area,
    title: 'x-ratelimit-limit, -remaining and -reset on every Management API answer',
    async check(context) {
      const { access_token: token } = (await (
        await raw(context, '/oauth/token', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            grant_type: 'client_credentials',
            client_id: context.managementClient.id,
            client_secret: context.managementClient.secret,
            audience: context.managementAudience,
          }),
        })
      ).json()) as { access_token: string };
      const response = await raw(context, '/api/v2/users/auth0%7C000000000000000000000000', {
        headers: { authorization: `Bearer ${token}` },
      });
      return response.headers.has('x-ratelimit-limit')
        ? verdict.likeAuth0()
        : verdict.missing('no x-ratelimit-* headers');
    },
  },
  {
    id: 'mgmt.users.search',
    area,
    title: 'users.list with a Lucene query (user search)',
    check: (context) =>
      presence(() =>
        context.management.users.list({ q: 'email:"someone@example.com"', search_engine: 'v3' }),
      ),
  },
  {
    id: 'mgmt.users-by-email',
    area,
    title: 'users.listUsersByEmail (/api/v2/users-by-email)',
    check: (context) =>
      presence(() => context.management.users.listUsersByEmail({ email: 'someone@example.com' })),
  },
  {
    id: 'mgmt.tickets.change-password',
    area,
    title: 'tickets.changePassword (a reset link made by the API)',
    async check(context) {
      const user = await sharedUser(context, 'reader');
      return presence(() => context.management.tickets.changePassword({ user_id: user.userId }));
    },
  },
  {
    id: 'mgmt.jobs.verification-email',
    area,
    title: 'jobs.verificationEmail.create (send the verification email again): a verification_email job',
    async check(context) {
      const user = await sharedUser(context, 'reader');
      const missingOrDiffers = await presence(() =>
        context.management.jobs.verificationEmail.create({ user_id: user.userId }),
      );
      if (missingOrDiffers.verdict !== 'like-auth0') return missingOrDiffers;
      const job = await context.management.jobs.verificationEmail.create({ user_id: user.userId });
      return verdict.expectAll([
        [job.type === 'verification_email', `type ${job.type}`],
        [job.status === 'pending' || job.status === 'completed', `status ${job.status}`],
        [/^job_/.test(job.id ?? ''), `id ${job.id}`],
        [!Number.isNaN(Date.parse(job.created_at ?? '')), `created_at ${job.created_at}`],
      ]);
    },
  },
  {
    id: 'mgmt.users.roles',
    area,
    title: 'users.roles.list (roles and permissions)',
    async check(context) {
      const user = await sharedUser(context, 'reader');
      return presence(() => context.management.users.roles.list(user.userId));
    },
  },
];
