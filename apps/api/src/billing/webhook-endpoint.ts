import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { planEventTypes } from './webhook-events.ts';

/**
 * The provider's webhook endpoint for this site (docs/decisions/0031): its URL, the API version the
 * SDK reads (events are rendered in the endpoint's version, and one made in Stripe's dashboard takes
 * the account's default, which may be another) and the events that change a plan.
 */
export type WantedEndpoint = { url: string; apiVersion: string; eventTypes: readonly string[] };

export type EndpointProblem =
  | { kind: 'disabled' }
  | { kind: 'api-version'; actual: string | null }
  | { kind: 'missing-events'; events: string[] };

export type EndpointReport =
  | { status: 'missing'; wanted: WantedEndpoint }
  | { status: 'ready'; wanted: WantedEndpoint; endpoint: Stripe.WebhookEndpoint }
  | {
      status: 'wrong';
      wanted: WantedEndpoint;
      endpoint: Stripe.WebhookEndpoint;
      problems: EndpointProblem[];
    };

/** The path the provider posts events to (the contract's `receiveStripeEvent`). */
export const webhookPath = '/api/stripe-webhook';

/** The endpoint this site needs: `<site origin>/api/stripe-webhook`, the SDK's version, the plan events. */
export const wantedEndpoint = (siteOrigin: string): WantedEndpoint => ({
  url: new URL(webhookPath, siteOrigin).href,
  apiVersion: Stripe.API_VERSION,
  eventTypes: planEventTypes,
});

function problemsOf(endpoint: Stripe.WebhookEndpoint, wanted: WantedEndpoint): EndpointProblem[] {
  const problems: EndpointProblem[] = [];
  if (endpoint.status !== 'enabled') problems.push({ kind: 'disabled' });
  // null: the account's default version, which the dashboard can change under the running product.
  if (endpoint.api_version !== wanted.apiVersion) {
    problems.push({ kind: 'api-version', actual: endpoint.api_version });
  }
  const enabled = new Set(endpoint.enabled_events);
  const missing = enabled.has('*') ? [] : wanted.eventTypes.filter((type) => !enabled.has(type));
  if (missing.length > 0) problems.push({ kind: 'missing-events', events: missing });
  return problems;
}

/**
 * Finds the endpoint whose URL is the wanted one and says whether it is ready: enabled, pinned to the
 * SDK's API version and sending every plan event. Of several for the URL, a ready one wins.
 */
export async function checkWebhookEndpoint(stripe: Stripe, wanted: WantedEndpoint): Promise<EndpointReport> {
  let wrong: EndpointReport | undefined;
  for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) {
    if (endpoint.url !== wanted.url) continue;
    const problems = problemsOf(endpoint, wanted);
    if (problems.length === 0) return { status: 'ready', wanted, endpoint };
    wrong ??= { status: 'wrong', wanted, endpoint, problems };
  }
  return wrong ?? { status: 'missing', wanted };
}

export type EndpointSetup =
  | { action: 'created'; endpoint: Stripe.WebhookEndpoint; secret: string }
  | { action: 'updated' | 'unchanged'; endpoint: Stripe.WebhookEndpoint }
  /** Its API version cannot be changed: a new endpoint is needed (and its secret), see `describe`. */
  | { action: 'needs-new-endpoint'; report: EndpointReport & { status: 'wrong' } };

/**
 * `npm run stripe:setup`'s webhook step: creates the endpoint with an explicit `api_version` when
 * there is none (answering its signing secret, shown only then), re-enables it and adds missing
 * events when that is all it lacks. An endpoint on another version is left alone: Stripe fixes an
 * endpoint's version when it is made, and a second endpoint for the same URL would send each event
 * twice, one of them with a secret the app does not have.
 */
export async function setUpWebhookEndpoint(stripe: Stripe, wanted: WantedEndpoint): Promise<EndpointSetup> {
  const report = await checkWebhookEndpoint(stripe, wanted);
  if (report.status === 'ready') return { action: 'unchanged', endpoint: report.endpoint };
  if (report.status === 'missing') {
    const endpoint = await stripe.webhookEndpoints.create({
      url: wanted.url,
      api_version: wanted.apiVersion as Stripe.WebhookEndpointCreateParams.ApiVersion,
      enabled_events: [...wanted.eventTypes] as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
      description: 'Plan changes (npm run stripe:setup)',
    });
    return { action: 'created', endpoint, secret: endpoint.secret ?? '' };
  }
  if (report.problems.some((problem) => problem.kind === 'api-version')) {
    return { action: 'needs-new-endpoint', report };
  }
  const events = new Set([...report.endpoint.enabled_events, ...wanted.eventTypes]);
  const endpoint = await stripe.webhookEndpoints.update(report.endpoint.id, {
    disabled: false,
    enabled_events: [...events] as Stripe.WebhookEndpointUpdateParams.EnabledEvent[],
  });
  return { action: 'updated', endpoint };
}

/** What is wrong with the endpoint and how to fix it, in one line for a log or a terminal. */
export function describeEndpointReport(report: EndpointReport): string {
  const { url, apiVersion } = report.wanted;
  if (report.status === 'ready') return `The webhook endpoint ${report.endpoint.id} for ${url} is ready.`;
  if (report.status === 'missing') {
    return `No webhook endpoint sends events to ${url}: run \`npm run stripe:setup\` with this site's VITE_SITE_URL and this deployment's STRIPE_SECRET_KEY, then set STRIPE_WEBHOOK_SECRET to the secret it prints.`;
  }
  const parts = report.problems.map((problem) => {
    if (problem.kind === 'disabled') return 'it is disabled';
    if (problem.kind === 'missing-events') return `it does not send ${problem.events.join(', ')}`;
    return `its API version is ${problem.actual ?? "the account's default"}, not ${apiVersion} (the version the stripe package reads)`;
  });
  const fix = report.problems.some((problem) => problem.kind === 'api-version')
    ? `delete it in the Stripe dashboard (Developers → Webhooks), run \`npm run stripe:setup\` to make one on ${apiVersion}, then set STRIPE_WEBHOOK_SECRET to the secret it prints`
    : 'run `npm run stripe:setup`, which enables it and adds the missing events';
  return `The webhook endpoint ${report.endpoint.id} for ${url} is not ready: ${parts.join('; ')}. To fix it, ${fix}.`;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * At a production start (docs/decisions/0031): checks the endpoint and logs it; a missing or wrong one
 * is an error that names the fix. The server starts either way: a provider outage or a key without
 * the webhook permission must not keep it down, and it is the endpoint events are retried to.
 */
export async function logWebhookEndpoint(stripe: Stripe, siteOrigin: string, log: Log) {
  const wanted = wantedEndpoint(siteOrigin);
  try {
    const report = await checkWebhookEndpoint(stripe, wanted);
    if (report.status === 'ready') {
      log.info(
        { webhookEndpoint: report.endpoint.id, url: wanted.url, apiVersion: wanted.apiVersion },
        describeEndpointReport(report),
      );
      return report;
    }
    log.error(
      {
        webhookEndpoint: report.status === 'wrong' ? report.endpoint.id : null,
        url: wanted.url,
        apiVersion: wanted.apiVersion,
        problems: report.status === 'wrong' ? report.problems : [{ kind: 'missing' }],
      },
      describeEndpointReport(report),
    );
    return report;
  } catch (error) {
    log.warn(
      { err: error, url: wanted.url },
      'the webhook endpoint could not be checked (the provider did not answer, or the key may not read webhook endpoints); `npm run stripe:setup` checks it too',
    );
    return undefined;
  }
}
