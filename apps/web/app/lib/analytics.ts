import { config } from '#web/config.ts';

// The analytics library is loaded after the first paint so it never weighs on the first view.
// With an empty measurement id no plugin is registered: page views go nowhere (§2).
type AnalyticsInstance = {
  page: () => Promise<unknown>;
  identify: (id: string) => Promise<unknown>;
  on: (event: string, callback: (payload: unknown) => void) => unknown;
};

let instance: Promise<AnalyticsInstance> | undefined;

export function loadAnalytics(): Promise<AnalyticsInstance> {
  instance ??= (async () => {
    const { default: Analytics } = await import('analytics');
    const plugins = [];
    if (config.gaMeasurementId) {
      const { default: googleAnalytics } = await import('@analytics/google-analytics');
      plugins.push(googleAnalytics({ measurementIds: [config.gaMeasurementId] }));
    }
    return Analytics({ app: config.appName, plugins }) as AnalyticsInstance;
  })();
  return instance;
}

export async function trackPageView(): Promise<void> {
  const analytics = await loadAnalytics();
  await analytics.page();
}

export async function identifyUser(uid: string): Promise<void> {
  const analytics = await loadAnalytics();
  await analytics.identify(uid);
}
