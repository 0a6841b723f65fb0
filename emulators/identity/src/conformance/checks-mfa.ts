import * as oidc from 'openid-client';
import { Secret, TOTP } from 'otpauth';
import { newUser, passwordRealmGrant, raw, unverifiedClaims } from './conformance-users.ts';
import * as verdict from './feature-check.ts';

const area = 'MFA API (/mfa, mfa grants) and authentication methods';
const otpGrant = 'http://auth0.com/oauth/grant-type/mfa-otp';
const recoveryGrant = 'http://auth0.com/oauth/grant-type/mfa-recovery-code';

/** The body of the refusal openid-client reports (ResponseBodyError keeps it as `cause`). */
const refusalBody = (error: unknown) =>
  ((error as { cause?: unknown } | undefined)?.cause ?? {}) as Record<string, unknown>;

/** A sign-in for the MFA API through openid-client; Auth0 stops it with mfa_required. Its mfa_token. */
async function mfaToken(context: verdict.CheckContext, email: string): Promise<string> {
  const failure = await verdict.failureOf(() =>
    oidc.genericGrantRequest(context.webClient, passwordRealmGrant, {
      username: email,
      password: context.password,
      realm: context.connection,
      audience: `${context.issuer}mfa/`,
      scope: 'openid enroll read:authenticators remove:authenticators',
    }),
  );
  const token = refusalBody(failure).mfa_token;
  if (typeof token !== 'string') throw new Error(`no mfa_token: ${verdict.describeError(failure)}`);
  return token;
}

const mfaApi = (context: verdict.CheckContext, path: string, bearer: string, init: RequestInit = {}) =>
  raw(context, path, {
    ...init,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...init.headers },
  });

type Enrolment = { email: string; userId: string; secret: string; recoveryCode: string; mfaAccess: string };
let enrolment: Promise<Enrolment> | undefined;

/** One person enrolled with an authenticator app, through the same calls the product's browser makes. */
function enrolled(context: verdict.CheckContext): Promise<Enrolment> {
  enrolment ??= (async () => {
    const user = await newUser(context, 'mfa');
    const token = await mfaToken(context, user.email);
    const associated = (await (
      await mfaApi(context, '/mfa/associate', token, {
        method: 'POST',
        body: JSON.stringify({ authenticator_types: ['otp'] }),
      })
    ).json()) as { secret: string; recovery_codes: string[] };
    const tokens = await oidc.genericGrantRequest(context.webClient, otpGrant, {
      mfa_token: token,
      otp: new TOTP({ secret: Secret.fromBase32(associated.secret) }).generate(),
    });
    return {
      ...user,
      secret: associated.secret,
      recoveryCode: associated.recovery_codes[0] ?? '',
      mfaAccess: tokens.access_token,
    };
  })();
  return enrolment;
}

export const mfaFeatures: verdict.Feature[] = [
  {
    id: 'mfa.required',
    area,
    title:
      'a sign-in for the MFA audience answers 403 mfa_required with an mfa_token and mfa_requirements (openid-client; auth0.com/docs/secure/multi-factor-authentication/authenticate-using-ropg-flow-with-mfa)',
    async check(context) {
      const user = await newUser(context, 'mfa-required');
      const failure = await verdict.failureOf(() =>
        oidc.genericGrantRequest(context.webClient, passwordRealmGrant, {
          username: user.email,
          password: context.password,
          realm: context.connection,
          audience: `${context.issuer}mfa/`,
          scope: 'enroll',
        }),
      );
      const body = refusalBody(failure);
      return verdict.expectAll([
        [verdict.statusOf(failure) === 403, `status ${verdict.statusOf(failure)}`],
        [body.error === 'mfa_required', `error ${String(body.error)}`],
        [body.error_description === 'Multifactor authentication required', String(body.error_description)],
        [typeof body.mfa_token === 'string', 'mfa_token'],
        // Someone with no factor yet is told to enrol one (auth0-spa-js MfaRequirements).
        [
          JSON.stringify(body.mfa_requirements) === JSON.stringify({ enroll: [{ type: 'otp' }] }),
          `mfa_requirements ${JSON.stringify(body.mfa_requirements)}`,
        ],
      ]);
    },
  },
  {
    id: 'mfa.associate-otp',
    area,
    title: 'POST /mfa/associate (otp) answers the secret, an otpauth barcode_uri and the recovery code',
    async check(context) {
      const user = await newUser(context, 'mfa-associate');
      const response = await mfaApi(context, '/mfa/associate', await mfaToken(context, user.email), {
        method: 'POST',
        body: JSON.stringify({ authenticator_types: ['otp'] }),
      });
      const body = (await response.json()) as Record<string, unknown>;
      const uri = String(body.barcode_uri ?? '');
      return verdict.expectAll([
        [response.status === 200, `status ${response.status}`],
        [body.authenticator_type === 'otp', `authenticator_type ${String(body.authenticator_type)}`],
        [typeof body.secret === 'string' && /^[A-Z2-7]+$/.test(body.secret), 'base32 secret'],
        [uri.startsWith('otpauth://totp/') && new URL(uri).searchParams.get('secret') === body.secret, uri],
        [Array.isArray(body.recovery_codes) && body.recovery_codes.length === 1, 'one recovery code'],
      ]);
    },
  },
  {
    id: 'mfa.otp-grant',
    area,
    title: 'the mfa-otp grant completes the sign-in: tokens validated by openid-client, amr mfa',
    async check(context) {
      const { mfaAccess, userId } = await enrolled(context);
      const claims = unverifiedClaims(mfaAccess);
      return verdict.expectAll([
        [claims.sub === userId, `sub ${String(claims.sub)}`],
        [JSON.stringify(claims.aud).includes(`${context.issuer}mfa/`), `aud ${JSON.stringify(claims.aud)}`],
        [String(claims.scope).includes('remove:authenticators'), `scope ${String(claims.scope)}`],
      ]);
    },
  },
  {
    id: 'mfa.otp-wrong-code',
    area,
    title: 'a wrong code is 403 invalid_grant',
    async check(context) {
      const { email } = await enrolled(context);
      const failure = await verdict.failureOf(() =>
        oidc.genericGrantRequest(context.webClient, otpGrant, {
          mfa_token: '',
          otp: '000000',
        }),
      );
      const wrong = await verdict.failureOf(async () =>
        oidc.genericGrantRequest(context.webClient, otpGrant, {
          mfa_token: await mfaToken(context, email),
          otp: '000000',
        }),
      );
      return verdict.expectAll([
        [verdict.statusOf(failure) === 400, `missing mfa_token: ${verdict.statusOf(failure)}`],
        [
          verdict.statusOf(wrong) === 403 && refusalBody(wrong).error === 'invalid_grant',
          verdict.describeError(wrong),
        ],
      ]);
    },
  },
  {
    id: 'mfa.recovery-code-grant',
    area,
    title: 'the mfa-recovery-code grant signs in and answers the next recovery_code',
    async check(context) {
      const { email, recoveryCode } = await enrolled(context);
      const tokens = await oidc.genericGrantRequest(context.webClient, recoveryGrant, {
        mfa_token: await mfaToken(context, email),
        recovery_code: recoveryCode,
      });
      const next = (tokens as unknown as { recovery_code?: unknown }).recovery_code;
      return verdict.expectAll([
        [typeof tokens.access_token === 'string', 'access_token'],
        [typeof next === 'string' && next !== recoveryCode, `recovery_code ${String(next)}`],
      ]);
    },
  },
  {
    id: 'mfa.authenticators',
    area,
    title:
      'GET /mfa/authenticators lists the app and the recovery code; DELETE removes with remove:authenticators',
    async check(context) {
      const { mfaAccess } = await enrolled(context);
      const listed = (await (await mfaApi(context, '/mfa/authenticators', mfaAccess)).json()) as {
        id: string;
        authenticator_type: string;
        active: boolean;
      }[];
      const types = listed.map((factor) => factor.authenticator_type).sort();
      return verdict.expectAll([
        [JSON.stringify(types) === '["otp","recovery-code"]', JSON.stringify(listed)],
        [listed.every((factor) => factor.active), 'active'],
      ]);
    },
  },
  {
    id: 'mgmt.users.authentication-methods',
    area,
    title:
      'node-auth0 users.authenticationMethods.list (paged, include_totals) lists the password, totp and recovery-code',
    async check(context) {
      const { userId } = await enrolled(context);
      const page = await context.management.users.authenticationMethods.list(userId);
      const types = page.data.map((method) => method.type).sort();
      return verdict.expectAll([
        [JSON.stringify(types) === '["password","recovery-code","totp"]', JSON.stringify(page.data)],
        [page.data.every((method) => typeof method.created_at === 'string'), 'created_at'],
      ]);
    },
  },
];
