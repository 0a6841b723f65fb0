// Every `code` the API answers with in an error envelope. A client switches on the code, never on the
// message; the API's AppError accepts only these, so a new code is added here first.
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
  // Items, sub-users, plans
  'items/limit-reached',
  'plan/upgrade-required',
  'seats/limit-reached',
  'sub-users/duplicate-email',
  'sub-users/own-email',
  // Teams: workspaces and invitations (docs/teams.md)
  'workspaces/not-found',
  'workspaces/no-seat',
  'invitations/not-found',
  'invitations/expired',
  'invitations/used',
  'invitations/wrong-email',
  'invitations/own-workspace',
  'invitations/already-joined',
  // Billing
  'billing/unknown-price',
  'billing/already-subscribed',
  'billing/no-customer',
  'billing/provider-error',
  'billing/provider-unavailable',
  'billing/invalid-signature',
] as const;

export type ErrorCode = (typeof errorCodes)[number];
