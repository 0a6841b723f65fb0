/** Everything the emulator remembers, kept in memory and written to `state.json` after each change. */

export const socialConnections = ['google-oauth2', 'facebook', 'twitter', 'github'] as const;
export type SocialConnection = (typeof socialConnections)[number];

export type DatabaseIdentity = {
  provider: 'auth0';
  connection: string;
  /** The id without the `auth0|` prefix, as Auth0 lists it in `identities`. */
  userId: string;
  isSocial: false;
  email: string;
  /** `scrypt$N$r$p$salt$hash`; never the password itself. Empty: signed up with a passkey, no password. */
  passwordHash: string;
  /** The profile the identity had when it was linked into another user (Auth0's `profileData`). */
  profileData?: Record<string, unknown>;
};

export type SocialIdentity = {
  provider: SocialConnection;
  connection: SocialConnection;
  userId: string;
  isSocial: true;
  email: string;
  profileData?: Record<string, unknown>;
};

/** An identity from an enterprise connection: the outside provider's user (SAML NameID, OIDC sub). */
export type EnterpriseIdentity = {
  provider: 'samlp' | 'oidc';
  connection: string;
  /** `<connection>|<the provider's id>`, as Auth0 shows it (the user id is `<provider>|` and this). */
  userId: string;
  isSocial: false;
  email: string;
  profileData?: Record<string, unknown>;
};

export type Identity = DatabaseIdentity | SocialIdentity | EnterpriseIdentity;

export type UserRecord = {
  /** `<provider>|<id>` of the primary identity (`identities[0]`). */
  userId: string;
  email: string;
  emailVerified: boolean;
  name: string;
  nickname: string;
  /** Null: the generated avatar of the email address. */
  picture: string | null;
  givenName: string | null;
  familyName: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  /** Blocked by an administrator (Management API); brute-force blocks are kept in `loginFailures`. */
  blocked: boolean;
  identities: Identity[];
  createdAt: string;
  updatedAt: string;
  lastLogin: string | null;
  lastIp: string | null;
  loginsCount: number;
  /** Second factors (Auth0's MFA authenticators); absent in state written before they existed. */
  authenticators?: Authenticator[];
  /** WebAuthn credentials that sign the person in (Auth0's passkeys); absent before the first. */
  passkeys?: PasskeyRecord[];
  /** Auth0's `last_password_reset`: when a reset link last set the password; absent: never. */
  lastPasswordReset?: string;
};

export type PasskeyRecord = {
  /** `passkey|dev_…`: the authentication method's id. */
  id: string;
  /** The credential's id (base64url), as the authenticator names it. */
  credentialId: string;
  /** The COSE public key (base64url). */
  publicKey: string;
  /** The signature counter last seen: an assertion must carry a greater one (when the authenticator counts). */
  counter: number;
  transports?: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
};

/** An authenticator app (Auth0's `otp` factor); unconfirmed until its first code is verified. */
export type OtpAuthenticator = {
  type: 'otp';
  /** `totp|dev_…`, as Auth0 names it. */
  id: string;
  /** Base32; the app holds the same secret. */
  secret: string;
  confirmed: boolean;
  createdAt: string;
  /** The time step of the last code accepted: that code and older ones are spent. */
  lastStep: number | null;
  lastAuthAt: string | null;
};

/** Auth0's single recovery code: using it spends it and issues the next. Only its hash is kept. */
export type RecoveryCodeAuthenticator = {
  type: 'recovery-code';
  id: string;
  codeHash: string;
  createdAt: string;
};

export type Authenticator = OtpAuthenticator | RecoveryCodeAuthenticator;

/** The `mfa_token` of an `mfa_required` answer: the first factor passed, the second still owed. */
export type MfaTokenRecord = {
  userId: string;
  clientId: string;
  /** The API of the sign-in that was stopped; its tokens are issued once the second factor passes. */
  audience?: string;
  scope: string;
  sid: string;
  expiresAt: number;
  /**
   * On the hosted page: the recovery code passed and its successor is being shown; the next step only
   * finishes the sign-in.
   */
  passed?: boolean;
};

export type SessionRecord = {
  userId: string;
  /** Public session id, the `sid` claim; the cookie value itself is only stored hashed. */
  sid: string;
  /** Seconds since the epoch, the `auth_time` claim. */
  authTime: number;
  expiresAt: number;
  /** `['mfa']` when the sign-in passed a second factor: tokens from this session say so. */
  amr?: string[];
};

export type RefreshTokenRecord = {
  /** The family's public id (Management API: refresh-tokens/{id}): the first token's, kept by its successors. */
  familyId: string;
  /** When the family began (its sign-in), ms. */
  familyCreatedAt: number;
  /** When this token was exchanged for its successor, ms: a rotated token exchanged again is a reuse. */
  rotatedAt?: number;
  /** The family's last exchange, ms (Management API: last_exchanged_at). */
  lastExchangedAt?: number;
  device: { initialUserAgent: string; initialIp: string; lastUserAgent: string; lastIp: string };
  userId: string;
  clientId: string;
  /** None: the sign-in named no audience, and its access tokens are opaque. */
  audience?: string;
  scope: string;
  authTime: number;
  sid: string;
  createdAt: number;
  /** The sign-in's `amr`: a refresh proves nothing new, and keeps what the sign-in proved. */
  amr?: string[];
  /** The organization signed in through: refreshed tokens keep its `org_id`. */
  organizationId?: string;
};

export type TicketKind = 'reset' | 'verify' | 'unblock';

export type TicketRecord = {
  kind: TicketKind;
  userId: string;
  /** For an unblock ticket: the address whose block it lifts. */
  ip?: string;
  /** For a verification ticket: the address it verifies (the user may have changed it since). */
  email?: string;
  expiresAt: number;
  usedAt: number | null;
};

/** Consecutive failed sign-ins of one user from one address (Auth0's brute-force protection). */
export type LoginFailureRecord = {
  userId: string;
  ip: string;
  count: number;
  blockedAt: number | null;
};

/** Auth0's Organization: a customer's workspace, with its members, enabled connections and invitations. */
export type OrganizationRecord = {
  /** `org_` and 16 random characters, as Auth0 names them. */
  id: string;
  /** Unique, lowercase: what /authorize's `organization` may name when the tenant allows names. */
  name: string;
  displayName?: string;
  branding?: Record<string, unknown>;
  metadata: Record<string, string>;
  createdAt: string;
  /** User ids, in the order they were added. */
  members: string[];
  enabledConnections: OrganizationConnectionRecord[];
};

export type OrganizationConnectionRecord = {
  connectionId: string;
  /** Who signs in with this connection through the organization becomes a member (Auth0's auto-membership). */
  assignMembershipOnLogin: boolean;
  showAsButton: boolean;
  isSignupEnabled: boolean;
};

/** An invitation to an organization; its `ticketId` is the `invitation` parameter of the link. */
export type InvitationRecord = {
  id: string;
  organizationId: string;
  inviterName: string;
  inviteeEmail: string;
  clientId: string;
  connectionId?: string;
  roles: string[];
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  ticketId: string;
  createdAt: string;
  expiresAt: string;
};

/** An enterprise connection to an outside identity provider (Auth0's `samlp` and `oidc` strategies). */
export type ConnectionRecord = {
  /** `con_` and 16 random characters. */
  id: string;
  name: string;
  strategy: 'samlp' | 'oidc';
  displayName?: string;
  /** As the Management API was given them (with what the emulator derived, such as the OIDC endpoints). */
  options: Record<string, unknown>;
  enabledClients: string[];
  createdAt: string;
};

/** A code of the authorization-code flow: single use, short-lived, bound to its PKCE challenge. */
export type AuthorizationCodeRecord = {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | undefined;
  userId: string;
  audience: string | undefined;
  scope: string;
  nonce: string | undefined;
  organizationId: string | undefined;
  sid: string;
  authTime: number;
  amr?: string[];
  expiresAt: number;
};

/** Tenant settings the Management API changes (`/api/v2/tenants/settings`). */
export type TenantSettingsRecord = {
  /** Auth0's "Use Organization Names in Authentication API": `organization=<name>` and an `org_name` claim. */
  allowOrganizationNameInAuthenticationApi: boolean;
};

export type IdentityState = {
  users: Map<string, UserRecord>;
  /** Keyed by the SHA-256 of the session cookie. */
  sessions: Map<string, SessionRecord>;
  /** Keyed by the SHA-256 of the refresh token. */
  refreshTokens: Map<string, RefreshTokenRecord>;
  /** Keyed by the SHA-256 of the ticket in the emailed link. */
  tickets: Map<string, TicketRecord>;
  /** Keyed by `${userId} ${ip}`. */
  loginFailures: Map<string, LoginFailureRecord>;
  /** Keyed by the SHA-256 of the mfa_token. */
  mfaTokens: Map<string, MfaTokenRecord>;
  /** Keyed by id. Absent from state written before organizations existed: StateFile fills it in. */
  organizations: Map<string, OrganizationRecord>;
  /** Keyed by id. */
  invitations: Map<string, InvitationRecord>;
  /** Enterprise connections, keyed by id (the database and social connections are configured, not stored). */
  connections: Map<string, ConnectionRecord>;
  /** Keyed by the SHA-256 of the code. */
  authorizationCodes: Map<string, AuthorizationCodeRecord>;
  /** One record, keyed `settings`. */
  tenant: Map<string, TenantSettingsRecord>;
  /** SAML assertion ids already accepted, with when they stop being valid (ms): a replay is refused. */
  samlAssertions: Map<string, number>;
};
