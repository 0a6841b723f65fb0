// Every environment variable the project reads, once: what it means, its default, whether production
// needs it and whether it is a secret. The app's configuration (apps/api/src/config/app-config.ts,
// config/production-settings.ts) and the emulators' take their defaults from here, and
// variables.test.ts checks every description against it: the code that reads variables, `.env.example`,
// `deploy/app.env.example`, the README's tables and docs/deploy.md.
// No imports: plain data.

/** Who reads a variable. */
export type Reader =
  /** The app server (apps/api/src/config/app-config.ts). */
  | 'app'
  /** The web app's build (VITE_*, baked into the pages). */
  | 'web'
  /** The identity emulator (emulators/identity/src/config.ts). */
  | 'identity'
  /** The payment emulator (emulators/payments/src/config.ts). */
  | 'payments'
  /** The npm scripts that start things (scripts/). */
  | 'launcher'
  /** Node.js itself. */
  | 'node'
  /** compose.yaml. */
  | 'compose'
  /** The test suites and their launchers. */
  | 'tests'
  /** The benchmarks (bench/). */
  | 'bench';

/**
 * Where a production deployment meets the variable: the section of docs/deploy.md and of
 * deploy/app.env.example that lists it. Without one it is for development, tests or benchmarks only.
 */
export type ProductionGroup = 'required' | 'instances' | 'optional' | 'build' | 'compose';

type Value = string | number | boolean;

export type Variable = {
  description: string;
  /**
   * What applies when it is unset (or empty), by mode where the modes differ: embedded (NODE_ENV
   * unset) and production (NODE_ENV=production; absent: no default, production mode requires a value).
   * Absent: none, or one worked out from other settings (the description says which).
   */
  default?: Value | { embedded: Value; production?: Value };
  production?: ProductionGroup;
  /** A credential, or a URL that carries one: never committed with a real value. */
  secret?: true;
  readBy: readonly Reader[];
};

/** The value a variable takes when unset, in the given mode (undefined: none). */
export function defaultValue(variable: Variable, mode: 'embedded' | 'production'): Value | undefined {
  const fallback = variable.default;
  return typeof fallback === 'object' ? fallback[mode] : fallback;
}

export const variables = {
  // --- The app server ---
  NODE_ENV: {
    description:
      'production: production mode, real providers only (the server refuses to start while a production setting is missing or a development value; the emulators refuse to start at all). Unset or anything else: embedded mode',
    readBy: ['app', 'identity', 'payments', 'launcher'],
  },
  PORT: {
    description: "the app's HTTP port (the emulators derive the app's origin from it)",
    default: 3000,
    production: 'optional',
    readBy: ['app', 'identity', 'payments', 'launcher'],
  },
  HOST: {
    description: 'the interface the app listens on',
    default: { embedded: '127.0.0.1', production: '0.0.0.0' },
    production: 'optional',
    readBy: ['app'],
  },
  LOG_LEVEL: {
    description: 'fatal, error, warn, info, debug, trace or silent; JSON lines on stdout',
    default: 'info',
    production: 'optional',
    readBy: ['app', 'identity', 'payments'],
  },
  DATA_DIR: {
    description:
      'the embedded database (PGlite), the dev outbox and the emulators’ state, relative to the repository',
    default: 'data',
    readBy: ['app', 'identity', 'payments', 'launcher'],
  },
  DATABASE_URL: {
    description:
      'the PostgreSQL connection string; unset: the embedded PGlite in DATA_DIR/db (one process only)',
    production: 'required',
    secret: true,
    readBy: ['app'],
  },
  DATABASE_DIRECT_URL: {
    description:
      'PostgreSQL itself, when DATABASE_URL goes through a pooler in transaction mode (PgBouncer): the migrations (under a session advisory lock) and LISTEN connect here, and the queries use no named prepared statements; unset: DATABASE_URL for everything',
    production: 'instances',
    secret: true,
    readBy: ['app'],
  },
  WEB_BUILD_DIR: {
    description: 'the built web app the server serves, relative to the repository',
    default: 'apps/web/build/client',
    readBy: ['app'],
  },
  OMNIOUT_DIR: {
    description: 'the built hosted pricing/account app served under /omniout/, relative to the repository',
    default: 'apps/omniout/dist',
    readBy: ['app'],
  },
  LAUNCHER_BUILD: {
    description:
      'set to "pending" by `npm start` for the app it starts beside the builds: the app waits for the launcher\'s word that they are done before it reads them (decision 0057); never set by hand',
    readBy: ['app', 'launcher'],
  },
  OMNIOUT_URL: {
    description: 'serve /omniout/ from an external hosted pricing/account app instead of the bundled one',
    production: 'optional',
    readBy: ['app'],
  },
  VITE_SITE_URL: {
    description:
      'the public https origin: canonical links and social cards (build time) and every return address given to the payment provider (run time); embedded default http://localhost:PORT',
    production: 'required',
    readBy: ['app', 'web', 'launcher'],
  },
  STAGING: {
    description:
      'true for a production-mode deployment that is not live: Stripe test-mode keys and addresses of this machine (localhost) are then accepted, and every start says so',
    default: false,
    production: 'optional',
    readBy: ['app'],
  },
  TRUST_PROXY: {
    description:
      "which hops may report the client's address (X-Forwarded-For): false for none, a hop count, or the proxies' addresses/CIDR ranges; true, and public ranges wider than /8 (IPv4) or /16 (IPv6), are refused",
    default: false,
    production: 'instances',
    readBy: ['app'],
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    description:
      'traces: the OpenTelemetry collector (OTLP over HTTP) the server exports to, such as http://otel-collector:4318; unset: tracing off and the SDK not loaded (docs/tracing.md)',
    production: 'optional',
    readBy: ['app'],
  },
  OTEL_SERVICE_NAME: {
    description: "traces: the service's name on its spans",
    default: 'launchkit-api',
    production: 'optional',
    readBy: ['app'],
  },
  REDIS_URL: {
    description:
      'Redis shared by several instances for the rate limits and stream caps; unset: each instance counts alone',
    production: 'instances',
    secret: true,
    readBy: ['app'],
  },
  RATE_LIMIT_MAX: {
    description: 'public form posts (newsletter, contact) per client address and window',
    default: 10,
    production: 'optional',
    readBy: ['app'],
  },
  RATE_LIMIT_WINDOW_MS: {
    description: "the public form posts' window",
    default: 60_000,
    production: 'optional',
    readBy: ['app'],
  },
  WRITE_RATE_LIMIT_MAX: {
    description: 'signed-in writes (POST, PATCH, DELETE) per user and window',
    default: 120,
    production: 'optional',
    readBy: ['app'],
  },
  WRITE_RATE_LIMIT_WINDOW_MS: {
    description: "the signed-in writes' window",
    default: 60_000,
    production: 'optional',
    readBy: ['app'],
  },
  SCIM_RATE_LIMIT_PER_MINUTE: {
    description: 'requests a minute one SCIM token may make (docs/scim.md)',
    default: 600,
    production: 'optional',
    readBy: ['app'],
  },
  ITEMS_PER_USER_MAX: {
    description: 'items one user may hold',
    default: 1000,
    production: 'optional',
    readBy: ['app'],
  },
  STREAMS_PER_USER_MAX: {
    description: 'open live lists per user and instance; the oldest closes past it',
    default: 10,
    production: 'optional',
    readBy: ['app'],
  },
  STREAMS_PER_ADDRESS_MAX: {
    description: 'open live lists per client address and instance; the oldest closes past it',
    default: 20,
    production: 'optional',
    readBy: ['app'],
  },
  REQUEST_TIMEOUT_MS: {
    description: "a request's headers and body must arrive within this (408 request_timeout)",
    default: 30_000,
    production: 'optional',
    readBy: ['app'],
  },
  INVITATION_TTL_HOURS: {
    description: 'how long a workspace invitation link stays valid (1 to 8,760)',
    default: 168,
    production: 'optional',
    readBy: ['app'],
  },
  WEBHOOK_DELIVERY_RETENTION_DAYS: {
    description:
      "how many days outbound webhooks' delivery log keeps a delivery; a daily job deletes older ones (docs/webhooks.md)",
    default: 30,
    production: 'optional',
    readBy: ['app'],
  },
  WEBHOOK_TEST_DAY_SECONDS: {
    description:
      'browser tests only: a webhook "day" lasts this many seconds (the delivery retries, and the day of failures that turns an endpoint off); ignored in production mode',
    readBy: ['app', 'tests'],
  },
  SHUTDOWN_DRAIN_MS: {
    description:
      'on SIGTERM, how long /readyz answers 503 before the server stops taking requests, so the load balancer notices',
    default: { embedded: 0, production: 5000 },
    production: 'optional',
    readBy: ['app'],
  },
  INSTANCE_NAME: {
    description: 'names the instance in logs and metrics; default <hostname>:<PORT>',
    production: 'optional',
    readBy: ['app'],
  },

  // --- Mail ---
  SMTP_URL: {
    description: 'the SMTP server for the contact-form notifications; unset: the dev outbox',
    production: 'required',
    secret: true,
    readBy: ['app', 'identity'],
  },
  MAIL_FROM: {
    description: "the sender of the product's mail; not @localhost in production",
    default: { embedded: 'Launchkit <no-reply@localhost>' },
    production: 'required',
    readBy: ['app', 'identity'],
  },
  CONTACT_INBOX: {
    description: 'receives contact-form messages; not @localhost in production',
    default: { embedded: 'owner@localhost' },
    production: 'required',
    readBy: ['app'],
  },

  // --- Identity provider ---
  AUTH0_DOMAIN: {
    description:
      'the Auth0 tenant (a bare host means https) or its custom domain; unset: the identity emulator',
    production: 'required',
    readBy: ['app', 'launcher'],
  },
  AUTH0_CLIENT_ID: {
    description:
      'the single-page application the browser signs in with; the API accepts only user tokens issued to it',
    default: { embedded: 'launchkit-web' },
    production: 'required',
    readBy: ['app', 'identity'],
  },
  AUTH0_AUDIENCE: {
    description:
      "the audience of the browser's access tokens: an API created for this app (embedded default: the emulator's Management API, <domain>/api/v2/)",
    production: 'required',
    readBy: ['app', 'identity'],
  },
  AUTH0_CONNECTION: {
    description: "the database connection's name",
    default: 'Username-Password-Authentication',
    production: 'optional',
    readBy: ['app', 'identity'],
  },
  AUTH0_MANAGEMENT_CLIENT_ID: {
    description: 'the machine-to-machine application authorised for the Management API',
    default: { embedded: 'launchkit-api' },
    production: 'required',
    readBy: ['app', 'identity'],
  },
  AUTH0_MANAGEMENT_CLIENT_SECRET: {
    description: "its client secret (embedded: the identity emulator's published one)",
    default: { embedded: 'dev-management-secret' },
    production: 'required',
    secret: true,
    readBy: ['app', 'identity'],
  },
  RECENT_LOGIN_MAX_AGE_SECONDS: {
    description: 'an email or password change needs a sign-in at most this old',
    default: 300,
    production: 'optional',
    readBy: ['app'],
  },
  OPERATOR_EMAILS: {
    description:
      'who may open the back office at /admin (docs/operations.md): verified addresses, comma-separated; an entry @example.com stands for every verified address at that domain. Operators may also grant it to others in the back office; a workspace role never does',
    production: 'optional',
    readBy: ['app'],
  },
  OPERATOR_SIGN_IN_MAX_AGE_MINUTES: {
    description:
      "the back office needs an operator's sign-in (with a second factor) at most this old: the operator session's lifetime",
    default: 60,
    production: 'optional',
    readBy: ['app'],
  },
  IMPERSONATION_SECONDS: {
    description:
      'how long an operator\'s "view as" session lasts before it ends everywhere (at most 900, the 15 minutes the back office promises customers; browser tests shorten it)',
    default: 900,
    production: 'optional',
    readBy: ['app', 'tests'],
  },
  DNS_RESOLVER: {
    description:
      'the DNS servers (host:port, comma-separated) that check the TXT records proving single sign-on domains; unset: the system’s',
    production: 'optional',
    readBy: ['app', 'tests'],
  },
  PASSKEYS: {
    description:
      'offer passkeys (sign-up, sign-in, Settings → Security); in production they need AUTH0_DOMAIN to be a custom domain sharing the site’s domain (docs/deploy.md, "Auth0 tenant" 10)',
    default: true,
    production: 'optional',
    readBy: ['app'],
  },
  PASSWORD_POLICY: {
    description:
      "Auth0's password policy level (none, low, fair, good, excellent): the one set on the database connection",
    default: 'good',
    production: 'optional',
    readBy: ['app', 'identity'],
  },
  IDENTITY_PORT: {
    description: "the identity emulator's port",
    default: 3001,
    readBy: ['app', 'identity'],
  },

  // --- Identity emulator (development only) ---
  IDENTITY_HOST: {
    description: "the identity emulator's interface (the app's HOST does not apply)",
    default: '127.0.0.1',
    readBy: ['identity'],
  },
  IDENTITY_ISSUER: {
    description: "the identity emulator's public origin and '/'; default http://localhost:IDENTITY_PORT/",
    readBy: ['identity'],
  },
  IDENTITY_WEB_ORIGINS: {
    description:
      "the app's origins the identity emulator allows (CORS, callbacks, logout); default http://localhost:PORT",
    readBy: ['identity', 'launcher'],
  },
  IDENTITY_DATA_DIR: {
    description: "the identity emulator's users and signing key; default DATA_DIR/identity",
    readBy: ['identity'],
  },
  IDENTITY_RATE_LIMITS: {
    description: "Auth0's rate limits, emulated (429 with x-ratelimit-* headers); off for benchmarks",
    default: true,
    readBy: ['identity'],
  },
  IDENTITY_USERINFO_REQUESTS_PER_MINUTE: {
    description: '/userinfo calls per user, after a burst of twice this',
    default: 5,
    readBy: ['identity'],
  },
  IDENTITY_PASSWORD_HASH_COST: {
    description:
      "scrypt's cost of a new password hash as log2 N (17: OWASP's; the test suites, which sign up thousands of people, use 10)",
    default: 17,
    readBy: ['identity'],
  },
  IDENTITY_LOGIN_ATTEMPTS_PER_MINUTE: {
    description: 'sign-ins per user and address, after a burst of twice this',
    default: 10,
    readBy: ['identity'],
  },
  IDENTITY_MANAGEMENT_REQUESTS_PER_MINUTE: {
    description:
      "Management API requests of the whole tenant, after a burst of 50 (Auth0's x-ratelimit-* and 429; 50 a second on a production tenant)",
    default: 3000,
    readBy: ['identity'],
  },
  IDENTITY_ACCESS_TOKEN_LIFETIME_SECONDS: {
    description:
      "How long the emulator's access tokens for the product's API last (Auth0: the API's Token Expiration); the web app refreshes them with its rotating refresh token",
    default: 86400,
    readBy: ['identity'],
  },
  IDENTITY_REFRESH_TOKEN_REUSE_INTERVAL_SECONDS: {
    description:
      "Seconds a rotated refresh token may still be exchanged once more before its reuse revokes its family (Auth0: the application's Reuse Interval; its default is 0)",
    default: 0,
    readBy: ['identity'],
  },
  IDENTITY_RESET_REQUESTS_PER_MINUTE: {
    description: 'change-password mails per address and email',
    default: 1,
    readBy: ['identity'],
  },

  // --- Payment provider ---
  STRIPE_SECRET_KEY: {
    description: 'the Stripe secret key, or a restricted key; unset: the payment emulator',
    default: { embedded: 'sk_test_emulator' },
    production: 'required',
    secret: true,
    readBy: ['app', 'payments', 'launcher'],
  },
  STRIPE_WEBHOOK_SECRET: {
    description: 'the signing secret of the webhook endpoint (whsec_…)',
    default: { embedded: 'whsec_emulator' },
    production: 'required',
    secret: true,
    readBy: ['app', 'payments'],
  },
  STRIPE_API_URL: {
    description:
      "where the Stripe SDK sends requests: leave unset in production (Stripe's own API; https only)",
    production: 'optional',
    readBy: ['app', 'launcher'],
  },
  STRIPE_TRIAL_DAYS: {
    description:
      "trial days on a customer's first subscription: `14` for every plan, or `starter=7,business=30` (plans left out, or 0: none); the public pages state it, so it is baked into the web build too",
    default: 0,
    production: 'optional',
    readBy: ['app', 'web'],
  },
  STRIPE_TRIAL_CARD: {
    description:
      '`required`: checkout asks for a card before a trial; `optional`: a trial starts without one (Stripe `payment_method_collection: if_required`); stated by the public pages too',
    default: 'required',
    production: 'optional',
    readBy: ['app', 'web'],
  },
  STRIPE_TRIAL_END_WITHOUT_CARD: {
    description:
      'what the end of a trial started without a card does: `cancel` the plan, or `pause` it until a card is added (it then resumes, charged from that day); stated by the public pages too',
    default: 'cancel',
    production: 'optional',
    readBy: ['app', 'web'],
  },
  CHECKOUT_UI: {
    description:
      "how buyers pay: `hosted` (Stripe's Checkout page, a redirect) or `embedded` (Embedded Checkout on the purchase page, with Stripe.js from js.stripe.com; needs STRIPE_PUBLISHABLE_KEY); decision 0049",
    default: 'hosted',
    production: 'optional',
    readBy: ['app'],
  },
  STRIPE_PUBLISHABLE_KEY: {
    description:
      'the publishable key Stripe.js is started with for Embedded Checkout (pk_live_…); required in production with CHECKOUT_UI=embedded',
    default: { embedded: 'pk_test_emulator' },
    production: 'optional',
    readBy: ['app'],
  },
  STRIPE_AUTOMATIC_TAX: {
    description:
      'Stripe Tax on checkouts and their invoices (automatic_tax, tax id collection); turn Stripe Tax on in the Dashboard first. The emulator charges a fixed 10 %',
    default: false,
    production: 'optional',
    readBy: ['app'],
  },
  STRIPE_PRICE_STARTER: {
    description:
      "the starter plan's price id, overriding its lookup key; unset: the active price whose lookup key is the plan id",
    production: 'optional',
    readBy: ['app', 'payments'],
  },
  STRIPE_PRICE_PRO: {
    description: "the pro plan's price id (likewise)",
    production: 'optional',
    readBy: ['app', 'payments'],
  },
  STRIPE_PRICE_BUSINESS: {
    description: "the business plan's price id (likewise)",
    production: 'optional',
    readBy: ['app', 'payments'],
  },
  USAGE_REPORTING: {
    description:
      'report each item created to Stripe as a meter event and add the metered price to subscriptions (docs/usage-billing.md); run `npm run stripe:setup` first in production, which makes the meter and its price',
    default: false,
    production: 'optional',
    readBy: ['app'],
  },
  PAYMENTS_PORT: {
    description: "the payment emulator's port",
    default: 3002,
    readBy: ['app', 'payments'],
  },

  // --- Payment emulator (development only) ---
  PAYMENTS_HOST: {
    description: "the payment emulator's interface (the app's HOST does not apply)",
    default: '127.0.0.1',
    readBy: ['payments'],
  },
  PAYMENTS_DATA_DIR: {
    description:
      "the payment emulator's customers, subscriptions, events and pending webhooks; default DATA_DIR/payments",
    readBy: ['payments'],
  },
  STRIPE_WEBHOOK_URL: {
    description:
      "the payment emulator's configured webhook endpoint; default the app's /api/stripe-webhook, none: no endpoint",
    readBy: ['payments', 'launcher'],
  },
  STRIPE_PRICE_STARTER_AMOUNT: {
    description: "the emulator's starter price in cents per seat and month; default from packages/plans",
    readBy: ['payments'],
  },
  STRIPE_PRICE_PRO_AMOUNT: {
    description: "the emulator's pro price (likewise)",
    readBy: ['payments'],
  },
  STRIPE_PRICE_BUSINESS_AMOUNT: {
    description: "the emulator's business price (likewise)",
    readBy: ['payments'],
  },
  PAYMENTS_SEED_CATALOGUE: {
    description: "seed the plans' products and prices; false: an empty account for npm run stripe:setup",
    default: true,
    readBy: ['payments'],
  },
  PAYMENTS_WEBHOOK_RETRY_SCHEDULE: {
    description:
      "Stripe's retries of a failed delivery: live (up to 3 days) or sandbox (3 retries over a few hours)",
    default: 'live',
    readBy: ['payments'],
  },
  PAYMENTS_WEBHOOK_RETRY_BASE_MS: {
    description: 'the first retry delay; the whole schedule scales with it',
    default: 300_000,
    readBy: ['payments'],
  },
  PAYMENTS_WEBHOOK_MAX_ATTEMPTS: {
    description: 'a cap on attempts per event and endpoint; unset: the schedule decides',
    readBy: ['payments'],
  },
  PAYMENTS_SEARCH_DELAY_MS: {
    description:
      "how long a new object stays out of search results, as Stripe's search lags writes (under a minute); 0: found at once",
    default: 0,
    readBy: ['payments'],
  },

  // --- Both emulators ---
  EMULATOR_TLS_CERT_FILE: {
    description:
      'the PEM certificate both emulators serve https with (with EMULATOR_TLS_KEY_FILE; both or neither)',
    readBy: ['identity', 'payments'],
  },
  EMULATOR_TLS_KEY_FILE: {
    description: "that certificate's private key",
    readBy: ['identity', 'payments'],
  },

  // --- The web app's build (baked into the pages) ---
  WEB_BUILD_OUTPUT: {
    description:
      'where the web build writes, relative to apps/web (the copy test builds the pages a second time, with other settings, beside the served ones)',
    default: 'build',
    readBy: ['web'],
  },
  VITE_APP_NAME: {
    description: "the product's name in the pages and in its mail",
    default: 'Launchkit',
    production: 'build',
    readBy: ['web', 'app'],
  },
  VITE_HELP_CENTER_URL: {
    description: "'Go to support center' on /faq",
    default: 'https://help.example.com/',
    production: 'build',
    readBy: ['web'],
  },
  VITE_CONTACT_FORM_URL: {
    description: 'where the contact form posts',
    default: '/api/contact',
    production: 'build',
    readBy: ['web'],
  },
  VITE_GA_MEASUREMENT_ID: {
    description: 'analytics; empty: not loaded. Read at run time too: it widens the Content-Security-Policy',
    production: 'build',
    readBy: ['app', 'web'],
  },
  VITE_CHAT_WEBSITE_ID: {
    description:
      'the chat widget; empty: not loaded. Read at run time too: it widens the Content-Security-Policy',
    production: 'build',
    readBy: ['app', 'web'],
  },

  // --- The machine and the deployment ---
  NODE_EXTRA_CA_CERTS: {
    description:
      'a PEM file of extra certificate authorities, when a provider or the SMTP relay uses a private CA',
    production: 'optional',
    readBy: ['node'],
  },
  POSTGRES_PASSWORD: {
    description: "the password of the PostgreSQL container's launchkit user: the one in DATABASE_URL",
    production: 'compose',
    secret: true,
    readBy: ['compose'],
  },

  // --- Development, tests and benchmarks ---
  DEV_API_PORT: {
    description: "npm run dev: the API server's port behind the Vite dev server",
    default: 3100,
    readBy: ['launcher'],
  },
  DEV_API_ORIGIN: {
    description: 'npm run dev: where the Vite dev server sends /api; default http://127.0.0.1:DEV_API_PORT',
    readBy: ['launcher'],
  },
  CHROMIUM_PATH: {
    description: 'the Chromium the browser tests and benchmarks run',
    default: '/usr/bin/chromium',
    readBy: ['tests', 'bench'],
  },
  E2E_PORT: {
    description: 'the port of the product the browser tests start',
    default: 3900,
    readBy: ['tests'],
  },
  CI: {
    description: 'set by CI: browser tests retry once, and the release test requires PostgreSQL',
    readBy: ['tests'],
  },
  TEST_DATABASE_URL: {
    description:
      'a PostgreSQL server for the API suites, the release and the cluster tests; unset: PGlite, or skipped',
    readBy: ['tests'],
  },
  CLUSTER_POOLER: {
    description:
      "pgbouncer: the cluster test's instances reach PostgreSQL through PgBouncer in transaction mode, migrations and LISTEN directly (npm run test:cluster:pgbouncer); unset: directly",
    readBy: ['tests'],
  },
  TEST_REDIS_URL: {
    description: 'a Redis server for the shared-limit and cluster tests',
    readBy: ['tests'],
  },
  CONFORMANCE_ORIGIN: {
    description: "the identity conformance checks' provider origin (set by their test)",
    readBy: ['tests'],
  },
  CONFORMANCE_API_AUDIENCE: {
    description: "the identity conformance checks' API audience (set by their test)",
    readBy: ['tests'],
  },
  CONFORMANCE_APP_ORIGIN: {
    description: "the identity conformance checks' app origin (set by their test)",
    readBy: ['tests'],
  },
  BENCH_DATABASE_URL: {
    description: 'the PostgreSQL server the benchmarks use',
    readBy: ['bench'],
  },
  BENCH_DURATION: {
    description: 'seconds of each throughput run (api, auth, billing, cluster, workspaces)',
    readBy: ['bench'],
  },
  BENCH_ROUNDS: {
    description: 'throughput rounds of bench:api',
    readBy: ['bench'],
  },
  BENCH_TRACING: {
    description: 'on: bench:api runs the product with tracing on, exporting to a collector on loopback',
    readBy: ['bench'],
  },
  BENCH_STREAMS: {
    description: 'open live lists of bench:api',
    readBy: ['bench'],
  },
  BENCH_JOBS: {
    description: 'jobs sent through the queue by bench:jobs (2000)',
    readBy: ['bench'],
  },
  BENCH_SEND: {
    description:
      "how bench:jobs sends each job: alone (unset) or 'transaction', inside the transaction of a change",
    readBy: ['bench'],
  },
  BENCH_EVENTS: {
    description:
      'events delivered by bench:webhooks to measure deliveries per second (200), and items reported by bench:billing to measure meter events per second (1000)',
    readBy: ['bench'],
  },
  BENCH_WRITES: {
    description:
      "writes timed on bench:api's live lists, in each workspace by bench:webhooks, and in each product by bench:billing's usage part (300)",
    readBy: ['bench'],
  },
  BENCH_DATABASES: {
    description: 'the databases bench:webhooks runs on, comma-separated (postgres,pglite)',
    readBy: ['bench'],
  },
  BENCH_PARTS: {
    description:
      'the parts bench:webhooks runs, comma-separated: latency, flood (both); and bench:billing: checkout, usage (both)',
    readBy: ['bench'],
  },
  BENCH_START_DIR: {
    description: 'an installed clone bench:start reuses instead of making one (its builds are removed first)',
    readBy: ['bench'],
  },
  BENCH_START_RUNS: {
    description: 'how many times bench:start repeats its three starts (1)',
    readBy: ['bench'],
  },
  BENCH_FLOOD_WRITES: {
    description: "the writes of bench:webhooks' flood, each to every endpoint of one workspace (750)",
    readBy: ['bench'],
  },
  BENCH_STEPS: {
    description: 'the open live lists bench:capacity measures at, comma-separated (1000,5000,10000)',
    readBy: ['bench'],
  },
  BENCH_PEOPLE: {
    description: 'the signed-in people (workspaces) bench:capacity spreads its streams over (100)',
    readBy: ['bench'],
  },
  BENCH_ONE_WORKSPACE_STREAMS: {
    description:
      "the streams of bench:capacity's one-workspace step, all watching one list (1000; 0 skips it)",
    readBy: ['bench'],
  },
  BENCH_ONE_WORKSPACE_WRITES_PER_SECOND: {
    description: "the write rate of bench:capacity's one-workspace step (2)",
    readBy: ['bench'],
  },
  BENCH_WRITE_SECONDS: {
    description: 'how long bench:capacity writes at each step (10)',
    readBy: ['bench'],
  },
  BENCH_ACTIVITY_ROWS: {
    description: 'the activity entries bench:workspaces seeds, 40% in its large workspace (1000000)',
    readBy: ['bench'],
  },
  BENCH_LARGE_ITEMS: {
    description: "the items of bench:workspaces' large workspace (1000, the cap)",
    readBy: ['bench'],
  },
  BENCH_LARGE_MEMBERS: {
    description: "the members of bench:workspaces' large workspace (200)",
    readBy: ['bench'],
  },
  BENCH_VERBOSE: {
    description: "set: bench:api prints every run's figures",
    readBy: ['bench'],
  },
  BENCH_SIGNINS: {
    description: 'sign-ins timed by bench:auth',
    readBy: ['bench'],
  },
  BENCH_RUNS: {
    description: 'Lighthouse runs per page (bench:web), purchases (bench:billing)',
    readBy: ['bench'],
  },
  BENCH_SIGNED_IN_RUNS: {
    description: 'signed-in runs of bench:web',
    readBy: ['bench'],
  },
  BENCH_PATHS: {
    description: 'the pages bench:web measures, comma-separated; default every public page',
    readBy: ['bench'],
  },
  BENCH_WRITES_PER_SECOND: {
    description: 'the steady write rate of bench:faults and, at each step, bench:capacity (20)',
    readBy: ['bench'],
  },
  BENCH_PHASE_SECONDS: {
    description: "seconds of each of bench:faults' phases",
    readBy: ['bench'],
  },
  BENCH_SOAK_SECONDS: {
    description: 'how long bench:soak runs',
    readBy: ['bench'],
  },
  BENCH_RATE: {
    description: 'the steady request rate bench:workspaces compares latencies at (100/s)',
    readBy: ['bench'],
  },
  BENCH_CONNECTION_STEPS: {
    description: 'the connection counts bench:cluster loads at, comma-separated (1,10,100)',
    readBy: ['bench'],
  },
  BENCH_CONNECTIONS: {
    description: "bench:soak's connections",
    readBy: ['bench'],
  },
} as const satisfies Record<string, Variable>;

export type VariableName = keyof typeof variables;
