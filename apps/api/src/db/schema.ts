import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The column kinds every table repeats.
/** A row's id, made by the database. */
const generatedId = () => uuid('id').primaryKey().defaultRandom();
/** A point in time, with its zone (`timestamptz`). */
const moment = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => moment('created_at').notNull().defaultNow();
const updatedAt = () => moment('updated_at').notNull().defaultNow();
/** A person's user id (`users.id`); their rows go with their account. */
const personId = (name: string) =>
  text(name).references((): AnyPgColumn => users.id, { onDelete: 'cascade' });

/**
 * Newsletter addresses, double opt-in (newsletter/subscribe-to-newsletter.ts): an address counts from
 * `confirmed_at` on, set by following the mailed link (its token's SHA-256 is kept, never the token).
 * Addresses stored before the confirmation existed (migration 0013) count as confirmed.
 */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: generatedId(),
  // Stored trimmed and lower-cased, so the unique index makes a second sign-up a no-op.
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
  confirmedAt: moment('confirmed_at'),
  confirmationTokenHash: text('confirmation_token_hash').unique(),
  confirmationSentAt: moment('confirmation_sent_at'),
});

export const contactMessages = pgTable('contact_messages', {
  id: generatedId(),
  name: text('name').notNull().default(''),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** Numbers the billing webhook's syncs in the order they start (billing/sync-plan.ts). */
export const planSyncTickets = pgSequence('plan_sync_tickets');

/** The versions of members' rows (`sub_users.row_version`). */
export const memberRowVersions = pgSequence('member_row_versions');

/** One row per identity-provider subject (`auth0|…`, `google-oauth2|…`), created by the first authenticated call. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name'),
  picture: text('picture'),
  // The plan: written only by the billing webhook from the payment provider's subscription.
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripePriceId: text('stripe_price_id'),
  stripeSubscriptionStatus: text('stripe_subscription_status'),
  /** Seats: how many members the owner may add. */
  quantity: integer('quantity').notNull().default(0),
  trialEnd: moment('trial_end'),
  currentPeriodEnd: moment('current_period_end'),
  /**
   * While a renewal's payment is failing (past_due, unpaid): when the provider tries the card again
   * (its latest invoice's `next_payment_attempt`), null when it will not (billing/sync-plan.ts).
   */
  nextPaymentAttempt: moment('next_payment_attempt'),
  /** The ticket of the webhook sync that wrote the plan: a sync that started earlier never overwrites it. */
  planSyncTicket: bigint('plan_sync_ticket', { mode: 'number' }).notNull().default(0),
  /** When the person last asked for a new verification mail (POST /api/auth-user/verification-email). */
  verificationEmailSentAt: moment('verification_email_sent_at'),
  /**
   * The version of this workspace's list of items, new with every change to them (a trigger of
   * migration 0008, so changes from any instance or typed by hand count too): a list read at one
   * version is current while it stays (items/list-items.ts).
   */
  itemsVersion: bigint('items_version', { mode: 'number' }).notNull().default(0),
  /**
   * The owner asks the members of this workspace to sign in with a second factor: a member's token
   * without it opens nothing here (access/authorize-workspace.ts). A change is announced on
   * `workspace_access` (migration 0010) so open live lists are checked again.
   */
  requiresSecondFactor: boolean('requires_second_factor').notNull().default(false),
  /**
   * "Sign out of other sessions" (sessions/end-sessions.ts): every session that began by this moment is
   * over, but the one kept (`keptSessionSignedInAt`), including sessions the API has not seen yet.
   */
  otherSessionsEndedAt: moment('other_sessions_ended_at'),
  keptSessionSignedInAt: moment('kept_session_signed_in_at'),
  /** The optional mails (mail/mail-templates.ts) the person turned off in Settings → Notifications. */
  mailOptOuts: text('mail_opt_outs').array().notNull().default(sql`'{}'::text[]`),
  /**
   * Names the person in the one-click unsubscribe link of optional mails (List-Unsubscribe, RFC 8058):
   * it can only turn mail off, so it is kept as is, to be written into each mail.
   */
  unsubscribeToken: uuid('unsubscribe_token').notNull().unique().defaultRandom(),
  /**
   * An operator locked this workspace (docs/operations.md): its members' requests in it are refused
   * (access/authorize-workspace.ts) until an operator unlocks it. The reason is the operator's.
   */
  lockedAt: moment('locked_at'),
  lockedReason: text('locked_reason'),
  /**
   * The owner forbids operators to "view as" the people of this workspace (Settings → Security); an
   * operator overrides it only with a legal reason, recorded (docs/operations.md).
   */
  forbidsImpersonation: boolean('forbids_impersonation').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The dashboard's items. A trigger (migration 0003) runs `pg_notify('item_changes', owner)` on every
 * change, so the live list hears about writes from any app instance or from SQL typed by hand.
 */
export const items = pgTable(
  'items',
  {
    id: generatedId(),
    owner: personId('owner').notNull(),
    name: text('name').notNull(),
    featured: boolean('featured').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Serves the owner's list newest first (`order by created_at desc, id desc`) without a sort.
    index('items_owner_created_at_idx').on(
      table.owner,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    check('items_name_length', sql`char_length(${table.name}) between 1 and 200`),
  ],
);

/**
 * A workspace's members, the spec's UserManagement records: people an owner adds to their workspace,
 * limited by the seats of `users.quantity` (docs/team.md). Each is an invitation until the person joins
 * (`member_id`, `joined_at`). Seats are held in order of addition (`created_at, id`): when the plan has
 * fewer seats than rows, the newest rows have none. A trigger (migration 0005) announces every change on
 * 'workspace_access', so open streams of a removed member end on every instance.
 *
 * "sub_users" (`subUsers`): the table's name since the first release; the domain's word is member.
 */
export const subUsers = pgTable(
  'sub_users',
  {
    id: generatedId(),
    owner: personId('owner').notNull(),
    // Stored trimmed and lower-cased, so the unique constraint catches the same address typed twice.
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    createdAt: createdAt(),
    /** The person who joined through the invitation; null while it is pending. */
    memberId: personId('member_id'),
    joinedAt: moment('joined_at'),
    /** SHA-256 (hex) of the invitation link's token; the token itself is only in the mail. Kept after use, so a used link says so. */
    invitationTokenHash: text('invitation_token_hash').unique(),
    invitationExpiresAt: moment('invitation_expires_at'),
    invitationSentAt: moment('invitation_sent_at'),
    /** What the person may do in the workspace (packages/api-contract/src/permissions.ts): admin, member or viewer. */
    role: text('role').notNull().default('member'),
    /**
     * New from `member_row_versions` with the row and with every change to it (trigger, migration
     * 0009): an owner's rows are the same set, unchanged, while their count and highest version are
     * (team/list-members.ts keeps a large list by them).
     */
    rowVersion: bigint('row_version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('member_row_versions')`),
  },
  (table) => [
    check('sub_users_role', sql`${table.role} in ('admin', 'member', 'viewer')`),
    unique('sub_users_owner_email_unique').on(table.owner, table.email),
    unique('sub_users_owner_member_unique').on(table.owner, table.memberId),
    // The workspaces a person belongs to.
    index('sub_users_member_idx').on(table.memberId),
  ],
);

/**
 * What happened in a workspace, for its owner (docs/team.md): written in the transaction of the
 * change it records. `workspace` is the owner's uid; `actor_email` is kept so that an entry still
 * names someone who has since left.
 */
export const activity = pgTable(
  'activity',
  {
    id: generatedId(),
    workspace: personId('workspace').notNull(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    /** What it was done to: an item's name, a person's email. */
    subject: text('subject').notNull(),
    /** The name before a rename. */
    previous: text('previous'),
    createdAt: createdAt(),
  },
  (table) => [
    index('activity_workspace_created_at_idx').on(
      table.workspace,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // What a person did, in every workspace: their data export, and their name replaced when they
    // delete their account.
    index('activity_actor_id_idx').on(table.actorId),
  ],
);

/**
 * Every invitation mail sent, by recipient (lower case), with the workspace that sent it and its
 * invitation (`sub_users.id`, no reference: a withdrawn invitation's mails still count against its
 * workspace): what the per-recipient limits count (team/invitation-limits.ts). Rows older than the
 * limits' window are deleted as new ones are written.
 */
export const invitationMails = pgTable(
  'invitation_mails',
  {
    id: generatedId(),
    recipient: text('recipient').notNull(),
    sentAt: moment('sent_at').notNull().defaultNow(),
    workspace: text('workspace'),
    invitationId: uuid('invitation_id'),
  },
  (table) => [
    index('invitation_mails_recipient_sent_at_idx').on(table.recipient, table.sentAt),
    index('invitation_mails_sent_at_idx').on(table.sentAt),
  ],
);

/**
 * One sign-in of a person in one browser (docs/identity.md, "Sessions"), known by the moment they proved
 * who they are: every access token of that sign-in, refreshed or not, carries it (`auth_time`).
 * Recorded by the first request of the session on each instance, and touched at most once a minute
 * (sessions/record-session.ts). `ended_at` set: its tokens are refused everywhere.
 */
export const signInSessions = pgTable(
  'sign_in_sessions',
  {
    id: generatedId(),
    userId: personId('user_id').notNull(),
    signedInAt: moment('signed_in_at').notNull(),
    /** The User-Agent of the session's first request (at most 512 characters), for its name in the list. */
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastActiveAt: moment('last_active_at').notNull().defaultNow(),
    endedAt: moment('ended_at'),
  },
  (table) => [
    unique('sign_in_sessions_user_signed_in_at').on(table.userId, table.signedInAt),
    // Loaded at start: the endings still young enough to matter (sessions/session-endings.ts).
    index('sign_in_sessions_ended_at_idx').on(table.endedAt).where(sql`${table.endedAt} is not null`),
  ],
);

/**
 * Every mail the product sends, by the event it tells of (`key`: `invitation:<member id>:<sent at>`,
 * `receipt:<invoice id>`…): written in the transaction of the change that calls for it, with the job
 * that sends it, so a mail exists exactly when its cause does and at most once per event, whatever the
 * provider's retries (mail/queue-mail.ts). `sent_at` is set by the job once the mail server took it.
 */
/**
 * Jobs ordered in a transaction, waiting to become jobs of the queue (jobs/job-outbox.ts, decision
 * 0038): a row written with the change that calls for it and announced; after the commit the instance
 * that wrote it adds the job (its id the row's) and deletes the row, and a sweep does so for a row left
 * over a minute. Rows live for milliseconds.
 */
export const jobOutbox = pgTable(
  'job_outbox',
  {
    id: generatedId(),
    queue: text('queue').notNull(),
    data: jsonb('data').notNull(),
    startAfter: moment('start_after'),
    /** The job's fairness group (jobs/job-queue.ts, SendOptions.group). */
    groupId: text('group_id'),
    createdAt: createdAt(),
  },
  (table) => [index('job_outbox_created_at_idx').on(table.createdAt)],
);

export const mails = pgTable(
  'mails',
  {
    key: text('key').primaryKey(),
    template: text('template').notNull(),
    recipient: text('recipient').notNull(),
    createdAt: createdAt(),
    sentAt: moment('sent_at'),
  },
  (table) => [index('mails_recipient_idx').on(table.recipient)],
);

/**
 * "Download my data" (account/export-data.ts): a job writes the archive; its owner fetches it until
 * `expires_at`, after which the data-retention job deletes the row.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: generatedId(),
    userId: personId('user_id').notNull(),
    createdAt: createdAt(),
    /** The archive (JSON), set by the job when it is ready. */
    archive: text('archive'),
    readyAt: moment('ready_at'),
    expiresAt: moment('expires_at').notNull(),
  },
  (table) => [index('data_exports_user_id_idx').on(table.userId)],
);

/**
 * An export of a workspace's activity over a range too long to stream (activity/start-activity-export.ts):
 * a job writes the file; the workspace's owner and admins fetch it until `expires_at`, after which the
 * data-retention job deletes the row. `workspace` is the owner's uid (a transfer moves it).
 */
export const activityExports = pgTable(
  'activity_exports',
  {
    id: generatedId(),
    workspace: personId('workspace').notNull(),
    /** Who asked (a uid), for the list. */
    requestedBy: text('requested_by').notNull(),
    /** The range's first and last day (UTC, YYYY-MM-DD, both included), and the format. */
    fromDay: text('from_day').notNull(),
    toDay: text('to_day').notNull(),
    format: text('format').notNull(),
    createdAt: createdAt(),
    /** The file's text, set by the job when it is ready. */
    file: text('file'),
    readyAt: moment('ready_at'),
    expiresAt: moment('expires_at').notNull(),
  },
  (table) => [
    check('activity_exports_format', sql`${table.format} in ('csv', 'jsonl')`),
    index('activity_exports_workspace_idx').on(table.workspace),
  ],
);

/**
 * Accounts deleted by their owner (account/delete-account.ts), by identity-provider subject: a token
 * still in flight for one is refused, never a new empty account. Holds no personal data.
 */
export const deletedAccounts = pgTable('deleted_accounts', {
  userId: text('user_id').primaryKey(),
  deletedAt: moment('deleted_at').notNull().defaultNow(),
});

/**
 * A workspace's pending handover (docs/team.md, "Roles"): the owner offers the workspace to a member,
 * who accepts it (or not) until `expires_at`. One at a time per workspace.
 */
export const ownershipTransfers = pgTable('ownership_transfers', {
  workspace: text('workspace')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  toMember: personId('to_member').notNull(),
  createdAt: createdAt(),
  expiresAt: moment('expires_at').notNull(),
});

/**
 * A workspace's API keys (docs/api-keys.md): the secret is shown once; only its SHA-256 is kept, and
 * the key is known by its prefix. A key acts with its role (never owner) in its workspace only.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: generatedId(),
    workspace: personId('workspace').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    /** The secret's first characters, shown in lists (`lk_` and 8 more). */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole secret. */
    secretHash: text('secret_hash').notNull().unique(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    expiresAt: moment('expires_at'),
    lastUsedAt: moment('last_used_at'),
    revokedAt: moment('revoked_at'),
  },
  (table) => [
    index('api_keys_workspace_idx').on(table.workspace),
    check('api_keys_role', sql`${table.role} in ('admin', 'member', 'viewer')`),
    check('api_keys_name_length', sql`char_length(${table.name}) between 1 and 100`),
  ],
);

/**
 * A workspace's outbound webhook endpoints (docs/webhooks.md): the events it wants, its signing
 * secrets (the previous one still signs until `previous_secret_expires_at`, so a rotation overlaps),
 * and whether it is disabled after repeated failure. Secrets are kept as they are: they sign.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: generatedId(),
    workspace: personId('workspace').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: moment('previous_secret_expires_at'),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was turned off: by an admin, or after failing for a day. */
    disabledReason: text('disabled_reason'),
    /** Since the last delivery that succeeded: the first failure of the current run of failures. */
    failingSince: moment('failing_since'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('webhook_endpoints_workspace_idx').on(table.workspace)],
);

/** Every delivery of an event to an endpoint, with its last attempt (docs/webhooks.md). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: generatedId(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event's id (`evt_…`), the same in every delivery of it (the `webhook-id` header). */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: text('payload').notNull(),
    /** pending, succeeded or failed (no more tries). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: createdAt(),
    lastAttemptAt: moment('last_attempt_at'),
  },
  (table) => [
    index('webhook_deliveries_endpoint_created_at_idx').on(table.endpointId, table.createdAt.desc()),
    // The sweep's deliveries never tried (webhooks/queue-deliveries.ts): a few rows, not the whole log.
    index('webhook_deliveries_unsent_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending' and ${table.attempts} = 0`),
    check('webhook_deliveries_status', sql`${table.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/**
 * Each workspace's budget of webhook delivery starts (webhooks/delivery-budget.ts): the latest minute
 * in which a start is reserved and how many are; every minute before it is full or past.
 */
export const webhookDeliveryBudgets = pgTable('webhook_delivery_budgets', {
  workspace: personId('workspace').primaryKey(),
  minute: moment('minute').notNull(),
  reserved: integer('reserved').notNull(),
});

/**
 * Operators granted by another operator in the back office (docs/operations.md), by verified address
 * (lower case); OPERATOR_EMAILS names the others. A workspace role never makes one.
 */
export const operators = pgTable('operators', {
  email: text('email').primaryKey(),
  grantedBy: text('granted_by').notNull(),
  grantedByEmail: text('granted_by_email').notNull(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

/**
 * Everything an operator sees of a customer's data and does (docs/operations.md): written before it
 * happens, in the same request; a row that cannot be written stops it. `outcome` is `attempted` until
 * the action is done (`done`) or refused (`failed`). No references: an entry outlives the workspace or
 * person it names, as an audit must.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: generatedId(),
    operatorId: text('operator_id').notNull(),
    operatorEmail: text('operator_email').notNull(),
    action: text('action').notNull(),
    /** The workspace (its owner's uid) and the person concerned, when there is one. */
    workspace: text('workspace'),
    person: text('person'),
    reason: text('reason'),
    /** What was asked: the search, the days, the write's method and path. */
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    impersonationId: uuid('impersonation_id'),
    outcome: text('outcome').notNull().default('attempted'),
    createdAt: createdAt(),
  },
  (table) => [
    check('operator_audit_outcome', sql`${table.outcome} in ('attempted', 'done', 'failed')`),
    index('operator_audit_created_at_idx').on(table.createdAt.desc().nullsFirst()),
    index('operator_audit_workspace_idx').on(table.workspace),
  ],
);

/**
 * An operator's "view as" a person (docs/operations.md): the grant's SHA-256 (the grant itself goes to
 * the operator's browser only), checked on every request, so ending it or its expiry ends it on every
 * instance. The person sees the rows in Settings → Security.
 */
export const impersonations = pgTable(
  'impersonations',
  {
    id: generatedId(),
    operatorId: text('operator_id').notNull(),
    operatorEmail: text('operator_email').notNull(),
    person: personId('person').notNull(),
    grantHash: text('grant_hash').notNull().unique(),
    reason: text('reason').notNull(),
    /** Given when a workspace of the person forbids it: the only way past the owner's setting. */
    legalReason: text('legal_reason'),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    endedAt: moment('ended_at'),
  },
  (table) => [index('impersonations_person_idx').on(table.person)],
);

/**
 * A workspace's SCIM tokens (docs/scim.md, decision 0056): the bearer an identity provider sends to
 * /scim/v2, made by the owner. Only the secret's SHA-256 is kept; a revoked row stays so its next
 * request is told so. A token acts in its workspace and no other.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: generatedId(),
    workspace: personId('workspace').notNull(),
    /** The secret's first characters, shown in lists (`scim_` and 8 more). */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole secret. */
    secretHash: text('secret_hash').notNull().unique(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
    revokedAt: moment('revoked_at'),
  },
  (table) => [index('scim_tokens_workspace_idx').on(table.workspace)],
);

/**
 * The people an identity provider provisioned into a workspace through SCIM (decision 0056): the SCIM
 * User resource, which outlives a deactivation. The person is a member while `member_row` names their
 * membership (`sub_users`); deactivated (or removed by hand), it is null and their seat is free.
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    id: generatedId(),
    workspace: personId('workspace').notNull(),
    /** The SCIM `userName`: the person's email, trimmed and lower-cased like `sub_users.email`. */
    userName: text('user_name').notNull(),
    externalId: text('external_id'),
    givenName: text('given_name').notNull().default(''),
    familyName: text('family_name').notNull().default(''),
    memberRow: uuid('member_row').references((): AnyPgColumn => subUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('scim_users_workspace_user_name_unique').on(table.workspace, table.userName),
    index('scim_users_workspace_external_id_idx').on(table.workspace, table.externalId),
    index('scim_users_member_row_idx').on(table.memberRow),
  ],
);

/**
 * A workspace's single sign-on (docs/sso.md, decision 0055), one row per workspace once its owner sets
 * up a connection: the organization it is at the identity provider, and its one enterprise connection
 * (SAML or OIDC). `tested_at` is cleared whenever the connection is replaced, so only a connection that
 * passed a test sign-in can be turned on; `require_sso` needs `enabled`.
 */
export const workspaceSso = pgTable(
  'workspace_sso',
  {
    workspace: personId('workspace').primaryKey(),
    /** The organization's id at the identity provider (`org_…`): the `org_id` claim of its sign-ins. */
    organizationId: text('organization_id').notNull().unique(),
    connectionId: text('connection_id'),
    connectionName: text('connection_name'),
    connectionType: text('connection_type'),
    oidcIssuer: text('oidc_issuer'),
    oidcClientId: text('oidc_client_id'),
    testedAt: moment('tested_at'),
    enabled: boolean('enabled').notNull().default(false),
    requireSso: boolean('require_sso').notNull().default(false),
    autoJoin: boolean('auto_join').notNull().default(false),
    autoJoinRole: text('auto_join_role').notNull().default('member'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('workspace_sso_connection_type', sql`${table.connectionType} in ('saml', 'oidc')`),
    check('workspace_sso_auto_join_role', sql`${table.autoJoinRole} in ('admin', 'member', 'viewer')`),
    check('workspace_sso_enabled_tested', sql`not ${table.enabled} or ${table.testedAt} is not null`),
    check('workspace_sso_required_enabled', sql`not ${table.requireSso} or ${table.enabled}`),
  ],
);

/**
 * Domains a workspace's owner adds to prove with a DNS TXT record (sso/verify-domain.ts). A domain is
 * verified by one workspace at most (the partial unique index): another workspace may add it, and its
 * verification is refused.
 */
export const workspaceDomains = pgTable(
  'workspace_domains',
  {
    id: generatedId(),
    workspace: personId('workspace').notNull(),
    /** Lower case, without a trailing dot. */
    domain: text('domain').notNull(),
    /** The random value the TXT record must hold. */
    token: text('token').notNull(),
    verifiedAt: moment('verified_at'),
    createdAt: createdAt(),
  },
  (table) => [
    unique('workspace_domains_workspace_domain_unique').on(table.workspace, table.domain),
    uniqueIndex('workspace_domains_verified_domain_unique')
      .on(table.domain)
      .where(sql`${table.verifiedAt} is not null`),
  ],
);
