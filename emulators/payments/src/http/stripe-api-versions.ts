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

const order = new Map<string, number>(stripeApiVersions.map((version, index) => [version, index]));

/** Whether Stripe has had this API version. */
export const isStripeApiVersion = (version: string) => order.has(version);

/**
 * The oldest version the emulator renders in its own shape (decision 0046).
 * Older versions differ in ways the emulator does not implement, so they are refused rather than
 * answered in a newer shape under their name.
 */
export const oldestRenderedVersion = '2024-06-20';

// A version the dashboard uses for itself, never an account's or an SDK's: not rendered.
const dashboardOnly = new Set(['2025-03-01.dashboard']);
const oldestIndex = order.get(oldestRenderedVersion) ?? 0;

/** Whether the emulator renders objects in this version's shape. */
export const isRenderedVersion = (version: string) =>
  (order.get(version) ?? -1) >= oldestIndex && !dashboardOnly.has(version);

/** Whether `version` came out before `release` (both known versions, e.g. `2025-03-31.basil`). */
export function isBefore(version: string, release: string): boolean {
  const at = order.get(version);
  const releaseAt = order.get(release);
  if (at === undefined || releaseAt === undefined)
    throw new Error(`unknown API version ${version} or ${release}`);
  return at < releaseAt;
}
