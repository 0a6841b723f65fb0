// The rules of the fields people fill in, and their messages (docs/product.md §5, word for word), as
// plain data written once: the API's request schemas are built from them (fields.ts `text()`), and the
// web app's forms check the same rules with the same messages before sending.
// No imports: the browser bundle takes this file as it is (`@launchkit/api-contract/field-rules`), without
// zod (decision 0011).

export type FieldRule = {
  /** How the API's other messages name the field: "The {label} is too long…". */
  label: string;
  /**
   * Characters at most, after trimming; the API refuses more. Absent for a value this product never
   * stores (it goes to the identity provider as it is).
   */
  max?: number;
  /** Line breaks (\n; \r\n and \r arrive as \n) and tabs are allowed; other control characters never. */
  multiline?: boolean;
  /** Leading and trailing white space is dropped unless false (a password is taken as typed). */
  trim?: boolean;
  /** When the value is missing or empty (blank, unless `trim` is false); without it the field is optional. */
  required?: string;
  /** When the value is not a string (and, without `required`, when it is missing). */
  notText?: string;
  tooLong?: string;
  /** When the text is not a value of the field's kind (an email address, an http(s) URL). */
  invalid?: string;
  /** When a confirmation differs from the value it confirms (checked by the form only). */
  mismatch?: string;
};

const enterAnEmailAddress = 'Please enter an email address';
const enterAPassword = 'Please enter a password';
const enterYourName = 'Please enter your name';
const enterAMessage = 'Please enter a message';
const notAPicture = 'The picture must be an http(s) URL.';

// One constant per field, so that a browser bundle holds only the rules its forms use. Lengths are
// bounded so no request can store an essay in a name.

/** Every address a person types: newsletter, contact, sign-up and sign-in, settings, Add User. */
export const emailField = {
  label: 'email address',
  // RFC 5321's longest address.
  max: 254,
  required: enterAnEmailAddress,
  notText: enterAnEmailAddress,
  invalid: 'Please enter a valid email address',
} as const satisfies FieldRule;

/** The settings form's email: the same address, with the form's own message (the API answers with emailField's). */
export const settingsEmailField = {
  ...emailField,
  required: 'Please enter your email',
} as const satisfies FieldRule;

/** A new password (sign-up, new password, settings): taken as typed, spaces count. */
export const passwordField = {
  label: 'password',
  max: 128,
  trim: false,
  required: enterAPassword,
  notText: enterAPassword,
} as const satisfies FieldRule;

/** The new password again (sign-up, new password, settings): compared in the form, never sent. */
export const passwordConfirmationField = {
  label: 'password confirmation',
  trim: false,
  required: 'Please enter your password again',
  mismatch: "This doesn't match your password",
} as const satisfies FieldRule;

/** The password that proves again who someone is (re-authentication), sent to the identity provider. */
export const currentPasswordField = {
  label: 'password',
  trim: false,
  required: 'Please enter your password',
} as const satisfies FieldRule;

/** The profile's name (settings). */
export const profileNameField = {
  label: 'name',
  max: 200,
  required: enterYourName,
  notText: enterYourName,
} as const satisfies FieldRule;

/** A passkey's name (Settings → Security), as the person tells their passkeys apart. */
export const passkeyNameField = {
  label: 'name',
  max: 50,
  required: 'Please enter a name for the passkey',
  notText: 'Please enter a name for the passkey',
} as const satisfies FieldRule;

/** The profile's picture, an http(s) URL. */
export const pictureUrlField = {
  label: 'picture URL',
  max: 2048,
  notText: notAPicture,
  invalid: notAPicture,
} as const satisfies FieldRule;

/** The contact form's name: optional. */
export const contactNameField = { label: 'name', max: 200 } as const satisfies FieldRule;

export const contactMessageField = {
  label: 'message',
  max: 5000,
  multiline: true,
  required: enterAMessage,
  notText: enterAMessage,
} as const satisfies FieldRule;

export const itemNameField = {
  label: 'name',
  max: 200,
  required: 'Please enter a name',
} as const satisfies FieldRule;

/** The Add User dialog's names. */
export const firstNameField = {
  label: 'first name',
  max: 100,
  required: 'Please enter a first name',
} as const satisfies FieldRule;

export const lastNameField = {
  label: 'last name',
  max: 100,
  required: 'Please enter a last name',
} as const satisfies FieldRule;

/**
 * Settings → Your data, "Delete my account": the person types their email address (any case) to confirm,
 * or this word when their account has none (some social sign-ins).
 */
export const deletionConfirmationWithoutEmail = 'DELETE';

export const deletionConfirmationField = {
  label: 'confirmation',
  max: 320,
  required: 'Type your email address to confirm.',
} satisfies FieldRule;

/** What the person is told when the text typed is not `expected` (their email, or the word above). */
export const deletionConfirmationMismatch = (expected: string) =>
  `To confirm, type ${expected} exactly as shown.`;

/** Developers → API keys, "Create an API key": what the key is for; its name in lists and the activity log. */
export const apiKeyNameField = {
  label: 'name',
  max: 100,
  required: 'Please enter a name for the key',
} as const satisfies FieldRule;

/** The longest an API key may be made to last, in days (absent: apiKeyDefaultDays; null: until revoked). */
export const apiKeyMaxDays = 730;

/**
 * The most one back-office credit may be, in whole dollars: a bigger one is a refund or a contract,
 * not a gesture (docs/operations.md).
 */
export const maxCreditDollars = 10_000;
/**
 * The expiry of a key made without one (decision 0039): a key forgotten in a script or a leaked file
 * stops working by itself within a quarter, and a key meant to live on says so (`expiresInDays: null`).
 */
export const apiKeyDefaultDays = 90;

const enterTheEndpointUrl = 'Enter the endpoint’s full address, starting with https://.';

/** Developers → Webhooks, "Add a webhook endpoint": where the events are posted. */
export const webhookUrlField = {
  label: 'endpoint URL',
  max: 2048,
  required: enterTheEndpointUrl,
  invalid: enterTheEndpointUrl,
} as const satisfies FieldRule;

/** The events an endpoint receives: at least one. */
export const webhookEventsField = {
  label: 'events',
  required: 'Choose at least one event.',
} as const satisfies FieldRule;

/**
 * The Activity page's "Export": the days of a range (UTC, both included). GET /api/activity/export
 * streams up to `streamDays` at once; a longer range, up to `maxDays` (a year, a leap one too), is
 * prepared by a job (decision 0050).
 */
export const activityExportRange = { streamDays: 31, maxDays: 366 } as const;

/** Days from `from` to `to` (YYYY-MM-DD, UTC), both included: 1 for a single day, less when `to` is before. */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
