import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { idParams, ok } from './endpoint-parts.ts';
import { passkeyNameField, passwordField, pictureUrlField, profileNameField } from './field-rules.ts';
import { emailAddress, text, timestamp } from './fields.ts';
import { planId } from './plans.ts';

// docs/product.md §7: PATCH auth-user with {email}, or {password}, or a profile object. Everything is
// checked before the provider is called, so the database write that follows cannot fail on the input.
export const emailChangeRequest = z.strictObject({ email: emailAddress }).meta({ id: 'EmailChangeRequest' });
export const passwordChangeRequest = z
  .strictObject({
    // Taken as typed: spaces count, and are part of the password at the provider too.
    password: text(passwordField),
    endOtherSessions: z
      .boolean()
      .optional()
      .describe(
        "Whether the person's other sessions end with the change (their tokens refused, their refresh tokens revoked at the provider); true unless false.",
      ),
  })
  .meta({ id: 'PasswordChangeRequest' });
export const profileChangeRequest = z
  .strictObject({
    name: text(profileNameField).optional(),
    picture: text(pictureUrlField)
      .pipe(z.url({ protocol: /^https?$/, error: pictureUrlField.invalid }))
      .optional(),
  })
  .refine((profile) => profile.name !== undefined || profile.picture !== undefined, {
    error: 'Send {email}, {password} or a profile with name or picture.',
  })
  .meta({ id: 'ProfileChangeRequest' });
/** What PATCH /api/auth-user accepts; the API tells the three apart by the body's keys. */
export const authUserChangeRequest = z.union([
  emailChangeRequest,
  passwordChangeRequest,
  profileChangeRequest,
]);

/**
 * The user document as the browser sees it (§3), keyed by the identity provider's subject, with the
 * plan the billing webhook wrote and what it means (`planId` from the price id, `planIsActive`).
 */
export const userDocument = z
  .object({
    uid: z.string().describe("The identity provider's subject (`auth0|…`)."),
    email: z.string(),
    name: z.string().nullable(),
    picture: z.string().nullable(),
    createdAt: timestamp,
    stripePriceId: z.string().nullable(),
    stripeSubscriptionStatus: z
      .string()
      .nullable()
      .describe("The subscription's status at the payment provider (active, trialing, past_due, …)."),
    quantity: z.int().describe('Seats bought: how many members the owner may add.'),
    trialEnd: timestamp.nullable(),
    currentPeriodEnd: timestamp.nullable(),
    nextPaymentAttempt: timestamp
      .nullable()
      .describe(
        'While a renewal payment is failing: when the provider tries the card again; null when it will not.',
      ),
    planId: planId.nullable(),
    planIsActive: z.boolean().describe('Whether the subscription is active or in its trial.'),
    planInForce: z
      .boolean()
      .describe(
        "Whether the plan's features and seats apply: active, trialing, or past due while the payment is retried.",
      ),
  })
  .meta({ id: 'UserDocument' });

/** The identity provider's public settings the browser signs in with (decision 0005). */
export const identitySettings = z
  .object({
    domain: z.string(),
    issuer: z.string(),
    clientId: z.string(),
    audience: z.string(),
    connection: z.string(),
    passkeys: z.boolean().describe('Whether the site offers passkeys (PASSKEYS).'),
  })
  .meta({ id: 'IdentitySettings' });

/** Where a new verification link went. */
export const verificationEmailSent = z
  .object({ email: z.string().describe('The address the identity provider mailed the link to.') })
  .meta({ id: 'VerificationEmailSent' });

/**
 * One way the person proves who they are, as the identity provider lists it (Auth0's authentication
 * methods): the password, a passkey, an authenticator app, or the recovery code that stands in for it.
 */
export const authenticationMethod = z
  .object({
    id: z.string().describe("The provider's id of the method (`password|…`, `passkey|…`, `totp|…`)."),
    type: z.enum(['password', 'passkey', 'authenticator-app', 'recovery-code']),
    name: z.string().nullable().describe("A passkey's name; null for the others."),
    createdAt: timestamp,
    lastUsedAt: timestamp.nullable(),
  })
  .meta({ id: 'AuthenticationMethod' });

export const passkeyRenameRequest = z
  .strictObject({ name: text(passkeyNameField) })
  .meta({ id: 'PasskeyRenameRequest' });

const authenticationMethodParams = idParams("The method's id, percent-encoded (`passkey%7C…`).");

export const authenticationMethods = z
  .object({ methods: z.array(authenticationMethod) })
  .meta({ id: 'AuthenticationMethods' });

export type AuthUserChangeRequest = z.output<typeof authUserChangeRequest>;
export type UserDocument = z.output<typeof userDocument>;
export type IdentitySettings = z.output<typeof identitySettings>;
export type VerificationEmailSent = z.output<typeof verificationEmailSent>;
export type AuthenticationMethod = z.output<typeof authenticationMethod>;
export type AuthenticationMethods = z.output<typeof authenticationMethods>;
export type PasskeyRenameRequest = z.output<typeof passkeyRenameRequest>;

export const userEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/identity-config',
    id: 'getIdentityConfig',
    tag: 'Account',
    summary: "The identity provider's public settings",
    auth: 'public',
    answer: ok('The settings.', identitySettings),
  }),
  endpoint({
    method: 'GET',
    path: '/api/user',
    id: 'getUser',
    tag: 'Account',
    summary: "The caller's user document (created by the first call)",
    auth: 'bearer',
    answer: ok('The user document.', userDocument),
  }),
  endpoint({
    method: 'PATCH',
    path: '/api/auth-user',
    id: 'updateAuthUser',
    tag: 'Account',
    summary: 'Changes the email, the password, or the name and picture',
    description:
      'Email and password changes need a recent sign-in (`auth/requires-recent-login`: sign in again and retry) and a database user of the provider. A password change ends the other sessions unless `endOtherSessions: false`.',
    auth: 'bearer',
    request: { body: authUserChangeRequest },
    answer: ok('The user document.', userDocument),
    errors: {
      400: ['auth/weak-password', 'auth/invalid-change'],
      401: ['auth/requires-recent-login'],
      409: ['auth/provider-managed-credentials', 'auth/email-already-in-use'],
      502: ['identity_error'],
    },
  }),
  endpoint({
    method: 'POST',
    path: '/api/auth-user/verification-email',
    id: 'sendVerificationEmail',
    tag: 'Account',
    summary: 'Mails the caller a new link that verifies their email address',
    description:
      'The identity provider sends it. Once a minute at most (`auth/verification-email-too-soon`); refused when the address is verified already.',
    auth: 'bearer',
    answer: ok('The address the link was mailed to.', verificationEmailSent),
    errors: {
      409: ['auth/email-already-verified'],
      429: ['auth/verification-email-too-soon'],
      502: ['identity_error'],
    },
  }),
  endpoint({
    method: 'GET',
    path: '/api/auth-user/authentication-methods',
    id: 'listAuthenticationMethods',
    tag: 'Account',
    summary: "The caller's password, passkeys and second factors",
    description:
      'Read from the identity provider (confirmed ones only). Enrolling and removing them is done with the provider itself (its MFA API), which asks for the password and a code first.',
    auth: 'bearer',
    answer: ok('The methods, oldest first.', authenticationMethods),
    errors: { 502: ['identity_error'] },
  }),
  endpoint({
    method: 'PATCH',
    path: '/api/auth-user/authentication-methods/:id',
    id: 'renamePasskey',
    tag: 'Account',
    summary: "Renames one of the caller's passkeys",
    auth: 'bearer',
    request: { params: authenticationMethodParams, body: passkeyRenameRequest },
    answer: ok('The passkey.', authenticationMethod),
    errors: { 404: ['auth/passkey-not-found'], 502: ['identity_error'] },
  }),
  endpoint({
    method: 'DELETE',
    path: '/api/auth-user/authentication-methods/:id',
    id: 'removePasskey',
    tag: 'Account',
    summary: "Removes one of the caller's passkeys: it no longer signs in",
    description: 'Needs a recent sign-in (`auth/requires-recent-login`: sign in again and retry).',
    auth: 'bearer',
    request: { params: authenticationMethodParams },
    answer: ok('The passkey removed.', z.object({ id: z.string() })),
    errors: { 401: ['auth/requires-recent-login'], 404: ['auth/passkey-not-found'], 502: ['identity_error'] },
  }),
];
