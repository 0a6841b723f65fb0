// Build-time configuration of the web app. Every value comes from a VITE_* variable (see
// .env.example at the repository root) and has a default that works offline.
const env = import.meta.env;

export const config = {
  appName: env.VITE_APP_NAME || 'Launchkit',
  // Always set: vite.config.ts gives the build the site's origin (scripts/lib/site-origin.mjs).
  siteUrl: String(env.VITE_SITE_URL ?? ''),
  helpCenterUrl: env.VITE_HELP_CENTER_URL || 'https://help.example.com/',
  contactFormUrl: env.VITE_CONTACT_FORM_URL || '/api/contact',
  gaMeasurementId: env.VITE_GA_MEASUREMENT_ID || '',
  chatWebsiteId: env.VITE_CHAT_WEBSITE_ID || '',
} as const;
