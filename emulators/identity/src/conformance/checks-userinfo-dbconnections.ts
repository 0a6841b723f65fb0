import * as oidc from 'openid-client';
import passwordSheriff from 'password-sheriff';
import { hasRateLimitHeaders, newUser, raw, readerSignIn, sharedUser, signIn } from './conformance-users.ts';
import * as verdict from './feature-check.ts';

const resetSentence = "We've just sent you an email to reset your password.";

export const userinfoFeatures: verdict.Feature[] = [
  {
    id: 'userinfo.openid-client',
    area: '/userinfo',
    title: 'openid-client fetchUserInfo: the claims of the scopes asked for, for the expected subject',
    async check(context) {
      const { user, tokens } = await readerSignIn(context, {
        scope: 'openid email',
        audience: context.apiAudience,
      });
      const profile = await oidc.fetchUserInfo(context.webClient, tokens.access_token, user.userId);
      return verdict.expectAll([
        [profile.email === user.email, 'email claim'],
        [profile.name === undefined, 'a profile claim without the profile scope'],
      ]);
    },
  },
  {
    id: 'userinfo.node-auth0',
    area: '/userinfo',
    title: 'node-auth0 UserInfoClient.getUserInfo',
    async check(context) {
      const { user, tokens } = await readerSignIn(context, {
        scope: 'openid profile email',
        audience: context.apiAudience,
      });
      const { data } = await context.userInfo.getUserInfo(tokens.access_token);
      return verdict.expectAll([
        [data.sub === user.userId, `sub ${data.sub}`],
        [data.nickname === user.email.split('@')[0], `nickname ${data.nickname}`],
      ]);
    },
  },
  {
    id: 'userinfo.refused-token',
    area: '/userinfo',
    title: "a token it does not accept: 401, the plain text 'Unauthorized' and WWW-Authenticate",
    async check(context) {
      const response = await raw(context, '/userinfo', { headers: { authorization: 'Bearer nonsense' } });
      return verdict.expectAll([
        [response.status === 401, `status ${response.status}`],
        [(await response.text()) === 'Unauthorized', 'body'],
        [/^Bearer/.test(response.headers.get('www-authenticate') ?? ''), 'WWW-Authenticate'],
      ]);
    },
  },
  {
    id: 'userinfo.rate-limit-headers',
    area: '/userinfo',
    title: 'x-ratelimit-limit, -remaining and -reset on its answers',
    async check(context) {
      const { tokens } = await readerSignIn(context, { scope: 'openid', audience: context.apiAudience });
      const token = tokens.access_token;
      const response = await raw(context, '/userinfo', { headers: { authorization: `Bearer ${token}` } });
      if (!response.headers.has('x-ratelimit-limit')) return verdict.missing('no x-ratelimit-* headers');
      return verdict.expectAll([[hasRateLimitHeaders(response), 'x-ratelimit-* values']]);
    },
  },
  {
    id: 'userinfo.rate-limit',
    area: '/userinfo',
    title: 'a burst of 10 per user, then 429 too_many_requests with x-ratelimit-* and Retry-After',
    async check(context) {
      const user = await newUser(context, 'userinfo-limit');
      const { access_token: token } = await signIn(context, user, {
        scope: 'openid',
        audience: context.apiAudience,
      });
      const call = () => raw(context, '/userinfo', { headers: { authorization: `Bearer ${token}` } });
      const statuses: number[] = [];
      for (let count = 0; count < 10; count += 1) statuses.push((await call()).status);
      const last = await call();
      statuses.push(last.status);
      if (last.status !== 429) return verdict.missing(`11 calls answered ${statuses.join(',')}`);
      const body = (await last.json().catch(() => ({}))) as { error?: string };
      return verdict.expectAll([
        [statuses.slice(0, 10).every((status) => status === 200), `statuses ${statuses.join(',')}`],
        [body.error === 'too_many_requests', `error ${body.error}`],
        [hasRateLimitHeaders(last) && last.headers.get('x-ratelimit-remaining') === '0', 'x-ratelimit-*'],
        [/^\d+$/.test(last.headers.get('retry-after') ?? ''), 'Retry-After'],
      ]);
    },
  },
];

export const dbConnectionFeatures: verdict.Feature[] = [
  {
    id: 'signup.ok',
    area: '/dbconnections',
    title: 'node-auth0 database.signUp: {_id, email, email_verified: false}',
    async check(context) {
      const email = context.uniqueEmail('signup');
      const { data } = await context.authentication.database.signUp({
        email,
        password: context.password,
        connection: context.connection,
      });
      const reply = data as unknown as Record<string, unknown>;
      return verdict.expectAll([
        [
          typeof reply._id === 'string' && /^[0-9a-f]{24}$/.test(String(reply._id)),
          `_id ${String(reply._id)}`,
        ],
        [reply.email === email, 'email'],
        [reply.email_verified === false, 'email_verified'],
      ]);
    },
  },
  {
    id: 'signup.user-exists',
    area: '/dbconnections',
    title: "an existing email: 400 user_exists 'The user already exists.'",
    async check(context) {
      const user = await sharedUser(context, 'reader');
      const failure = await verdict.failureOf(() =>
        context.authentication.database.signUp({
          email: user.email.toUpperCase(),
          password: context.password,
          connection: context.connection,
        }),
      );
      return verdict.expectRefusal(verdict.refusalOf(failure), 400, {
        code: 'user_exists',
        description: 'The user already exists.',
      });
    },
  },
  {
    id: 'signup.weak-password',
    area: '/dbconnections',
    title:
      "a weak password: 400 invalid_password with password-sheriff's rules (code, format, items, verified) and policy text",
    async check(context) {
      const password = 'abcdefgh';
      const failure = await verdict.failureOf(() =>
        context.authentication.database.signUp({
          email: context.uniqueEmail('weak'),
          password,
          connection: context.connection,
        }),
      );
      const body = verdict.bodyOf(failure);
      const sheriff = passwordSheriff('good');
      const expected = {
        name: 'PasswordStrengthError',
        message: 'Password is too weak',
        code: 'invalid_password',
        description: sheriff.missing(password),
        policy: sheriff.toString(),
        statusCode: 400,
      };
      if (verdict.statusOf(failure) !== 400 || body?.code !== 'invalid_password') {
        return verdict.differs(`answered ${verdict.statusOf(failure)} ${JSON.stringify(body)}`);
      }
      const differences = Object.entries(expected)
        .filter(([key, value]) => JSON.stringify(body[key]) !== JSON.stringify(value))
        .map(([key]) => key);
      return differences.length === 0
        ? verdict.likeAuth0()
        : verdict.differs(`verdict.differs in ${differences.join(', ')}`);
    },
  },
  {
    id: 'change-password.reply',
    area: '/dbconnections',
    title: 'node-auth0 database.changePassword: 200 text/html with the bare sentence',
    async check(context) {
      const user = await sharedUser(context, 'reader');
      const reply = await context.authentication.database.changePassword({
        email: user.email,
        connection: context.connection,
      });
      return verdict.expectAll([
        [reply.data === resetSentence, `body ${JSON.stringify(reply.data)}`],
        [/^text\/html/.test(reply.headers.get('content-type') ?? ''), `${reply.headers.get('content-type')}`],
      ]);
    },
  },
  {
    id: 'change-password.rate-limit',
    area: '/dbconnections',
    title: 'a burst of 10 per address and email, then 429 too_many_requests with x-ratelimit-*',
    async check(context) {
      const email = context.uniqueEmail('reset-limit');
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let request = 0; request < 11; request += 1) {
        last = await raw(context, '/dbconnections/change_password', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ client_id: context.clientId, email, connection: context.connection }),
        });
        statuses.push(last.status);
      }
      const body = (await last?.json().catch(() => ({}))) as { error?: string };
      return verdict.expectAll([
        [statuses.slice(0, 10).every((status) => status === 200), `statuses ${statuses.join(',')}`],
        [last?.status === 429 && body.error === 'too_many_requests', `11th: ${last?.status} ${body.error}`],
        [last !== undefined && hasRateLimitHeaders(last), 'x-ratelimit-*'],
      ]);
    },
  },
];
