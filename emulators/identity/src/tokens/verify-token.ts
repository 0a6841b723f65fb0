import { errors, type JWTPayload, jwtDecrypt, jwtVerify } from 'jose';
import type { IdentityContext } from '#identity/context.ts';
import { splitScope } from './scopes.ts';

export type VerifiedToken = JWTPayload & { sub: string; scopes: string[] };

export class InvalidTokenError extends Error {
  readonly isExpired: boolean;

  constructor(message: string, isExpired = false) {
    super(message);
    this.isExpired = isExpired;
    this.name = 'InvalidTokenError';
  }
}

/**
 * Checks a token this emulator signed: RS256 with its key, its issuer, an audience, expiry (no leeway:
 * the emulator is its own clock). Throws InvalidTokenError with a reason fit for an error message.
 */
export async function verifyToken(
  context: IdentityContext,
  token: string,
  audience: string,
): Promise<VerifiedToken> {
  try {
    const { payload } = await jwtVerify(token, context.key.publicKey, {
      algorithms: ['RS256'],
      issuer: context.urls.issuer,
      audience,
    });
    return verifiedClaims(payload);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    if (error instanceof errors.JWTExpired) throw new InvalidTokenError('The token has expired.', true);
    if (error instanceof errors.JWTClaimValidationFailed) {
      if (error.claim === 'aud')
        throw new InvalidTokenError(`Bad audience: the token is not for ${audience}.`);
      if (error.claim === 'iss')
        throw new InvalidTokenError(`Bad issuer: the token was not issued by ${context.urls.issuer}.`);
      throw new InvalidTokenError(`Invalid token: ${error.message}.`);
    }
    throw new InvalidTokenError('Invalid token: it is not a JWT signed by this identity provider.');
  }
}

/** The claims of a token whose signature or encryption checked out: it must name its subject. */
function verifiedClaims(payload: JWTPayload): VerifiedToken {
  if (typeof payload.sub !== 'string') throw new InvalidTokenError('The token has no subject.');
  return {
    ...payload,
    sub: payload.sub,
    scopes: splitScope(typeof payload.scope === 'string' ? payload.scope : undefined),
  };
}

/**
 * A token /userinfo accepts: a JWT for its audience (`<issuer>userinfo`, there when openid was granted)
 * or an opaque token issued without an audience (a JWE only this emulator can read).
 */
export async function verifyUserinfoToken(context: IdentityContext, token: string): Promise<VerifiedToken> {
  if (token.split('.').length !== 5) return verifyToken(context, token, context.urls.userinfoAudience);
  try {
    const { payload } = await jwtDecrypt(token, context.key.opaqueTokenKey, { issuer: context.urls.issuer });
    return verifiedClaims(payload);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw error;
    if (error instanceof errors.JWTExpired) throw new InvalidTokenError('The token has expired.', true);
    throw new InvalidTokenError('Invalid token: it is not a token issued by this identity provider.');
  }
}

/** The `Bearer` token of an Authorization header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
