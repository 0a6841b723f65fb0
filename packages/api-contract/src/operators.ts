import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ok, providerErrors } from './endpoint-parts.ts';
import { maxCreditDollars } from './field-rules.ts';
import { emailAddress, text, timestamp } from './fields.ts';

// The back office at /admin (docs/operations.md, decisions 0052 and 0053): operators only, never a
// workspace role. Every view of a customer's data and every action is written to the operator audit log
// before it happens; a write that fails stops it (`operators/audit-unavailable`).

/** The header that carries a "view as" grant beside the operator's own access token. */
export const impersonationHeader = 'x-impersonation';
/** The header that gives the reason of one write made while viewing as someone (URI-encoded). */
export const impersonationWriteReasonHeader = 'x-impersonation-write-reason';

/** Why the operator acts: required of every action, kept in the audit log. */
export const operatorReason = text({
  label: 'reason',
  max: 500,
  required: 'Give a reason: it is kept in the operator audit log with the action.',
});

const reasonBody = z.strictObject({ reason: operatorReason });

export const operatorSession = z
  .object({
    email: z.string(),
    signedInAt: timestamp,
    endsAt: timestamp.describe(
      'When the back office asks for a new sign-in (OPERATOR_SIGN_IN_MAX_AGE_MINUTES).',
    ),
    viewAsMinutes: z.number().describe('How long a "view as" session lasts, in minutes (may be a fraction).'),
  })
  .meta({ id: 'OperatorSession' });
export type OperatorSession = z.output<typeof operatorSession>;

export const customerSearchQuery = z.object({
  q: text({
    label: 'search',
    max: 200,
    required: 'Type an email address, a workspace name or a customer id (cus_…).',
  }).pipe(z.string().min(2, 'Type at least 2 characters.')),
});

export const customer = z
  .object({
    workspace: z.string().describe("The workspace's id: its owner's uid."),
    email: z.string(),
    name: z.string().nullable(),
    customerId: z.string().nullable().describe("The payment provider's customer id."),
    subscriptionStatus: z.string().nullable(),
    locked: z.boolean(),
  })
  .meta({ id: 'Customer' });
export type Customer = z.output<typeof customer>;

const workspaceParams = z.object({
  id: text({ label: 'workspace', max: 200, required: 'Name a workspace.' }),
});
const personParams = z.object({ id: text({ label: 'person', max: 200, required: 'Name a person.' }) });

/** A workspace as the back office shows it: never a secret (API keys by prefix, webhooks by address). */
export const customerWorkspace = z
  .object({
    workspace: customer.extend({
      forbidsImpersonation: z.boolean(),
      lockedReason: z.string().nullable(),
      createdAt: timestamp,
    }),
    members: z.array(
      z.object({ id: z.string().nullable(), email: z.string(), role: z.string(), joined: z.boolean() }),
    ),
    subscription: z
      .object({
        id: z.string(),
        status: z.string(),
        plan: z.string().nullable(),
        seats: z.number(),
        trialEnd: timestamp.nullable(),
        currentPeriodEnd: timestamp.nullable(),
        cancelAtPeriodEnd: z.boolean(),
      })
      .nullable()
      .describe('Read live from the payment provider; null when the customer has none in force.'),
    invoices: z.array(
      z.object({
        id: z.string(),
        number: z.string().nullable(),
        status: z.string().nullable(),
        total: z.number(),
        currency: z.string(),
        created: timestamp,
      }),
    ),
    activity: z.array(
      z.object({ action: z.string(), actorEmail: z.string(), subject: z.string(), createdAt: timestamp }),
    ),
    apiKeys: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        prefix: z.string(),
        role: z.string(),
        revoked: z.boolean(),
      }),
    ),
    webhookEndpoints: z.array(
      z.object({
        id: z.string(),
        url: z.string(),
        enabled: z.boolean(),
        disabledReason: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'CustomerWorkspace' });
export type CustomerWorkspace = z.output<typeof customerWorkspace>;

export const auditEntry = z
  .object({
    id: z.uuid(),
    operatorEmail: z.string(),
    action: z.string(),
    workspace: z.string().nullable(),
    person: z.string().nullable(),
    reason: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()),
    outcome: z.enum(['attempted', 'done', 'failed']),
    createdAt: timestamp,
  })
  .meta({ id: 'OperatorAuditEntry' });
export type AuditEntry = z.output<typeof auditEntry>;

export const auditQuery = z.object({
  workspace: z.string().max(200).optional().describe("Only this workspace's entries."),
});

export const extendTrialRequest = z
  .strictObject({
    days: z
      .number({ error: 'Give the days to add to the trial, 1 to 90.' })
      .int('Give a whole number of days.')
      .min(1, 'Add at least 1 day.')
      .max(90, 'Add at most 90 days at a time.'),
    reason: operatorReason,
  })
  .meta({ id: 'ExtendTrialRequest' });

export const grantCreditRequest = z
  .strictObject({
    amount: z
      .number({
        error: `Give the credit in whole dollars, 1 to ${maxCreditDollars.toLocaleString('en-US')}.`,
      })
      .int('Give a whole number of dollars.')
      .min(1, 'Grant at least 1 dollar.')
      .max(maxCreditDollars, `Grant at most ${maxCreditDollars.toLocaleString('en-US')} dollars at a time.`)
      .describe('Whole dollars (the plans are priced in usd).'),
    reason: operatorReason,
  })
  .meta({ id: 'GrantCreditRequest' });

export const grantedCredit = z
  .object({
    transaction: z.string().describe("The provider's balance transaction."),
    currency: z.string(),
    balance: z
      .number()
      .int()
      .describe("The customer's balance at the provider after the credit, in cents: negative is a credit."),
  })
  .meta({ id: 'GrantedCredit' });
export type GrantedCredit = z.output<typeof grantedCredit>;

export const impersonationRequest = z
  .strictObject({
    person: text({ label: 'person', max: 200, required: 'Name the person to view as.' }),
    reason: operatorReason,
    legalReason: text({ label: 'legal reason', max: 500 })
      .optional()
      .describe('Needed only when a workspace of the person forbids it: the legal ground, recorded.'),
  })
  .meta({ id: 'ImpersonationRequest' });

export const impersonation = z
  .object({
    id: z.uuid(),
    grant: z
      .string()
      .describe(`Sent in the \`${impersonationHeader}\` header beside the operator's own token.`),
    person: z.string(),
    personEmail: z.string(),
    expiresAt: timestamp,
  })
  .meta({ id: 'Impersonation' });
export type Impersonation = z.output<typeof impersonation>;

export const accountViewing = z
  .object({
    id: z.uuid(),
    operatorEmail: z.string(),
    reason: z.string(),
    startedAt: timestamp,
    endedAt: timestamp,
  })
  .meta({ id: 'AccountViewing' });
export type AccountViewing = z.output<typeof accountViewing>;

export const impersonationSetting = z
  .strictObject({ forbidsImpersonation: z.boolean({ error: 'Say true or false.' }) })
  .meta({ id: 'ImpersonationSetting' });
export type ImpersonationSetting = z.output<typeof impersonationSetting>;

export const operatorGrantRequest = z.strictObject({ email: emailAddress, reason: operatorReason });

/** Every back-office refusal of who calls: not an operator, no second factor, a sign-in too old. */
const operatorErrors = {
  403: [
    'operators/not-an-operator',
    'operators/second-factor-required',
    'operators/sign-in-too-old',
    'operators/viewing-as',
  ],
  503: ['operators/audit-unavailable', 'identity_unavailable'],
} as const;

const withNotFound = { ...operatorErrors, 404: ['operators/not-found'] } as const;

const done = z.object({ done: z.literal(true) });

const action = <const Path extends string, const Id extends string>(path: Path, id: Id, summary: string) =>
  endpoint({
    method: 'POST',
    path,
    id,
    tag: 'Operators',
    summary,
    auth: 'bearer',
    request: { params: workspaceParams, body: reasonBody },
    answer: ok('Done; the audit log holds the action and its reason.', done),
    errors: withNotFound,
  });

export const operatorEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/admin/session',
    id: 'getOperatorSession',
    tag: 'Operators',
    summary: "The operator's back-office session: who, and until when",
    auth: 'bearer',
    answer: ok('The session.', operatorSession),
    errors: operatorErrors,
  }),
  endpoint({
    method: 'GET',
    path: '/api/admin/customers',
    id: 'searchCustomers',
    tag: 'Operators',
    summary: 'Customers by email, workspace name or provider customer id (at most 20)',
    auth: 'bearer',
    request: { query: customerSearchQuery },
    answer: ok('The customers found.', z.object({ customers: z.array(customer) })),
    errors: operatorErrors,
  }),
  endpoint({
    method: 'GET',
    path: '/api/admin/workspaces/:id',
    id: 'getCustomerWorkspace',
    tag: 'Operators',
    summary: 'A workspace: members, plan, subscription at the provider, invoices, activity, keys, webhooks',
    auth: 'bearer',
    request: { params: workspaceParams },
    answer: ok('The workspace.', customerWorkspace),
    errors: { ...withNotFound, ...providerErrors },
  }),
  endpoint({
    method: 'POST',
    path: '/api/admin/workspaces/:id/trial',
    id: 'extendTrial',
    tag: 'Operators',
    summary: "Extends the workspace's trial at the payment provider (subscriptions.update trial_end)",
    auth: 'bearer',
    request: { params: workspaceParams, body: extendTrialRequest },
    answer: ok('The new end of the trial.', z.object({ trialEnd: timestamp })),
    errors: { ...withNotFound, ...providerErrors, 409: ['operators/not-trialing'] },
  }),
  endpoint({
    method: 'POST',
    path: '/api/admin/workspaces/:id/credit',
    id: 'grantCredit',
    tag: 'Operators',
    summary:
      "Credits the workspace's customer at the payment provider (a customer balance transaction), applied to the next invoice",
    auth: 'bearer',
    request: { params: workspaceParams, body: grantCreditRequest },
    answer: ok("The provider's transaction and the customer's new balance.", grantedCredit),
    errors: {
      ...withNotFound,
      ...providerErrors,
      409: ['operators/no-provider-customer', 'operators/credit-currency-unsupported'],
    },
  }),
  action(
    '/api/admin/workspaces/:id/lock',
    'lockWorkspace',
    "Locks a workspace: its members' requests are refused",
  ),
  action('/api/admin/workspaces/:id/unlock', 'unlockWorkspace', 'Unlocks a workspace'),
  endpoint({
    method: 'POST',
    path: '/api/admin/workspaces/:id/webhook-endpoints/:endpoint/disable',
    id: 'disableCustomerWebhookEndpoint',
    tag: 'Operators',
    summary: "Turns off one of the workspace's webhook endpoints",
    auth: 'bearer',
    request: {
      params: workspaceParams.extend({ endpoint: z.string().max(100) }),
      body: reasonBody,
    },
    answer: ok('Done.', done),
    errors: withNotFound,
  }),
  endpoint({
    method: 'POST',
    path: '/api/admin/people/:id/verification-email',
    id: 'resendCustomerVerificationEmail',
    tag: 'Operators',
    summary: 'Has the identity provider mail the person a new verification link',
    auth: 'bearer',
    request: { params: personParams, body: reasonBody },
    answer: ok('Sent.', done),
    errors: { ...withNotFound, 409: ['auth/email-already-verified'] },
  }),
  endpoint({
    method: 'POST',
    path: '/api/admin/people/:id/sessions/end',
    id: 'endCustomerSessions',
    tag: 'Operators',
    summary: "Ends every one of the person's sessions, on every instance",
    auth: 'bearer',
    request: { params: personParams, body: reasonBody },
    answer: ok('Ended.', done),
    errors: withNotFound,
  }),
  endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    id: 'listOperatorAudit',
    tag: 'Operators',
    summary: 'The operator audit log, newest first (at most 200 entries)',
    auth: 'bearer',
    request: { query: auditQuery },
    answer: ok('The entries.', z.object({ entries: z.array(auditEntry) })),
    errors: operatorErrors,
  }),
  endpoint({
    method: 'POST',
    path: '/api/admin/operators',
    id: 'grantOperator',
    tag: 'Operators',
    summary: 'Makes a verified address an operator (as OPERATOR_EMAILS would)',
    auth: 'bearer',
    request: { body: operatorGrantRequest },
    answer: ok('Granted.', done),
    errors: operatorErrors,
  }),
  endpoint({
    method: 'POST',
    path: '/api/admin/impersonations',
    id: 'startImpersonation',
    tag: 'Operators',
    summary: 'Starts a read-only "view as" a person, for IMPERSONATION_SECONDS at most',
    description: `The answer's grant goes in the \`${impersonationHeader}\` header of each request made as the person. Reads only; a write needs \`${impersonationWriteReasonHeader}\` and is recorded. Refused when a workspace of the person forbids it, unless a legal reason is given.`,
    auth: 'bearer',
    request: { body: impersonationRequest },
    answer: ok('The grant.', impersonation),
    errors: {
      ...withNotFound,
      403: [...operatorErrors[403], 'impersonation/forbidden-by-workspace'],
    },
  }),
  endpoint({
    method: 'POST',
    path: '/api/admin/impersonations/:id/end',
    id: 'endImpersonation',
    tag: 'Operators',
    summary: 'Ends a "view as" session everywhere',
    auth: 'bearer',
    request: { params: z.object({ id: z.string().max(100) }) },
    answer: ok('Ended.', done),
    errors: withNotFound,
  }),
  endpoint({
    method: 'GET',
    path: '/api/account/viewings',
    id: 'listAccountViewings',
    tag: 'Account',
    summary: "Who of the operators viewed the caller's account, and when (Settings → Security)",
    auth: 'bearer',
    answer: ok('The viewings, newest first.', z.object({ viewings: z.array(accountViewing) })),
  }),
  endpoint({
    method: 'GET',
    path: '/api/workspace/impersonation',
    id: 'getImpersonationSetting',
    tag: 'Teams',
    summary: 'Whether the caller’s own workspace forbids operators to view as its people',
    auth: 'bearer',
    answer: ok('The setting.', impersonationSetting),
  }),
  endpoint({
    method: 'PATCH',
    path: '/api/workspace/impersonation',
    id: 'setImpersonationSetting',
    tag: 'Teams',
    summary: 'Forbids (or allows) operators to view as the people of the caller’s own workspace',
    description:
      'The owner’s setting: always the caller’s own workspace. An operator overrides it only with a legal reason, which the audit log keeps.',
    auth: 'bearer',
    request: { body: impersonationSetting },
    answer: ok('The setting now.', impersonationSetting),
  }),
];
