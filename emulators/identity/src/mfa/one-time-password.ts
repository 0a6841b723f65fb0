import { Secret, TOTP } from 'otpauth';

// RFC 6238 codes as authenticator apps make them and as Auth0's OTP factor checks them: SHA-1, six
// digits, thirty seconds, one step of clock drift either way.
const period = 30;
const driftSteps = 1;

export function newOtpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period, secret: Secret.fromBase32(secret) });
}

/** The `otpauth://totp/<issuer>:<label>?secret=…` URI an app reads from a QR code (Auth0's `barcode_uri`). */
export function otpUri(secret: string, issuer: string, label: string): string {
  return totpOf(secret, label, issuer).toString();
}

/**
 * The time step a code belongs to, or null when it is not a current code of the secret. Callers keep the
 * last step used, so a code that worked cannot work again (Auth0: a verified code is spent).
 */
export function otpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: driftSteps });
  return delta === null ? null : Math.floor(now / 1000 / period) + delta;
}
