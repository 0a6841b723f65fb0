/**
 * The issuer and every URL derived from it. The issuer is fixed by IDENTITY_ISSUER or the configured
 * port; with port 0 (tests) it follows the port the server ends up listening on, on localhost, with the
 * scheme the server speaks (https with EMULATOR_TLS_CERT_FILE and EMULATOR_TLS_KEY_FILE).
 */
export class IssuerUrls {
  private current: string;
  private readonly configuredIssuer: string | undefined;
  private readonly configuredAudience: string | undefined;
  private readonly protocol: 'http:' | 'https:';

  constructor(
    configuredIssuer: string | undefined,
    configuredAudience: string | undefined,
    protocol: 'http:' | 'https:' = 'http:',
  ) {
    this.configuredIssuer = configuredIssuer;
    this.configuredAudience = configuredAudience;
    this.protocol = protocol;
    this.current = configuredIssuer ?? `${protocol}//localhost/`;
  }

  followListeningPort(port: number): void {
    if (!this.configuredIssuer) this.current = `${this.protocol}//localhost:${port}/`;
  }

  /** Origin and path, ending with "/": the `iss` claim. */
  get issuer(): string {
    return this.current;
  }

  get origin(): string {
    return new URL(this.current).origin;
  }

  /** Audience of the Management API, of client-credentials tokens and of what /api/v2 accepts. */
  get managementAudience(): string {
    return `${this.current}api/v2/`;
  }

  /** Audience of tokens for the MFA API (/mfa/*): enrol, list and remove second factors. */
  get mfaAudience(): string {
    return `${this.current}mfa/`;
  }

  /** Audience of tokens for the My Account API (/me/v1/*): a person's own authentication methods. */
  get myAccountAudience(): string {
    return `${this.current}me/`;
  }

  /** The second audience of user access tokens: what /userinfo accepts. */
  get userinfoAudience(): string {
    return `${this.current}userinfo`;
  }

  /**
   * The API registered for the product (AUTH0_AUDIENCE; the Management API when unset). A request must
   * name it: without an audience, a user's access token is opaque, as on a default Auth0 tenant.
   */
  get apiAudience(): string {
    return this.configuredAudience ?? this.managementAudience;
  }

  /** Whether the issuer is https: the emulator's cookies are then `Secure`. */
  get isSecure(): boolean {
    return this.current.startsWith('https:');
  }

  /** An absolute URL under the issuer: `link('lo/reset', {ticket})`. */
  link(relativePath: string, query: Record<string, string> = {}): string {
    const url = new URL(relativePath, this.current);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.toString();
  }
}
