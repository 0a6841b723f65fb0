import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiVersion } from '#payments/webhooks/pinned-api-version.ts';
import { isApiPath } from './error-handling.ts';
import { invalidRequest } from './stripe-error.ts';

/**
 * Every version of Stripe's API, as the pinned `stripe` package lists them (the type of a webhook
 * endpoint's `api_version`); the conformance suite checks this copy against the package.
 */
export const stripeApiVersions = [
  '2011-01-01',
  '2011-06-21',
  '2011-06-28',
  '2011-08-01',
  '2011-09-15',
  '2011-11-17',
  '2012-02-23',
  '2012-03-25',
  '2012-06-18',
  '2012-06-28',
  '2012-07-09',
  '2012-09-24',
  '2012-10-26',
  '2012-11-07',
  '2013-02-11',
  '2013-02-13',
  '2013-07-05',
  '2013-08-12',
  '2013-08-13',
  '2013-10-29',
  '2013-12-03',
  '2014-01-31',
  '2014-03-13',
  '2014-03-28',
  '2014-05-19',
  '2014-06-13',
  '2014-06-17',
  '2014-07-22',
  '2014-07-26',
  '2014-08-04',
  '2014-08-20',
  '2014-09-08',
  '2014-10-07',
  '2014-11-05',
  '2014-11-20',
  '2014-12-08',
  '2014-12-17',
  '2014-12-22',
  '2015-01-11',
  '2015-01-26',
  '2015-02-10',
  '2015-02-16',
  '2015-02-18',
  '2015-03-24',
  '2015-04-07',
  '2015-06-15',
  '2015-07-07',
  '2015-07-13',
  '2015-07-28',
  '2015-08-07',
  '2015-08-19',
  '2015-09-03',
  '2015-09-08',
  '2015-09-23',
  '2015-10-01',
  '2015-10-12',
  '2015-10-16',
  '2016-02-03',
  '2016-02-19',
  '2016-02-22',
  '2016-02-23',
  '2016-02-29',
  '2016-03-07',
  '2016-06-15',
  '2016-07-06',
  '2016-10-19',
  '2017-01-27',
  '2017-02-14',
  '2017-04-06',
  '2017-05-25',
  '2017-06-05',
  '2017-08-15',
  '2017-12-14',
  '2018-01-23',
  '2018-02-05',
  '2018-02-06',
  '2018-02-28',
  '2018-05-21',
  '2018-07-27',
  '2018-08-23',
  '2018-09-06',
  '2018-09-24',
  '2018-10-31',
  '2018-11-08',
  '2019-02-11',
  '2019-02-19',
  '2019-03-14',
  '2019-05-16',
  '2019-08-14',
  '2019-09-09',
  '2019-10-08',
  '2019-10-17',
  '2019-11-05',
  '2019-12-03',
  '2020-03-02',
  '2020-08-27',
  '2022-08-01',
  '2022-11-15',
  '2023-08-16',
  '2023-10-16',
  '2024-04-10',
  '2024-06-20',
  '2024-09-30.acacia',
  '2024-10-28.acacia',
  '2024-11-20.acacia',
  '2024-12-18.acacia',
  '2025-01-27.acacia',
  '2025-02-24.acacia',
  '2025-03-01.dashboard',
  '2025-03-31.basil',
  '2025-04-30.basil',
  '2025-05-28.basil',
  '2025-06-30.basil',
  '2025-07-30.basil',
  '2025-08-27.basil',
  '2025-09-30.clover',
  '2025-10-29.clover',
  '2025-11-17.clover',
  '2025-12-15.clover',
  '2026-01-28.clover',
  '2026-02-25.clover',
  '2026-03-25.dahlia',
  '2026-04-22.dahlia',
  '2026-05-27.dahlia',
  '2026-06-24.dahlia',
  '2026-07-29.dahlia',
  '2026-08-26.dahlia',
  '2026-09-30.endive',
  '2026-10-28.endive',
] as const;

const known = new Set<string>(stripeApiVersions);

/** Whether Stripe has had this API version. */
export const isStripeApiVersion = (version: string) => known.has(version);

/**
 * Stripe's own error for a version it never had; undefined for any version it has had. Stripe
 * serves a request in the older version it names; the emulator accepts it and answers in the shape of
 * the pinned version (it renders no other), which is what the product's pinned SDK reads anyway.
 */
function refusal(version: string, param?: string) {
  if (known.has(version)) return undefined;
  return invalidRequest(`Invalid Stripe API version: ${version}`, param ? { param } : {});
}

/** A webhook endpoint's `api_version`, checked as the Stripe-Version header is. */
export function checkApiVersionParam(version: string, param: string) {
  const error = refusal(version, param);
  if (error) throw error;
}

/** The version a request asks for in `Stripe-Version`; undefined when it names none. */
function requestedVersion(request: FastifyRequest): string | undefined {
  const header = request.headers['stripe-version'];
  if (header === undefined) return undefined;
  return (Array.isArray(header) ? header.join(', ') : header).trim();
}

/**
 * `Stripe-Version` on /v1 requests: absent means the account's default (the pinned version); a
 * version Stripe has had is accepted (answered in the pinned shape); one it never had is 400
 * `Invalid Stripe API version: …`, as Stripe answers. Answers carry the version asked for, as
 * Stripe's do, else the account's default.
 */
export function registerApiVersion(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || !isApiPath(route) || route.startsWith('/emulator/')) return;
    const version = requestedVersion(request);
    if (version === undefined) return;
    const error = refusal(version);
    if (error) throw error;
  });
}

/** The version an answer says it was made in (the `Stripe-Version` answer header). */
export function answeredVersion(request: FastifyRequest): string {
  const version = requestedVersion(request);
  return version !== undefined && known.has(version) ? version : apiVersion;
}
