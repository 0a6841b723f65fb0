/**
 * The issuer and every URL derived from it. The issuer is fixed by IDENTITY_ISSUER or the configured
 * port; with port 0 (tests) it follows the port the server ends up listening on.
 */
export class IssuerUrls {
  private current: string;

  constructor(
    private readonly configuredIssuer: string | undefined,
    private readonly configuredAudience: string | undefined,
  ) {
    this.current = configuredIssuer ?? 'http://localhost/';
  }

  followListeningPort(port: number): void {
    if (!this.configuredIssuer) this.current = `http://localhost:${port}/`;
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

  /** The second audience of user access tokens: what /userinfo accepts. */
  get userinfoAudience(): string {
    return `${this.current}userinfo`;
  }

  /** The audience a user's token gets when the request names none (AUTH0_AUDIENCE). */
  get defaultAudience(): string {
    return this.configuredAudience ?? this.managementAudience;
  }

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
