import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsConfig, WebhookRetrySchedule } from '#payments/config.ts';
import { isRenderedVersion } from '#payments/http/stripe-api-versions.ts';
import { newId, realNow } from '#payments/ids.ts';
import type { DeliveryRecord, EventRecord, StripeEventJson } from '#payments/storage/payments-state.ts';
import type { StateFile } from '#payments/storage/state-file.ts';
import { apiVersion } from './pinned-api-version.ts';
import { versionedEvent } from './versioned-event.ts';
import { allEndpoints, endpointWants, findEndpoint } from './webhook-endpoints.ts';
import { signatureHeader } from './webhook-signature.ts';

const attemptTimeoutMs = 10_000;

// In units of the base delay (5 minutes by default): live retries double from it up to a day apart,
// within three days of the first attempt; a sandbox retries three times, after 5 min, 30 min and 2 h.
const liveMaxDelay = 288;
const liveWindow = 864;
const sandboxDelays = [1, 6, 24];

/**
 * When to try again after failed attempt `attempt` (1-based) of a delivery first tried at
 * `firstAttemptAtMs`, on Stripe's schedule scaled by `baseMs`; null when the schedule is over.
 */
export function nextAttemptAtMs(
  schedule: WebhookRetrySchedule,
  baseMs: number,
  attempt: number,
  firstAttemptAtMs: number,
  nowMs: number,
): number | null {
  if (schedule === 'sandbox') {
    const units = sandboxDelays[attempt - 1];
    return units === undefined ? null : nowMs + units * baseMs;
  }
  const next = nowMs + Math.min(2 ** (attempt - 1), liveMaxDelay) * baseMs;
  return next - firstAttemptAtMs <= liveWindow * baseMs ? next : null;
}

/**
 * Delivers events to webhook endpoints as Stripe does: asynchronously, signed, retried on Stripe's
 * schedule (PAYMENTS_WEBHOOK_RETRY_SCHEDULE, scaled by PAYMENTS_WEBHOOK_RETRY_BASE_MS). Every delivery is a record in the state (so pending retries resume after a
 * restart) and every attempt is recorded on it. Attempts to one endpoint go one at a time, in the
 * order they fall due, so an endpoint sees a request's events in the order they happened.
 */
export class WebhookDispatcher {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();
  private log: FastifyBaseLogger | undefined;
  private readonly config: PaymentsConfig;
  private readonly store: StateFile;

  constructor(config: PaymentsConfig, store: StateFile) {
    this.config = config;
    this.store = store;
  }

  useLogger(log: FastifyBaseLogger) {
    this.log = log;
  }

  /** Creates the deliveries of a new event and schedules them; returns how many there are. */
  enqueue(record: EventRecord): number {
    const { state } = this.store;
    let count = 0;
    for (const endpoint of allEndpoints(this.config, state)) {
      if (!endpointWants(endpoint, record.event.type)) continue;
      const delivery: DeliveryRecord = {
        id: newId('whd'),
        event: record.event.id,
        endpoint: endpoint.id,
        state: 'pending',
        nextAttemptAtMs: Date.now(),
        attempts: [],
      };
      state.deliveries.set(delivery.id, delivery);
      this.schedule(delivery);
      count++;
    }
    return count;
  }

  /** Schedules every delivery still pending in the state (after a restart). */
  resume() {
    for (const delivery of this.store.state.deliveries.values()) {
      if (delivery.state === 'pending') this.schedule(delivery);
    }
  }

  /** Stops scheduling and aborts attempts in flight; those stay pending and resume at the next start. */
  async stop() {
    this.stopping.abort();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.chains.values()]);
  }

  private schedule(delivery: DeliveryRecord) {
    if (this.stopping.signal.aborted || this.timers.has(delivery.id)) return;
    const delay = Math.max(0, (delivery.nextAttemptAtMs ?? Date.now()) - Date.now());
    const timer = setTimeout(() => {
      this.timers.delete(delivery.id);
      const previous = this.chains.get(delivery.endpoint) ?? Promise.resolve();
      const next = previous
        .then(() => this.attempt(delivery.id))
        .catch((error: unknown) =>
          this.log?.error({ err: error, delivery: delivery.id }, 'webhook delivery failed'),
        );
      this.chains.set(delivery.endpoint, next);
      void next.then(() => {
        if (this.chains.get(delivery.endpoint) === next) this.chains.delete(delivery.endpoint);
      });
    }, delay);
    this.timers.set(delivery.id, timer);
  }

  private async attempt(deliveryId: string) {
    const { state } = this.store;
    const delivery = state.deliveries.get(deliveryId);
    if (delivery?.state !== 'pending' || this.stopping.signal.aborted) return;
    const endpoint = findEndpoint(this.config, state, delivery.endpoint);
    const record = state.events.get(delivery.event);
    if (!endpoint || !record) {
      // The endpoint was deleted (or the event pruned) while a retry waited.
      delivery.state = 'failed';
      delivery.nextAttemptAtMs = null;
      await this.store.save();
      return;
    }
    // Each endpoint gets the event in its own API version (the account's default when it has none).
    const outcome = await this.send(
      endpoint,
      versionedEvent(record.event, endpoint.apiVersion ?? apiVersion, state),
    );
    if (outcome === 'stopped') return;
    const { status, error, final } = outcome;
    const atMs = Date.now();
    const attempt = delivery.attempts.length + 1;
    const succeeded = status !== null && status >= 200 && status < 300;
    let nextAttemptAt: number | null = null;
    if (succeeded) {
      delivery.state = 'succeeded';
      record.event.pending_webhooks = Math.max(0, record.event.pending_webhooks - 1);
    } else {
      const { webhookMaxAttempts, webhookRetryBaseMs, webhookRetrySchedule } = this.config;
      const firstAtMs = delivery.attempts[0]?.atMs ?? atMs;
      nextAttemptAt =
        final || (webhookMaxAttempts !== null && attempt >= webhookMaxAttempts)
          ? null
          : nextAttemptAtMs(webhookRetrySchedule, webhookRetryBaseMs, attempt, firstAtMs, atMs);
      if (nextAttemptAt === null) delivery.state = 'failed';
    }
    delivery.attempts.push({
      attempt,
      url: endpoint.url,
      status,
      error,
      atMs,
      nextAttemptAtMs: nextAttemptAt,
    });
    delivery.nextAttemptAtMs = nextAttemptAt;
    this.log?.info(
      { event: record.event.id, type: record.event.type, url: endpoint.url, status, error, attempt },
      succeeded ? 'webhook delivered' : 'webhook delivery failed',
    );
    await this.store.save();
    if (nextAttemptAt !== null) this.schedule(delivery);
  }

  /**
   * One signed POST of the event to the endpoint: its status, or why there was none; 'stopped' when
   * the emulator is stopping (not the endpoint's failure: the attempt is made again after the restart).
   * An endpoint on a version the emulator does not render (kept from before it refused them) gets
   * nothing rather than an event mislabelled with that version; the attempt says why, and is the last.
   */
  private async send(
    endpoint: { url: string; secret: string; apiVersion: string | null },
    event: StripeEventJson,
  ): Promise<{ status: number | null; error: string | null; final?: boolean } | 'stopped'> {
    if (!isRenderedVersion(event.api_version)) {
      return {
        status: null,
        error: `API version ${event.api_version} is not rendered by the payments emulator`,
        // Trying again cannot help: the endpoint's version is fixed.
        final: true,
      };
    }
    const body = JSON.stringify(event, null, 2);
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': signatureHeader(body, endpoint.secret, realNow()),
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          Accept: '*/*; q=0.5, application/xml',
          'Cache-Control': 'no-cache',
        },
        body,
        signal: AbortSignal.any([AbortSignal.timeout(attemptTimeoutMs), this.stopping.signal]),
      });
      await response.body?.cancel().catch(() => undefined);
      return { status: response.status, error: null };
    } catch (caught) {
      if (this.stopping.signal.aborted) return 'stopped';
      return { status: null, error: describeFailure(caught) };
    }
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return `no answer within ${attemptTimeoutMs / 1000} s`;
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
