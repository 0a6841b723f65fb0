import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, importPKCS8, importX509, SignJWT } from 'jose';
import type { KeyAndCertificate } from '#identity/storage/saml-keys.ts';

/**
 * The OpenID provider the emulator plays (a customer's Okta or Entra ID behind an `oidc` connection):
 * discovery, an authorization endpoint whose page lets the person choose who they are, a token
 * endpoint answering signed ID tokens, and its JWKS. It knows every client id; a client secret must be
 * sent, and each code works once, for its client and redirect URI.
 */
export type OutsideSignIn = {
  clientId: string;
  redirectUri: string;
  nonce?: string;
  email: string;
  name?: string;
  expiresAt: number;
};

export class OutsideOidcProvider {
  private readonly codes = new Map<string, OutsideSignIn>();
  private readonly key: KeyAndCertificate;

  constructor(key: KeyAndCertificate) {
    this.key = key;
  }

  issue(signIn: Omit<OutsideSignIn, 'expiresAt'>): string {
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, { ...signIn, expiresAt: Date.now() + 60_000 });
    return code;
  }

  /** The sign-in a code stands for, spent; undefined when unknown, expired or not this client's. */
  redeem(code: string, clientId: string, redirectUri: string | undefined): OutsideSignIn | undefined {
    const signIn = this.codes.get(code);
    this.codes.delete(code);
    if (
      !signIn ||
      signIn.expiresAt <= Date.now() ||
      signIn.clientId !== clientId ||
      signIn.redirectUri !== redirectUri
    )
      return undefined;
    return signIn;
  }

  async idToken(issuer: string, signIn: OutsideSignIn): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      email: signIn.email,
      email_verified: true,
      ...(signIn.name ? { name: signIn.name } : {}),
      ...(signIn.nonce ? { nonce: signIn.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid: this.kid() })
      .setIssuer(issuer)
      .setAudience(signIn.clientId)
      .setSubject(subjectOf(signIn.email))
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await importPKCS8(this.key.privateKey, 'RS256'));
  }

  async jwks() {
    const jwk = await exportJWK(await importX509(this.key.certificate, 'RS256'));
    return { keys: [{ ...jwk, kid: this.kid(), use: 'sig', alg: 'RS256' }] };
  }

  private kid() {
    return createHash('sha256').update(this.key.certificate).digest('base64url').slice(0, 16);
  }
}

/** A stable subject per email: the same person signs in as the same user each time. */
export const subjectOf = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24);
