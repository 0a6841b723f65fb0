// @analytics/google-analytics ships no type declarations; lib/analytics.ts uses only its default export.
declare module '@analytics/google-analytics' {
  import type { AnalyticsPlugin } from 'analytics';

  const googleAnalytics: (options: { measurementIds: string[] }) => AnalyticsPlugin;
  export default googleAnalytics;
}
