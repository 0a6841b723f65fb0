/**
 * Everything the emulator remembers, kept in memory and written to `state.json` after each change.
 * Records hold what the emulator needs; `src/objects` renders them in the shapes of Stripe's API.
 * Times are Unix seconds unless a name ends in `Ms`.
 */

export type Metadata = Record<string, string>;

export type CustomerRecord = {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Metadata;
  /**
   * The invoice default card (`invoice_settings.default_payment_method`), charged when a subscription
   * has no card of its own. Checkout leaves it unset, as Stripe does.
   */
  defaultPaymentMethod: string | null;
  invoicePrefix: string;
  nextInvoiceSequence: number;
  /** The test clock whose frozen time is this customer's time; null: real time. */
  testClock: string | null;
  /** Cents; negative is a credit (from a downgrade's proration), applied to the next invoice. */
  balance: number;
  deleted: boolean;
};

/**
 * A change of a customer's balance made through the API (Stripe's `customer_balance_transaction` of
 * type `adjustment`): negative is a credit, applied to the next invoice with the rest of the balance.
 */
export type CustomerBalanceTransactionRecord = {
  id: string;
  created: number;
  customer: string;
  amount: number;
  currency: string;
  description: string | null;
  /** The customer's balance once this amount was added. */
  endingBalance: number;
  metadata: Metadata;
};

/** Stripe's test clock: a frozen time that only moves when advanced, shared by its customers. */
export type TestClockRecord = {
  id: string;
  name: string | null;
  frozenTime: number;
  created: number;
  deletesAfter: number;
};

/** What happens when a stored card is charged later (renewals, trial end). */
export type ChargeOutcome = 'succeeds' | 'fails';

export type CardDetails = {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The outcome of charges after the checkout (4000 0000 0000 0341 fails them). */
  laterCharges: ChargeOutcome;
  fingerprint: string;
};

export type PaymentMethodRecord = {
  id: string;
  created: number;
  customer: string | null;
  card: CardDetails;
  billingName: string | null;
  billingEmail: string | null;
};

export type ProductRecord = {
  id: string;
  name: string;
  description: string | null;
  /** `marketing_features` names. */
  features: string[];
  defaultPrice: string | null;
  unitLabel: string | null;
  created: number;
  updated: number;
  metadata: Metadata;
  active: boolean;
};

export type PriceRecord = {
  id: string;
  product: string;
  nickname: string | null;
  unitAmount: number;
  currency: string;
  /** Recurring prices bill every month or year; one-time prices are not billed. */
  type: 'recurring' | 'one_time';
  /** A recurring price's period (interval_count 1); kept as 'month' on one-time prices. */
  interval: 'month' | 'year';
  lookupKey: string | null;
  created: number;
  metadata: Metadata;
  active: boolean;
  /** `recurring[usage_type]`: metered prices bill a meter's usage at the period's end (billing/meters.ts). */
  usageType?: 'licensed' | 'metered';
  /** `recurring[meter]` of a metered price. */
  meter?: string | null;
};

export type SubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

export type SubscriptionItemRecord = {
  id: string;
  price: string;
  quantity: number;
  created: number;
  metadata: Metadata;
};

/** What ends a trial without a card (`trial_settings.end_behavior.missing_payment_method`). */
export type MissingPaymentMethod = 'cancel' | 'create_invoice' | 'pause';

export type CancellationDetails = {
  reason: 'cancellation_requested' | 'payment_disputed' | 'payment_failed' | null;
  comment: string | null;
  feedback: string | null;
};

export type SubscriptionRecord = {
  id: string;
  customer: string;
  status: SubscriptionStatus;
  created: number;
  startDate: number;
  /** Periods are calendar months counted from here (the start, or the trial end). */
  billingCycleAnchor: number;
  /** How many months after the anchor the current period ends (0 during a trial). */
  periodIndex: number;
  /** One item: the plan's price and the number of seats. */
  item: SubscriptionItemRecord;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  trialStart: number | null;
  trialEnd: number | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  canceledAt: number | null;
  endedAt: number | null;
  cancellationDetails: CancellationDetails;
  latestInvoice: string | null;
  defaultPaymentMethod: string | null;
  metadata: Metadata;
  /** customer.subscription.trial_will_end went out for the current trial (three days before its end). */
  trialWillEndSent: boolean;
  /** What its trial's end does without a card; absent: create_invoice (Stripe's default). */
  missingPaymentMethod?: MissingPaymentMethod;
  /** Items of metered prices, added with `POST /v1/subscription_items` (billing/meters.ts). */
  meteredItems?: MeteredItemRecord[];
  /** A coupon redeemed at checkout, applied to its invoices while it lasts (billing/discounts.ts). */
  discount?: DiscountRecord | null;
  /** Checkout's `automatic_tax`: its invoices carry the emulator's fixed rate (billing/tax.ts). */
  automaticTax?: boolean;
};

/** A subscription's item of a metered price: no quantity; its usage is billed up to `billedThrough`. */
export type MeteredItemRecord = {
  id: string;
  price: string;
  created: number;
  metadata: Metadata;
  billedThrough: number;
};

/** A billing meter: how the meter events named `eventName` add up (routes/meter-routes.ts). */
export type MeterRecord = {
  id: string;
  created: number;
  updated: number;
  displayName: string;
  eventName: string;
  formula: 'sum' | 'count' | 'last';
  customerPayloadKey: string;
  valuePayloadKey: string;
  eventTimeWindow: 'day' | 'hour' | null;
  status: 'active' | 'inactive';
  deactivatedAt: number | null;
};

/** A meter event as received: its customer and value already read from the payload. */
export type MeterEventRecord = {
  identifier: string;
  eventName: string;
  customer: string;
  value: number;
  payload: Record<string, string>;
  timestamp: number;
  created: number;
};

/** A pending or invoiced charge or credit outside the subscription's own lines: prorations. */
export type InvoiceItemRecord = {
  id: string;
  customer: string;
  subscription: string;
  subscriptionItem: string;
  price: string;
  quantity: number;
  /** Cents; negative for a credit (unused time). */
  amount: number;
  currency: string;
  description: string;
  periodStart: number;
  periodEnd: number;
  proration: boolean;
  date: number;
  /** The invoice it went on; null while pending (it goes on the subscription's next invoice). */
  invoice: string | null;
  metadata: Metadata;
};

export type InvoiceLineRecord = {
  id: string;
  price: string;
  quantity: number;
  unitAmount: number;
  amount: number;
  periodStart: number;
  periodEnd: number;
  subscriptionItem: string;
  description: string;
  /** The invoice item this line bills (prorations); null for the subscription's own period. */
  invoiceItem: string | null;
  proration: boolean;
};

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export type PaymentError = { code: string; declineCode: string | null; message: string };

export type InvoiceRecord = {
  id: string;
  /** Given when the invoice is finalized; null while it is a draft. */
  number: string | null;
  customer: string;
  subscription: string;
  subscriptionMetadata: Metadata;
  status: InvoiceStatus;
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  created: number;
  periodStart: number;
  periodEnd: number;
  currency: string;
  lines: InvoiceLineRecord[];
  total: number;
  /** The customer's balance applied (negative: a credit), set when finalized. */
  startingBalance: number;
  /** The balance after this invoice: a negative total leaves a credit; null until finalized. */
  endingBalance: number | null;
  amountPaid: number;
  attemptCount: number;
  /** When a failed renewal's charge is tried again (billing/billing-clock.ts); null: never. */
  nextPaymentAttempt: number | null;
  finalizedAt: number | null;
  /** Its hosted page, set when it is finalized (Stripe's `hosted_invoice_url`). */
  hostedUrl: string | null;
  paidAt: number | null;
  customerEmail: string | null;
  customerName: string | null;
  paymentMethod: string | null;
  lastPaymentError: PaymentError | null;
  /** The subtotal before its discount and tax, and those two (billing/discounts.ts, billing/tax.ts). */
  adjustments?: InvoiceAdjustments;
};

/** A coupon: what a discount takes off and for how long. */
export type CouponRecord = {
  id: string;
  created: number;
  name: string | null;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  durationInMonths: number | null;
  maxRedemptions: number | null;
  redeemBy: number | null;
  timesRedeemed: number;
  metadata: Metadata;
};

/** A customer-facing code for a coupon, typed on the Checkout page. */
export type PromotionCodeRecord = {
  id: string;
  created: number;
  code: string;
  coupon: string;
  active: boolean;
  maxRedemptions: number | null;
  expiresAt: number | null;
  timesRedeemed: number;
  metadata: Metadata;
};

/** A coupon applied to a subscription, with the coupon's terms as they were when it was redeemed. */
export type DiscountRecord = {
  id: string;
  coupon: string;
  promotionCode: string | null;
  percentOff: number | null;
  amountOff: number | null;
  duration: CouponRecord['duration'];
  start: number;
  /** A repeating coupon's end; null for once and forever. */
  end: number | null;
  /** A `once` coupon has been used by an invoice. */
  used: boolean;
};

export type InvoiceAdjustments = {
  subtotal: number;
  discount: { id: string; amount: number } | null;
  tax: { amount: number; taxableAmount: number } | null;
};

export type CheckoutLineItem = { id: string; price: string; quantity: number };

export type EnteredCard = {
  email: string;
  name: string;
  card: CardDetails;
};

export type CheckoutSessionRecord = {
  id: string;
  created: number;
  expiresAt: number;
  status: 'open' | 'complete' | 'expired';
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  successUrl: string;
  cancelUrl: string | null;
  lineItems: CheckoutLineItem[];
  trialPeriodDays: number | null;
  subscriptionMetadata: Metadata;
  metadata: Metadata;
  subscription: string | null;
  invoice: string | null;
  /** Email and name entered on the page once it is complete. */
  customerDetails: { email: string; name: string } | null;
  /** A card waiting for its 3-D Secure answer (4000 0025 0000 3155). */
  pendingAuthentication: EnteredCard | null;
  /** `if_required`: a trial starts without a card; absent: always (a card is asked for). */
  paymentMethodCollection?: 'always' | 'if_required';
  /** The subscription's `trial_settings.end_behavior.missing_payment_method`. */
  missingPaymentMethod?: MissingPaymentMethod;
  /** Embedded Checkout (`ui_mode=embedded_page`): `successUrl` holds its `return_url`. */
  embedded?: { clientSecret: string };
  allowPromotionCodes?: boolean;
  automaticTax?: boolean;
  taxIdCollection?: boolean;
  /** The promotion code applied on the page (its id). */
  promotionCode?: string | null;
  /** The tax id entered on the page (tax_id_collection). */
  taxId?: { type: 'eu_vat' | 'us_ein'; value: string } | null;
};

/** A SetupIntent: saves a card for later charges (outside Checkout). */
export type SetupIntentRecord = {
  id: string;
  created: number;
  clientSecret: string;
  customer: string | null;
  paymentMethod: string | null;
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
  usage: 'off_session' | 'on_session';
  description: string | null;
  metadata: Metadata;
  /** Why the last confirmation failed (a declined card); null once one succeeds. */
  lastSetupError: PaymentError | null;
  /** Why it was canceled (`cancellation_reason`); absent or null while it is not. */
  cancellationReason?: 'abandoned' | 'duplicate' | 'requested_by_customer' | null;
};

/** A portal session's deep link (`flow_data`): straight to updating the card, then `afterCompletion`. */
export type PortalFlow = {
  type: 'payment_method_update';
  afterCompletion:
    | { type: 'portal_homepage' }
    | { type: 'redirect'; returnUrl: string }
    | { type: 'hosted_confirmation'; message: string | null };
  /** The card was updated: the session shows what `afterCompletion` says from then on. */
  completed: boolean;
};

export type PortalSessionRecord = {
  id: string;
  created: number;
  customer: string;
  returnUrl: string | null;
  flow: PortalFlow | null;
};

export type StripeEventJson = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

export type EventRecord = {
  event: StripeEventJson;
  /** The customer the event is about, for filtering; null when there is none. */
  customer: string | null;
};

export type WebhookEndpointRecord = {
  id: string;
  url: string;
  secret: string;
  enabledEvents: string[];
  description: string | null;
  metadata: Metadata;
  /** The version its events are rendered in (their `api_version`); null: the account's default. */
  apiVersion: string | null;
  /** A disabled endpoint (`disabled: true` on update) is sent nothing. */
  disabled: boolean;
  created: number;
};

export type DeliveryAttempt = {
  attempt: number;
  url: string;
  /** The endpoint's HTTP status; null when no answer came (network error, timeout). */
  status: number | null;
  error: string | null;
  atMs: number;
  nextAttemptAtMs: number | null;
};

export type DeliveryRecord = {
  id: string;
  event: string;
  endpoint: string;
  state: 'pending' | 'succeeded' | 'failed';
  nextAttemptAtMs: number | null;
  attempts: DeliveryAttempt[];
};

export type IdempotencyRecord = {
  fingerprint: string;
  method: string;
  path: string;
  statusCode: number;
  body: string;
  createdAtMs: number;
};

export type PaymentsState = {
  customers: Map<string, CustomerRecord>;
  paymentMethods: Map<string, PaymentMethodRecord>;
  setupIntents: Map<string, SetupIntentRecord>;
  testClocks: Map<string, TestClockRecord>;
  products: Map<string, ProductRecord>;
  prices: Map<string, PriceRecord>;
  subscriptions: Map<string, SubscriptionRecord>;
  invoices: Map<string, InvoiceRecord>;
  invoiceItems: Map<string, InvoiceItemRecord>;
  checkoutSessions: Map<string, CheckoutSessionRecord>;
  portalSessions: Map<string, PortalSessionRecord>;
  events: Map<string, EventRecord>;
  webhookEndpoints: Map<string, WebhookEndpointRecord>;
  deliveries: Map<string, DeliveryRecord>;
  /** Keyed by the Idempotency-Key header. */
  idempotency: Map<string, IdempotencyRecord>;
  meters: Map<string, MeterRecord>;
  /** Keyed by `identifier`, unique within Stripe's 24-hour window (billing/meters.ts). */
  meterEvents: Map<string, MeterEventRecord>;
  coupons: Map<string, CouponRecord>;
  promotionCodes: Map<string, PromotionCodeRecord>;
  customerBalanceTransactions: Map<string, CustomerBalanceTransactionRecord>;
};
