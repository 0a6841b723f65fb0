import { describe, expect, it } from 'vitest';
import { config } from '#web/config.ts';
import { createAnalytics, trackPageView } from './analytics.ts';

const pluginNames = (analytics: unknown) =>
  Object.keys((analytics as { getState: (key: string) => Record<string, unknown> }).getState('plugins'));

describe('analytics (docs/product.md §2)', () => {
  it('sends one page view per call through the library, with no Google Analytics plugin for an empty id', async () => {
    const analytics = await createAnalytics('');
    const pages: unknown[] = [];
    analytics.on('page', (payload) => pages.push(payload));
    await analytics.page();
    await analytics.page();
    expect(pages).toHaveLength(2);
    expect(pluginNames(analytics)).toEqual([]);
  });

  it('registers the Google Analytics plugin when a measurement id is set', async () => {
    const analytics = await createAnalytics('G-TEST123');
    expect(pluginNames(analytics)).toEqual(['google-analytics']);
  });

  it('is a no-op while the configured measurement id is empty', async () => {
    expect(config.gaMeasurementId).toBe('');
    await expect(trackPageView()).resolves.toBeUndefined();
  });
});
