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
  /** The card charged for renewals (`invoice_settings.default_payment_method`). */
  defaultPaymentMethod: string | null;
  invoicePrefix: string;
  nextInvoiceSequence: number;
  /** Seconds this customer's clock runs ahead of real time (each customer has its own test clock). */
  clockOffset: number;
  deleted: boolean;
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
  planId: string;
  name: string;
  features: string[];
  defaultPrice: string;
  created: number;
  updated: number;
  metadata: Metadata;
  active: boolean;
};

export type PriceRecord = {
  id: string;
  product: string;
  planId: string;
  nickname: string;
  unitAmount: number;
  currency: string;
  lookupKey: string | null;
  created: number;
  metadata: Metadata;
  active: boolean;
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
};

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export type PaymentError = { code: string; declineCode: string | null; message: string };

export type InvoiceRecord = {
  id: string;
  number: string;
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
  amountPaid: number;
  attemptCount: number;
  finalizedAt: number;
  paidAt: number | null;
  customerEmail: string | null;
  customerName: string | null;
  paymentMethod: string | null;
  lastPaymentError: PaymentError | null;
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
};

export type PortalSessionRecord = {
  id: string;
  created: number;
  customer: string;
  returnUrl: string | null;
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
  apiVersion: string | null;
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
  products: Map<string, ProductRecord>;
  prices: Map<string, PriceRecord>;
  subscriptions: Map<string, SubscriptionRecord>;
  invoices: Map<string, InvoiceRecord>;
  checkoutSessions: Map<string, CheckoutSessionRecord>;
  portalSessions: Map<string, PortalSessionRecord>;
  events: Map<string, EventRecord>;
  webhookEndpoints: Map<string, WebhookEndpointRecord>;
  deliveries: Map<string, DeliveryRecord>;
  /** Keyed by the Idempotency-Key header. */
  idempotency: Map<string, IdempotencyRecord>;
};
