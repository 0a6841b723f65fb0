import { AuthError, SecondFactorRequired } from './auth-error.ts';
import { loadIdentity, type SignInTokens } from './identity-client.ts';
import {
  askProvider,
  type ProviderAnswer,
  passwordToken,
  signInTokensOf,
  tokenRequest,
} from './provider-request.ts';

// The provider's MFA API as the browser uses it (Auth0: "Authenticate using the Resource Owner Password
// Flow with MFA", "Manage authentication factors with the Authentication API"), through
// provider-request.ts: auth0-js has no calls for it.

const otpGrant = 'http://auth0.com/oauth/grant-type/mfa-otp';
const recoveryCodeGrant = 'http://auth0.com/oauth/grant-type/mfa-recovery-code';
const mfaScope = 'enroll read:authenticators remove:authenticators';

export type SecondFactorAnswer = { code: string } | { recoveryCode: string };

/**
 * Completes a sign-in the provider stopped with `mfa_required`. A recovery code is spent by its use;
 * the provider answers with the next one, which the person must keep.
 */
export async function verifySecondFactor(
  mfaToken: string,
  answer: SecondFactorAnswer,
): Promise<SignInTokens & { nextRecoveryCode: string | null }> {
  const body = await tokenRequest(
    'code' in answer
      ? { grant_type: otpGrant, mfa_token: mfaToken, otp: answer.code.replace(/\s/g, '') }
      : { grant_type: recoveryCodeGrant, mfa_token: mfaToken, recovery_code: answer.recoveryCode.trim() },
  );
  return {
    ...signInTokensOf(body),
    nextRecoveryCode: typeof body.recovery_code === 'string' ? body.recovery_code : null,
  };
}

/**
 * Proves the password again for the MFA API: the provider always stops such a sign-in with
 * `mfa_required`, and its mfa_token is what enrolment and removal start from.
 */
async function mfaTokenForPassword(email: string, password: string): Promise<string> {
  const { config } = await loadIdentity();
  try {
    await passwordToken(email, password, {
      audience: new URL('mfa/', config.issuer).toString(),
      scope: mfaScope,
    });
  } catch (error) {
    if (error instanceof SecondFactorRequired) return error.mfaToken;
    throw error;
  }
  throw new AuthError(
    'mfa_not_enforced',
    'The identity provider did not ask for a second factor. Check its MFA settings.',
  );
}

export type AuthenticatorAppSetup = {
  mfaToken: string;
  /** Base32, for typing into the app by hand. */
  secret: string;
  /** The `otpauth://` URI the QR code carries. */
  barcodeUri: string;
  /** Given by the provider on the first enrolment only. */
  recoveryCode: string | null;
};

/** Settings → Security, step one: the password, then a new authenticator app at the provider. */
export async function beginAuthenticatorAppSetup(
  email: string,
  password: string,
): Promise<AuthenticatorAppSetup> {
  const mfaToken = await mfaTokenForPassword(email, password);
  const body = (await askProvider('mfa/associate', {
    bearer: mfaToken,
    body: { authenticator_types: ['otp'] },
  })) as ProviderAnswer;
  if (body.error_description === 'User is already enrolled.' || typeof body.secret !== 'string') {
    throw new AuthError('already_enrolled', 'Two-factor authentication is already on.');
  }
  const recoveryCodes = Array.isArray(body.recovery_codes) ? body.recovery_codes : [];
  return {
    mfaToken,
    secret: body.secret,
    barcodeUri: String(body.barcode_uri ?? ''),
    recoveryCode: typeof recoveryCodes[0] === 'string' ? recoveryCodes[0] : null,
  };
}

/** Step two: the app's first code confirms it; from then on every sign-in asks for a code. */
export async function confirmAuthenticatorApp(setup: AuthenticatorAppSetup, code: string): Promise<void> {
  await verifySecondFactor(setup.mfaToken, { code });
}

/** Turns two-factor off: the password and a code (or the recovery code), then every factor is removed. */
export async function removeSecondFactors(email: string, password: string, answer: SecondFactorAnswer) {
  const mfaToken = await mfaTokenForPassword(email, password);
  const { accessToken } = await verifySecondFactor(mfaToken, answer);
  const listed = await askProvider('mfa/authenticators', { method: 'GET', bearer: accessToken });
  const ids = (Array.isArray(listed) ? listed : []).map((factor) => String(factor.id));
  // The recovery code goes with the last app; removing it again answers 404, which is fine.
  for (const id of ids) {
    await askProvider(`mfa/authenticators/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      bearer: accessToken,
    }).catch((error: unknown) => {
      if (!(error instanceof AuthError && error.status === 404)) throw error;
    });
  }
}
