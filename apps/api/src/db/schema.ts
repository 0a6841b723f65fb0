import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Stored trimmed and lower-cased, so the unique index makes a second sign-up a no-op.
  email: text('email').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().default(''),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Numbers the billing webhook's syncs in the order they start (billing/sync-plan.ts). */
export const planSyncTickets = pgSequence('plan_sync_tickets');

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
  /** Seats: how many sub-users the owner may add. */
  quantity: integer('quantity').notNull().default(0),
  trialEnd: timestamp('trial_end', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  /** The ticket of the webhook sync that wrote the plan: a sync that started earlier never overwrites it. */
  planSyncTicket: bigint('plan_sync_ticket', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The dashboard's items. A trigger (migration 0003) runs `pg_notify('item_changes', owner)` on every
 * change, so the live list hears about writes from any app instance or from SQL typed by hand.
 */
export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    owner: text('owner')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    featured: boolean('featured').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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

/** The spec's UserManagement records: people an owner adds to their plan, limited by `users.quantity`. */
export const subUsers = pgTable(
  'sub_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    owner: text('owner')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Stored trimmed and lower-cased, so the unique constraint catches the same address typed twice.
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('sub_users_owner_email_unique').on(table.owner, table.email)],
);
