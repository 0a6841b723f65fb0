// Every `code` the API answers with in an error envelope. A client switches on the code, never on the
// message; the API's AppError accepts only these, so a new code is added here first.
// Spelling: `area/kebab-case` (`items/limit-reached`). The snake_case codes below came first and stay
// as they are, since clients switch on them (error-codes.test.ts holds that list closed).
// No imports: the browser bundle takes this file as it is (`@launchkit/api-contract/error-codes`).

/** The caller is not a member of the workspace (never was, was removed, or left). */
export const workspaceNotFound = 'workspaces/not-found';
/** The caller is a member whose seat the owner's plan no longer covers. */
export const workspaceNoSeat = 'workspaces/no-seat';
/** The owner requires a second factor of members, and the caller's sign-in did not pass one. */
export const workspaceSecondFactorRequired = 'workspaces/second-factor-required';
/** The owner requires single sign-on of members, and the caller did not sign in through it. */
export const workspaceSsoRequired = 'workspaces/sso-required';
/** The caller signed in through another organization's single sign-on than the workspace's. */
export const workspaceOtherOrganization = 'workspaces/other-organization';

export const errorCodes = [
  // Any endpoint
  'validation_failed',
  'not_found',
  'bad_request',
  'bad_url',
  'uri_too_long',
  'invalid_json',
  'invalid_content_length',
  'unsupported_media_type',
  'payload_too_large',
  'request_timeout',
  'headers_too_large',
  'rate_limited',
  'rate_limited_user',
  'unavailable',
  'internal_error',
  'forbidden',
  // Signed-in endpoints
  'auth/invalid-user-token',
  'identity_unavailable',
  'identity_error',
  'auth/requires-recent-login',
  'auth/provider-managed-credentials',
  'auth/email-already-in-use',
  'auth/weak-password',
  'auth/invalid-change',
  'auth/email-already-verified',
  'auth/verification-email-too-soon',
  'auth/passkey-not-found',
  'auth/session-not-found',
  'auth/account-deleted',
  // API keys (docs/api-keys.md): the key itself, then what it may call
  'auth/invalid-api-key',
  'auth/api-key-revoked',
  'auth/api-key-expired',
  'auth/api-key-not-allowed',
  'api-keys/rate-limited',
  'api-keys/not-found',
  'api-keys/limit-reached',
  // SCIM tokens (docs/scim.md): managed in Settings → Provisioning, on the business plan
  'scim-tokens/not-found',
  'scim-tokens/limit-reached',
  'scim-tokens/plan-required',
  // Items, plans, seats
  'items/limit-reached',
  'plan/upgrade-required',
  'seats/limit-reached',
  // The team (docs/team.md): members ("sub-users/": the codes clients know since the first release; the
  // domain's word is member), workspaces and invitations
  'sub-users/duplicate-email',
  'sub-users/own-email',
  workspaceNotFound,
  workspaceNoSeat,
  workspaceSecondFactorRequired,
  'workspaces/second-factor-needed-to-require',
  'workspaces/forbidden',
  // A workspace's plan limits (docs/limits.md): its changes a minute
  'workspaces/rate-limited',
  // Ownership transfer: no open offer to the caller, a plan of their own, the items over the limit
  'workspaces/transfer-not-found',
  'workspaces/transfer-recipient-has-plan',
  'workspaces/transfer-over-item-limit',
  // Ownership-offer mails: one workspace's in a day, and one person's open offers (decision 0041)
  'workspaces/transfer-offer-limit',
  'workspaces/transfer-recipient-limit',
  'invitations/not-found',
  'invitations/expired',
  'invitations/used',
  'invitations/wrong-email',
  'invitations/own-workspace',
  'invitations/already-joined',
  'invitations/no-seat',
  'invitations/resend-too-soon',
  'invitations/recipient-limit',
  'invitations/workspace-recipient-limit',
  'invitations/email-not-verified',
  // The activity log (docs/team.md): a `before` cursor the server did not make
  'activity/invalid-cursor',
  // The Activity page's export of a long range, prepared by a job (docs/activity-export.md)
  'activity-exports/in-preparation',
  'activity-exports/not-found',
  'activity-exports/expired',
  'activity-exports/not-ready',
  // The newsletter's confirmation link (double opt-in)
  'newsletter/confirmation-not-found',
  'newsletter/confirmation-expired',
  // Settings → Notifications and the one-click unsubscribe link of optional mails
  'mail/unknown-mail',
  'mail/unsubscribe-link-not-found',
  // Settings → Your data, "Download my data"
  'data-exports/in-preparation',
  'data-exports/too-soon',
  'data-exports/not-found',
  'data-exports/expired',
  'data-exports/not-ready',
  // Settings → Your data, "Delete my account"
  'account/confirmation-mismatch',
  'account/workspace-choice-required',
  'account/transfer-member-not-found',
  'account/transfer-over-item-limit',
  // Single sign-on (docs/sso.md): the plan, the connection's set-up and test, domains, the sign-in
  'sso/plan-required',
  'sso/connection-refused',
  'sso/discovery-failed',
  'sso/no-connection',
  'sso/test-failed',
  'sso/not-tested',
  'sso/not-on',
  'sso/second-factor-needed',
  'sso/domain-exists',
  'sso/domain-taken',
  'sso/record-not-found',
  'sso/not-an-organization-sign-in',
  workspaceSsoRequired,
  workspaceOtherOrganization,
  // Billing
  'billing/unknown-price',
  'billing/already-subscribed',
  'billing/no-customer',
  'billing/provider-error',
  'billing/provider-unavailable',
  'billing/invalid-signature',
  // Settings → Plan (docs/billing.md)
  'billing/no-plan',
  'billing/no-change',
  'billing/seats-in-use',
  'billing/preview-expired',
  // Outbound webhooks (docs/webhooks.md)
  'webhooks/url-refused',
  'webhooks/endpoint-limit',
  'webhooks/endpoint-exists',
  'webhooks/endpoint-not-found',
  'webhooks/delivery-not-found',
  // The back office (docs/operations.md): who may open it, the audit write that must come first
  'operators/not-an-operator',
  'operators/second-factor-required',
  'operators/sign-in-too-old',
  'operators/viewing-as',
  'operators/audit-unavailable',
  'operators/not-found',
  'operators/not-trialing',
  'operators/no-provider-customer',
  'operators/credit-currency-unsupported',
  // An operator's "view as" (docs/operations.md) and a workspace an operator locked
  'impersonation/forbidden-by-workspace',
  'impersonation/ended',
  'impersonation/write-reason-required',
  'workspaces/locked',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/**
 * The codes that mean the caller can no longer open a workspace (removed, left, no seat): a client
 * stops watching it and goes back to its own.
 */
export const workspaceAccessLostCodes: ReadonlySet<string> = new Set<ErrorCode>([
  workspaceNotFound,
  workspaceNoSeat,
]);

/**
 * The codes that mean the session's token will not be accepted again (docs/product.md §8): the browser
 * renews it once, then signs out. `auth/account-deleted`: the account no longer exists.
 */
export const sessionRefusedCodes: ReadonlySet<string> = new Set<ErrorCode>([
  'auth/invalid-user-token',
  'auth/account-deleted',
]);
