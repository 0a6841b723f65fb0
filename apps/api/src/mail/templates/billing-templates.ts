import { formatLongDate } from '@launchkit/plans';
import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import { mailButton, mailStyles } from '../mail-layout.ts';
import type { MailTemplate } from '../mail-template.ts';

// The billing mails (billing/billing-mails.ts): each from one event of the payment provider, once.

const dateOf = (iso: string) => formatLongDate(new Date(iso));
const reason = (siteName: string) =>
  `You get this mail because you own a ${siteName} workspace with a paid plan. It is about your billing, so it is always sent.`;

export type ReceiptProps = {
  amount: string;
  planName: string;
  seats: number;
  periodStart: string;
  periodEnd: string;
  invoiceNumber: string | null;
  /** The provider's page of the invoice, or the product's billing settings when there is none. */
  invoiceUrl: string;
};

/** After each paid invoice (`invoice.paid`). */
export const receipt: MailTemplate<ReceiptProps> = {
  optional: false,
  subject: ({ amount }, site) => `Your ${site.name} receipt: ${amount} paid`,
  content: (props, site) => ({
    preview: `${props.amount} for ${props.planName}, ${dateOf(props.periodStart)} to ${dateOf(props.periodEnd)}.`,
    reason: reason(site.name),
    body: [
      h(Text, { key: 'paid', style: mailStyles.text }, `Thank you: we received ${props.amount}.`),
      h(
        Text,
        { key: 'what', style: mailStyles.text },
        `Plan: ${props.planName}, ${props.seats} ${props.seats === 1 ? 'seat' : 'seats'}. Period: ${dateOf(props.periodStart)} to ${dateOf(props.periodEnd)}.${props.invoiceNumber ? ` Invoice ${props.invoiceNumber}.` : ''}`,
      ),
      mailButton('invoice', props.invoiceUrl, 'View the invoice'),
    ],
  }),
  example: {
    amount: '$29.00',
    planName: 'Pro',
    seats: 5,
    periodStart: '2026-11-26T00:00:00.000Z',
    periodEnd: '2026-12-26T00:00:00.000Z',
    invoiceNumber: 'A1B2C3D4-0001',
    invoiceUrl: 'http://localhost:3000/settings/billing',
  },
};

export type PaymentFailedProps = {
  amount: string;
  planName: string;
  /** When the provider tries the card again; null: it will not. */
  nextAttempt: string | null;
  billingUrl: string;
};

/** A renewal's charge failed (`invoice.payment_failed`): what, when the next try is, where to fix it. */
export const paymentFailed: MailTemplate<PaymentFailedProps> = {
  optional: false,
  subject: (_props, site) => `Your ${site.name} payment failed: please update your card`,
  content: (props, site) => ({
    preview: `We could not charge ${props.amount} for ${props.planName}.`,
    reason: reason(site.name),
    body: [
      h(
        Text,
        { key: 'failed', style: mailStyles.text },
        `We could not charge your card ${props.amount} for your ${props.planName} plan.`,
      ),
      h(
        Text,
        { key: 'next', style: mailStyles.text },
        props.nextAttempt
          ? `We will try again on ${dateOf(props.nextAttempt)}. Update your card before then to keep your plan without interruption.`
          : 'We will not try again: update your card and pay the open invoice to keep your plan.',
      ),
      mailButton('update', props.billingUrl, 'Update your card'),
    ],
  }),
  example: {
    amount: '$29.00',
    planName: 'Pro',
    nextAttempt: '2026-11-29T00:00:00.000Z',
    billingUrl: 'http://localhost:3000/settings/billing',
  },
};

export type TrialEndingProps = { planName: string; trialEnd: string; billingUrl: string };

/** Three days before a trial ends (`customer.subscription.trial_will_end`). */
export const trialEnding: MailTemplate<TrialEndingProps> = {
  optional: {
    label: 'Your trial is ending',
    description: 'Three days before your free trial ends and your card is first charged.',
    onlyWithTrials: true,
  },
  subject: (_props, site) => `Your ${site.name} trial ends in three days`,
  content: (props, site) => ({
    preview: `Your ${props.planName} trial ends on ${dateOf(props.trialEnd)}.`,
    reason: reason(site.name),
    body: [
      h(
        Text,
        { key: 'ends', style: mailStyles.text },
        `Your ${props.planName} trial ends on ${dateOf(props.trialEnd)}. Your plan then continues, and your card is charged, unless you cancel before.`,
      ),
      mailButton('billing', props.billingUrl, 'Review your plan'),
    ],
  }),
  example: {
    planName: 'Pro',
    trialEnd: '2026-11-29T00:00:00.000Z',
    billingUrl: 'http://localhost:3000/settings/billing',
  },
};

export type SubscriptionEndedProps = { planName: string; pricingUrl: string };

/** A subscription ended (`customer.subscription.deleted`): cancelled, or given up after failed payments. */
export const subscriptionEnded: MailTemplate<SubscriptionEndedProps> = {
  optional: false,
  subject: (_props, site) => `Your ${site.name} subscription has ended`,
  content: (props, site) => ({
    preview: `Your ${props.planName} plan has ended. Nothing was deleted.`,
    reason: reason(site.name),
    body: [
      h(
        Text,
        { key: 'ended', style: mailStyles.text },
        `Your ${props.planName} plan has ended. Your items and your team stay as they are; what the plan unlocked is paused until you choose a plan again.`,
      ),
      mailButton('pricing', props.pricingUrl, 'Choose a plan'),
    ],
  }),
  example: { planName: 'Pro', pricingUrl: 'http://localhost:3000/pricing' },
};
