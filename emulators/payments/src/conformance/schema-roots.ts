/**
 * The SDK types the conformance suite validates answers against: `module` is the declaration file
 * under the package's `esm/resources/` (or `lib` for its list types), `type` a name in it (dotted for
 * a namespace member), `wrap` a list or search result of that type. `npm run stripe:schemas` turns each into a root of stripe-schemas.json, with one root
 * per event type the emulator sends (its typed event), `EmittedEvent` (their union) and `EventList`.
 */
export type SchemaRoot = { module: string; type: string; wrap?: 'list' | 'search' };

const root = (module: string, type: string, wrap?: 'list' | 'search'): SchemaRoot => ({
  module,
  type,
  ...(wrap && { wrap }),
});

export const schemaRoots = {
  Customer: root('Customers', 'Customer'),
  DeletedCustomer: root('Customers', 'DeletedCustomer'),
  CustomerList: root('Customers', 'Customer', 'list'),
  CustomerSearchResult: root('Customers', 'Customer', 'search'),
  CustomerBalanceTransaction: root('CustomerBalanceTransactions', 'CustomerBalanceTransaction'),
  CustomerBalanceTransactionList: root('CustomerBalanceTransactions', 'CustomerBalanceTransaction', 'list'),
  PaymentMethod: root('PaymentMethods', 'PaymentMethod'),
  PaymentMethodList: root('PaymentMethods', 'PaymentMethod', 'list'),
  SetupIntent: root('SetupIntents', 'SetupIntent'),
  SetupIntentList: root('SetupIntents', 'SetupIntent', 'list'),
  Product: root('Products', 'Product'),
  ProductList: root('Products', 'Product', 'list'),
  ProductSearchResult: root('Products', 'Product', 'search'),
  Price: root('Prices', 'Price'),
  PriceList: root('Prices', 'Price', 'list'),
  PriceSearchResult: root('Prices', 'Price', 'search'),
  CheckoutSession: root('Checkout/Sessions', 'Session'),
  CheckoutSessionList: root('Checkout/Sessions', 'Session', 'list'),
  CheckoutLineItemList: root('LineItems', 'LineItem', 'list'),
  BillingPortalSession: root('BillingPortal/Sessions', 'Session'),
  Subscription: root('Subscriptions', 'Subscription'),
  SubscriptionList: root('Subscriptions', 'Subscription', 'list'),
  SubscriptionSearchResult: root('Subscriptions', 'Subscription', 'search'),
  Invoice: root('Invoices', 'Invoice'),
  InvoiceList: root('Invoices', 'Invoice', 'list'),
  InvoiceSearchResult: root('Invoices', 'Invoice', 'search'),
  InvoiceItem: root('InvoiceItems', 'InvoiceItem'),
  InvoiceItemList: root('InvoiceItems', 'InvoiceItem', 'list'),
  WebhookEndpoint: root('WebhookEndpoints', 'WebhookEndpoint'),
  DeletedWebhookEndpoint: root('WebhookEndpoints', 'DeletedWebhookEndpoint'),
  WebhookEndpointList: root('WebhookEndpoints', 'WebhookEndpoint', 'list'),
  TestClock: root('TestHelpers/TestClocks', 'TestClock'),
  DeletedTestClock: root('TestHelpers/TestClocks', 'DeletedTestClock'),
  TestClockList: root('TestHelpers/TestClocks', 'TestClock', 'list'),
  Meter: root('Billing/Meters', 'Meter'),
  MeterList: root('Billing/Meters', 'Meter', 'list'),
  MeterEvent: root('Billing/MeterEvents', 'MeterEvent'),
  MeterEventSummaryList: root('Billing/MeterEventSummaries', 'MeterEventSummary', 'list'),
  SubscriptionItem: root('SubscriptionItems', 'SubscriptionItem'),
  Coupon: root('Coupons', 'Coupon'),
  CouponList: root('Coupons', 'Coupon', 'list'),
  PromotionCode: root('PromotionCodes', 'PromotionCode'),
  PromotionCodeList: root('PromotionCodes', 'PromotionCode', 'list'),
  // Every API version Stripe has had (the type of a webhook endpoint's `api_version`).
  ApiVersion: root('WebhookEndpoints', 'WebhookEndpointCreateParams.ApiVersion'),
} satisfies Record<string, SchemaRoot>;

export type SchemaRootName = keyof typeof schemaRoots;
