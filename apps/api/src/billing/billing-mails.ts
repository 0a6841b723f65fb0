import { planName } from '@launchkit/plans';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '#api/db/database.ts';
import { users } from '#api/db/schema.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import type { MailSite } from '#api/mail/mail-layout.ts';
import { type MailOrder, queueMail } from '#api/mail/queue-mail.ts';
import { planItemOf } from '#api/plans/plan-item.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';

// The mails of the payment provider's events (docs/jobs.md). Each event's own ids make the mail's key,
// so an event delivered three times, or after a later one, mails once. The event is the provider's
// signed word (webhook-routes.ts checked it); its shape is checked here, and an event of another shape
// mails nothing rather than failing the webhook forever.

const id = z.string().regex(/^[\x21-\x7e]{1,255}$/);
const customer = z.union([id, z.object({ id }).transform((each) => each.id)]);
const unixSeconds = z.number().int().nonnegative();
// Only a web address goes into a mail's link.
const webUrl = z.url({ protocol: /^https?$/ });

const invoice = z.object({
  id,
  customer,
  currency: z.string().regex(/^[a-z]{3}$/),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  number: z.string().max(255).nullish(),
  hosted_invoice_url: webUrl.nullish().catch(null),
  attempt_count: z.number().int().nonnegative(),
  next_payment_attempt: unixSeconds.nullish(),
  lines: z.object({
    data: z
      .array(
        z.object({
          period: z.object({ start: unixSeconds, end: unixSeconds }),
          quantity: z.number().int().nullish(),
          pricing: z.object({ price_details: z.object({ price: id }).nullish() }).nullish(),
        }),
      )
      .min(1),
  }),
});

const subscription = z.object({
  id,
  customer,
  trial_end: unixSeconds.nullish(),
  items: z.object({
    data: z
      .array(
        z.object({
          price: z.object({ id, recurring: z.object({ usage_type: z.string() }).nullish() }),
        }),
      )
      .min(1),
  }),
});

const events = z.discriminatedUnion('type', [
  z.object({ type: z.literal('invoice.paid'), data: z.object({ object: invoice }) }),
  z.object({ type: z.literal('invoice.payment_failed'), data: z.object({ object: invoice }) }),
  z.object({
    type: z.literal('customer.subscription.trial_will_end'),
    data: z.object({ object: subscription }),
  }),
  z.object({ type: z.literal('customer.subscription.deleted'), data: z.object({ object: subscription }) }),
]);

/** The event types that mail the owner. */
export const billingMailEventTypes = events.options.map((option) => option.shape.type.value);

export type BillingMailDeps = {
  db: Database;
  jobs: Pick<JobQueue, 'send'>;
  plans: PlanCatalogue;
  site: MailSite;
};

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

type BillingEvent = z.infer<typeof events>;
type Owner = { id: string; email: string };
/** What a mail's props need besides the event: the plan's name of a price, and the site's links. */
type MailContext = { nameOfPrice(price: string | undefined): string; billingUrl: string; origin: string };

/** The mail of an event, or undefined when this one mails nothing (a trial's invoice of nothing). */
function mailOf(event: BillingEvent, owner: Owner, context: MailContext): MailOrder | undefined {
  const { nameOfPrice, billingUrl } = context;
  switch (event.type) {
    case 'invoice.paid': {
      const paid = event.data.object;
      // A trial's first invoice is of nothing: no receipt for it.
      if (paid.amount_paid <= 0) return undefined;
      const [line] = paid.lines.data;
      return {
        key: `receipt:${paid.id}`,
        to: owner.email,
        template: 'receipt',
        props: {
          amount: money(paid.amount_paid, paid.currency),
          planName: nameOfPrice(line?.pricing?.price_details?.price),
          seats: line?.quantity ?? 1,
          periodStart: iso(line?.period.start ?? 0),
          periodEnd: iso(line?.period.end ?? 0),
          invoiceNumber: paid.number ?? null,
          invoiceUrl: paid.hosted_invoice_url ?? billingUrl,
        },
      };
    }
    case 'invoice.payment_failed': {
      const failed = event.data.object;
      return {
        // One mail per failed attempt.
        key: `payment-failed:${failed.id}:${failed.attempt_count}`,
        to: owner.email,
        template: 'payment-failed',
        props: {
          amount: money(failed.amount_due, failed.currency),
          planName: nameOfPrice(failed.lines.data[0]?.pricing?.price_details?.price),
          nextAttempt: failed.next_payment_attempt ? iso(failed.next_payment_attempt) : null,
          billingUrl,
        },
      };
    }
    case 'customer.subscription.trial_will_end':
      return trialEndingMail(event.data.object, owner, context);
    case 'customer.subscription.deleted': {
      const ended = event.data.object;
      return {
        key: `subscription-ended:${ended.id}`,
        to: owner.email,
        template: 'subscription-ended',
        props: {
          planName: nameOfPrice(planItemOf(ended)?.price.id),
          pricingUrl: `${context.origin}/pricing`,
        },
      };
    }
  }
}

/** The optional trial-ending mail (it follows the owner's choice, so it names them). */
function trialEndingMail(
  trial: z.infer<typeof subscription>,
  owner: Owner,
  context: MailContext,
): MailOrder | undefined {
  if (!trial.trial_end) return undefined;
  return {
    key: `trial-ending:${trial.id}:${trial.trial_end}`,
    to: owner.email,
    recipientId: owner.id,
    template: 'trial-ending',
    props: {
      planName: context.nameOfPrice(planItemOf(trial)?.price.id),
      trialEnd: iso(trial.trial_end),
      billingUrl: context.billingUrl,
    },
  };
}

/**
 * Orders the owner's mail for a billing event, if it is one that mails; answers what it did. A
 * customer this product does not know, or an owner without an address, gets nothing.
 */
export async function orderBillingMail(
  deps: BillingMailDeps,
  event: unknown,
  log: FastifyBaseLogger,
): Promise<'ordered' | 'already-ordered' | 'none'> {
  const type = (event as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !(billingMailEventTypes as string[]).includes(type)) return 'none';
  const parsed = events.safeParse(event);
  if (!parsed.success) {
    log.warn({ type, issues: parsed.error.issues.slice(0, 3) }, 'billing mail: the event has another shape');
    return 'none';
  }
  const [owner] = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.stripeCustomerId, parsed.data.data.object.customer));
  if (!owner?.email) return 'none';
  const order = mailOf(
    parsed.data,
    { id: owner.id, email: owner.email },
    {
      nameOfPrice: (price) => {
        const plan = price ? deps.plans.planByPriceId.get(price) : undefined;
        return plan ? planName(plan) : 'subscription';
      },
      billingUrl: `${deps.site.origin}/settings/billing`,
      origin: deps.site.origin,
    },
  );
  if (!order) return 'none';
  return (await queueMail(deps.jobs, deps.db, order)) ? 'ordered' : 'already-ordered';
}
