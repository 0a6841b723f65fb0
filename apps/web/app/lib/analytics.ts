import { config } from '#web/config.ts';

type AnalyticsInstance = {
  page: () => Promise<unknown>;
  identify: (id: string) => Promise<unknown>;
  on: (event: string, callback: (payload: unknown) => void) => unknown;
};

/**
 * An analytics instance with the Google Analytics plugin for `measurementId`; with an empty id, no
 * plugin (the docs/product.md §2 setting): events run through the library and go nowhere.
 */
export async function createAnalytics(measurementId: string): Promise<AnalyticsInstance> {
  const { default: Analytics } = await import('analytics');
  const plugins = [];
  if (measurementId) {
    const { default: googleAnalytics } = await import('@analytics/google-analytics');
    plugins.push(googleAnalytics({ measurementIds: [measurementId] }));
  }
  return Analytics({ app: config.appName, plugins }) as AnalyticsInstance;
}

// The library is fetched lazily, after the first paint, and only when a measurement id is configured:
// with nowhere to send page views, its 11 KB would be spent for nothing on every first view.
let instance: Promise<AnalyticsInstance> | null | undefined;
function analytics(): Promise<AnalyticsInstance> | null {
  if (instance === undefined)
    instance = config.gaMeasurementId ? createAnalytics(config.gaMeasurementId) : null;
  return instance;
}

/** §2: called on every route change. */
export async function trackPageView(): Promise<void> {
  await (await analytics())?.page();
}

/** §2: the signed-in user is identified by uid. */
export async function identifyUser(uid: string): Promise<void> {
  await (await analytics())?.identify(uid);
}
