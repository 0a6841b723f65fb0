import { describe, expect, it } from 'vitest';
import { config } from '#web/config.ts';
import { loadAnalytics, trackPageView } from './analytics.ts';

describe('analytics (§2)', () => {
  it('counts a page view on each call, with no plugin while the measurement id is empty', async () => {
    expect(config.gaMeasurementId).toBe('');
    const analytics = await loadAnalytics();
    const pages: unknown[] = [];
    analytics.on('page', (payload) => pages.push(payload));
    await trackPageView();
    await trackPageView();
    expect(pages).toHaveLength(2);
    expect(Object.keys((analytics as unknown as { plugins: Record<string, unknown> }).plugins)).not.toContain(
      'google-analytics',
    );
  });
});
