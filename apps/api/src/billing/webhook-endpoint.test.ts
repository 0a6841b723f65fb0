import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPaymentsProvider, type TestPaymentsProvider } from '#api/test/test-payments-provider.ts';
import {
  checkWebhookEndpoint,
  describeEndpointReport,
  logWebhookEndpoint,
  setUpWebhookEndpoint,
  wantedEndpoint,
} from './webhook-endpoint.ts';
import { planEventTypes } from './webhook-events.ts';

// Against the payment emulator with no configured endpoint: an account as a fresh Stripe one.
let payments: TestPaymentsProvider;
beforeAll(async () => {
  payments = await startTestPaymentsProvider({ webhookUrl: 'none' });
});
afterAll(() => payments?.close());

const site = 'https://app.example.com';

/** A logger that keeps what it is given. */
function recordingLog() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (fields: object, message?: string) => {
    lines.push({ level, fields: fields as Record<string, unknown>, message: message ?? '' });
  };
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as never };
}

describe('the webhook endpoint', () => {
  it('wants <site>/api/stripe-webhook on the SDK’s pinned version with every plan event', () => {
    expect(wantedEndpoint(site)).toEqual({
      url: 'https://app.example.com/api/stripe-webhook',
      apiVersion: Stripe.API_VERSION,
      eventTypes: planEventTypes,
    });
  });

  it('is made with an explicit api_version when missing, its secret shown once; then it is ready', async () => {
    const { stripe } = payments;
    const wanted = wantedEndpoint(site);
    const missing = await checkWebhookEndpoint(stripe, wanted);
    expect(missing.status).toBe('missing');
    expect(describeEndpointReport(missing)).toContain('npm run stripe:setup');

    const created = await setUpWebhookEndpoint(stripe, wanted);
    if (created.action !== 'created') throw new Error(`expected created, got ${created.action}`);
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.endpoint).toMatchObject({
      url: wanted.url,
      api_version: Stripe.API_VERSION,
      enabled_events: [...planEventTypes],
      status: 'enabled',
    });
    const again = await setUpWebhookEndpoint(stripe, wanted);
    expect(again).toMatchObject({ action: 'unchanged', endpoint: { id: created.endpoint.id } });
    expect(again).not.toHaveProperty('secret');
    const { lines, log } = recordingLog();
    expect((await logWebhookEndpoint(stripe, site, log))?.status).toBe('ready');
    expect(lines.map((line) => line.level)).toEqual(['info']);
    await stripe.webhookEndpoints.del(created.endpoint.id);
  });

  it('re-enables a disabled endpoint and adds missing events, keeping the others', async () => {
    const { stripe } = payments;
    const wanted = wantedEndpoint(site);
    const endpoint = await stripe.webhookEndpoints.create({
      url: wanted.url,
      api_version: Stripe.API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
      enabled_events: ['invoice.paid', 'charge.refunded'],
    });
    await stripe.webhookEndpoints.update(endpoint.id, { disabled: true });
    const report = await checkWebhookEndpoint(stripe, wanted);
    expect(report).toMatchObject({
      status: 'wrong',
      problems: [
        { kind: 'disabled' },
        { kind: 'missing-events', events: planEventTypes.filter((type) => type !== 'invoice.paid') },
      ],
    });
    expect(describeEndpointReport(report)).toMatch(
      /it is disabled; it does not send checkout\.session\.completed/,
    );
    const fixed = await setUpWebhookEndpoint(stripe, wanted);
    expect(fixed.action).toBe('updated');
    const now = await stripe.webhookEndpoints.retrieve(endpoint.id);
    expect(now.status).toBe('enabled');
    expect(new Set(now.enabled_events)).toEqual(new Set(['charge.refunded', ...planEventTypes]));
    expect((await checkWebhookEndpoint(stripe, wanted)).status).toBe('ready');
    await stripe.webhookEndpoints.del(endpoint.id);
  });

  it('leaves an endpoint on another version (or the account default) alone and says how to replace it', async () => {
    const { stripe } = payments;
    const wanted = wantedEndpoint(site);
    // As one made in the dashboard: no api_version, so the account's default, and every event.
    const dashboard = await stripe.webhookEndpoints.create({ url: wanted.url, enabled_events: ['*'] });
    const older = await stripe.webhookEndpoints.create({
      url: 'https://other.example.com/api/stripe-webhook',
      enabled_events: ['*'],
      api_version: '2025-03-31.basil',
    });
    const setup = await setUpWebhookEndpoint(stripe, wanted);
    expect(setup).toMatchObject({
      action: 'needs-new-endpoint',
      report: { endpoint: { id: dashboard.id }, problems: [{ kind: 'api-version', actual: null }] },
    });
    expect(
      (await stripe.webhookEndpoints.list()).data.filter((each) => each.url === wanted.url),
    ).toHaveLength(1);

    const { lines, log } = recordingLog();
    await logWebhookEndpoint(stripe, site, log);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'error',
      fields: { webhookEndpoint: dashboard.id, url: wanted.url, apiVersion: Stripe.API_VERSION },
    });
    expect(lines[0]?.message).toContain("its API version is the account's default, not");
    expect(lines[0]?.message).toContain('delete it in the Stripe dashboard');
    const otherSite = await checkWebhookEndpoint(stripe, wantedEndpoint('https://other.example.com'));
    expect(otherSite).toMatchObject({
      status: 'wrong',
      problems: [{ kind: 'api-version', actual: '2025-03-31.basil' }],
    });
    await stripe.webhookEndpoints.del(dashboard.id);
    await stripe.webhookEndpoints.del(older.id);
  });

  it('logs a warning, not a failure, when the provider cannot be asked', async () => {
    const unreachable = new Stripe('sk_test_x', {
      host: '127.0.0.1',
      port: 1,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const { lines, log } = recordingLog();
    expect(await logWebhookEndpoint(unreachable, site, log)).toBeUndefined();
    expect(lines.map((line) => line.level)).toEqual(['warn']);
  });
});
