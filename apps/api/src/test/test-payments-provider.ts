import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import {
  advanceCustomerClock,
  loadPaymentsConfig,
  startPaymentsEmulator,
} from '@launchkit/payments-emulator';
import Stripe from 'stripe';
import { emulatorOnLoopback } from './emulator-on-loopback.ts';

const secretKey = 'sk_test_api_tests';
const webhookSecret = 'whsec_api_tests';

/** A port nobody listens on right now (nor, as a test uses it, ever will). */
export async function freePort(): Promise<number> {
  const held = await holdPort();
  await held.release();
  return held.port;
}

/**
 * A port kept listening until `release`, for a server whose address must be known long before it starts:
 * a port merely found free may meanwhile become the local end of an outgoing connection (the app's own
 * database pool, as it starts) or another test's listener, and the server would not start. `port`
 * holds that one again (a restart's gap); by default a free one.
 */
export function holdPort(port = 0): Promise<{ port: number; release(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    // A connection made meanwhile (a webhook during a restart) fails at once, as against a closed port.
    const server = createServer((socket) => socket.destroy());
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : 0,
        release: () => new Promise((released) => server.close(() => released())),
      });
    });
  });
}

/**
 * The real payment emulator on a free port with its own data, delivering webhooks to `webhookUrl` (the
 * test app's endpoint). `appEnv` points an app at it as production points it at Stripe; `stripe` is the
 * real SDK, the way a test plays the operator (Stripe's dashboard) or inspects the provider's state.
 */
export async function startTestPaymentsProvider(options: {
  webhookUrl: string;
  retryBaseMs?: number;
  /** More of the emulator's variables (PAYMENTS_SEED_CATALOGUE, STRIPE_PRICE_*). */
  env?: Record<string, string>;
}) {
  const { dataDir, variables } = await emulatorOnLoopback('PAYMENTS');
  const config = loadPaymentsConfig({
    ...variables,
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_WEBHOOK_URL: options.webhookUrl,
    PAYMENTS_WEBHOOK_RETRY_BASE_MS: String(options.retryBaseMs ?? 200),
    ...options.env,
  });
  const emulator = await startPaymentsEmulator(config, { logger: false });
  const origin = emulator.url.replace(/\/$/, '');
  const { port } = new URL(origin);
  const stripe = new Stripe(secretKey, { host: '127.0.0.1', port: Number(port), protocol: 'http' });

  async function emulatorCall(pathname: string, init: { method?: string; body?: unknown } = {}) {
    const response = await fetch(`${origin}${pathname}`, {
      method: init.method ?? 'GET',
      headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const body = await response.json();
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${JSON.stringify(body)}`);
    return body;
  }

  return {
    origin,
    stripe,
    webhookSecret,
    appEnv: { STRIPE_SECRET_KEY: secretKey, STRIPE_API_URL: origin, STRIPE_WEBHOOK_SECRET: webhookSecret },
    webhookDeliveries: async (event: string) =>
      (await emulatorCall(`/emulator/webhook-deliveries?event=${encodeURIComponent(event)}`)) as {
        data: { status: number | null; attempt: number; delivery: string }[];
      },
    /** Moves a customer's time forward with Stripe's test clocks. */
    advanceClock: (customer: string, seconds: number) => advanceCustomerClock(stripe, customer, seconds),
    async close() {
      await emulator.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestPaymentsProvider = Awaited<ReturnType<typeof startTestPaymentsProvider>>;
