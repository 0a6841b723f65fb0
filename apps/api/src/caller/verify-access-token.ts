import {
  passwordResetAtClaim,
  secondFactorClaim,
  signedInAtClaim,
} from '@launchkit/api-contract/access-token-claims';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import type { IdentityConfig } from '#api/config/app-config.ts';

/** What the API knows about a caller once their access token has been verified. */
export type VerifiedIdentity = {
  uid: string;
  /**
   * When the person last proved who they are (seconds since the epoch): `signedInAtClaim`, else `iat`
   * (a token straight from a sign-in). It names the session (decision 0028).
   */
  authTime: number;
  /** When the token stops being valid (`exp`, seconds since the epoch). */
  expiresAt: number;
  scope: string[];
  token: string;
  /** The sign-in passed a second factor (`secondFactorClaim`, set by the provider). */
  secondFactor: boolean;
  /** When the person last reset their password (`passwordResetAtClaim`), if ever. */
  passwordResetAt?: number;
  /**
   * The organization the person signed in through (Auth0's `org_id`, single sign-on): the token opens
   * that organization's workspace and no other's (access/authorize-workspace.ts, decision 0055).
   */
  organization?: string;
};

// Auth0's default, and the spec's (docs/product.md §5, §9): clocks may disagree by up to a minute.
const clockToleranceSeconds = 60;

export type AccessTokenVerifier = (token: string) => Promise<VerifiedIdentity>;

export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}

/**
 * Verifies RS256 access tokens against the provider's JWKS. jose caches the key set and refetches it
 * when a token names an unknown `kid` (key rotation), at most once per cooldown: a flood of forged
 * kids costs the provider one request per 5 s, and a real rotation is picked up within 5 s.
 */
export function createAccessTokenVerifier(identity: IdentityConfig): AccessTokenVerifier {
  const keys = createRemoteJWKSet(new URL(identity.jwksUri), {
    cooldownDuration: 5_000,
    cacheMaxAge: 10 * 60_000,
    timeoutDuration: 5_000,
  });
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: ['RS256'],
        issuer: identity.issuer,
        audience: identity.audience,
        clockTolerance: clockToleranceSeconds,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      // A key set that cannot be fetched says nothing about the token: let it surface as unavailable.
      if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) throw error;
      if (error instanceof errors.JOSEError) throw new InvalidTokenError(error.code);
      throw error;
    }
    if (typeof payload.sub !== 'string' || payload.sub.length === 0)
      throw new InvalidTokenError('no_subject');
    // The product's API is for people signed in through the web client. A machine token of the
    // Management API client (client-credentials grant) has the same issuer, and the same audience while
    // AUTH0_AUDIENCE is left at the Management API: it must not pass for a user named `…@clients`.
    if (payload.gty === 'client-credentials') throw new InvalidTokenError('machine_token');
    // `azp`: the client the token was issued to. Another application of the tenant asking for this
    // audience gets tokens too; only the web client's are the product's sessions.
    if (payload.azp !== identity.clientId) throw new InvalidTokenError('other_client');
    const signedInAt = payload[signedInAtClaim];
    // A refreshed token's `iat` is the refresh, not the sign-in: without the claim it says nothing of
    // when the person proved who they are, or which session it is. Refused rather than guessed.
    if (typeof signedInAt !== 'number' && payload.gty === 'refresh_token')
      throw new InvalidTokenError('refreshed_without_sign_in_time');
    const authTime = typeof signedInAt === 'number' ? signedInAt : (payload.iat as number);
    const scope = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
    const secondFactor = payload[secondFactorClaim] === true;
    const resetAt = payload[passwordResetAtClaim];
    const organization = payload.org_id;
    if (organization !== undefined && (typeof organization !== 'string' || organization.length === 0))
      throw new InvalidTokenError('bad_organization');
    return {
      uid: payload.sub,
      authTime,
      expiresAt: payload.exp as number,
      scope,
      token,
      secondFactor,
      ...(typeof resetAt === 'number' && Number.isInteger(resetAt) && { passwordResetAt: resetAt }),
      ...(typeof organization === 'string' && { organization }),
    };
  };
}
