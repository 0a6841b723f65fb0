import type { Mailer } from '@launchkit/mail';
import type { IdentityConfig } from './config.ts';
import type { EnterpriseTransactions } from './connections/enterprise-transactions.ts';
import type { RateLimiter } from './http/rate-limiter.ts';
import type { IssuerUrls } from './issuer-urls.ts';
import type { OutsideOidcProvider } from './outside-idp/oidc-identity-provider.ts';
import type { PasskeyCeremonies } from './passkeys/ceremonies.ts';
import type { SamlKeys } from './storage/saml-keys.ts';
import type { SigningKey } from './storage/signing-key.ts';
import type { StateFile } from './storage/state-file.ts';

/** What every route and action of the emulator works with; built once in app.ts. */
export type IdentityContext = {
  config: IdentityConfig;
  urls: IssuerUrls;
  store: StateFile;
  key: SigningKey;
  mailer: Mailer;
  /** Auth0's rate limits; none with IDENTITY_RATE_LIMITS=off. */
  rateLimits: {
    resetRequests?: RateLimiter;
    userinfo?: RateLimiter;
    loginAttempts?: RateLimiter;
    /** The tenant's Management API requests (x-ratelimit-* on every answer, 429 past the limit). */
    management?: RateLimiter;
  };
  /**
   * Wrong second-factor codes per person: Auth0's bucket of 10 attempts, refilled by one every six
   * minutes. Always on (IDENTITY_RATE_LIMITS does not turn off a lockout).
   */
  secondFactorFailures: RateLimiter;
  /** Passkey sign-ups and sign-ins under way (their `auth_session`). */
  passkeyCeremonies: PasskeyCeremonies;
  /** The SAML certificates: the tenant's (shown on SAML connections) and the outside provider's the emulator plays. */
  samlKeys: SamlKeys;
  /** Sign-ins sent to an enterprise connection's provider, waiting for its answer. */
  enterpriseTransactions: EnterpriseTransactions;
  /** The OpenID provider the emulator plays for `oidc` connections (/idp/oidc). */
  outsideOidc: OutsideOidcProvider;
};
