import { variables } from '@launchkit/env';

/** A complete production configuration, as an operator following docs/deploy would write it. */
export const completeProduction = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app:secret@db.internal:5432/app',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  MAIL_FROM: 'Launchkit <no-reply@example.com>',
  CONTACT_INBOX: 'owner@example.com',
  VITE_SITE_URL: 'https://app.example.com',
  // A custom domain of the tenant, as passkeys need (docs/deploy.md, "Auth0 tenant" 10).
  AUTH0_DOMAIN: 'login.example.com',
  AUTH0_CLIENT_ID: 'Zc4q9m2WebClient',
  AUTH0_AUDIENCE: 'https://api.example.com',
  AUTH0_MANAGEMENT_CLIENT_ID: 'M2mClient7',
  AUTH0_MANAGEMENT_CLIENT_SECRET: 'a-long-random-secret',
  STRIPE_SECRET_KEY: 'sk_live_51abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_9f8e7d',
  STRIPE_PRICE_STARTER: 'price_1Starter',
  STRIPE_PRICE_PRO: 'price_1Pro',
  STRIPE_PRICE_BUSINESS: 'price_1Business',
};

/** The variables production mode refuses to start without (@launchkit/env's table of variables). */
export const requiredInProduction = Object.entries(variables)
  .filter(([, variable]) => 'production' in variable && variable.production === 'required')
  .map(([name]) => name);
