// What production mode (NODE_ENV=production) demands beyond a well-formed variable: every provider is
// a real one. A missing setting or a development default would otherwise fall back to an emulator or
// to a secret published in this repository.

import { BlockList, isIP } from 'node:net';
import { field, variables } from '@launchkit/env';
import { planIds } from '@launchkit/plans';

/** The development defaults that must never reach production (the emulators' published values). */
export const developmentDefaults = {
  clientId: variables.AUTH0_CLIENT_ID.default.embedded,
  managementClientId: variables.AUTH0_MANAGEMENT_CLIENT_ID.default.embedded,
  managementClientSecret: variables.AUTH0_MANAGEMENT_CLIENT_SECRET.default.embedded,
  stripeSecretKey: variables.STRIPE_SECRET_KEY.default.embedded,
  stripeWebhookSecret: variables.STRIPE_WEBHOOK_SECRET.default.embedded,
  /** The emulator's seeded price ids (each with its plan's lookup key). */
  prices: { starter: 'price_starter_monthly', pro: 'price_pro_monthly', business: 'price_business_monthly' },
} as const;

/** The settings a staging deployment (STAGING=true) may give and a live one may not. */
type Context = { isStaging: boolean; environment: NodeJS.ProcessEnv };
type Rule = { name: string; check: (value: string | undefined, context: Context) => string | undefined };

const required = (what: string) => (value: string | undefined) =>
  value === undefined ? `required in production: ${what}` : undefined;

const isHttps = (value: string) => URL.canParse(value) && new URL(value).protocol === 'https:';

// Loopback and unspecified addresses, in every form an address of them takes: IPv4, IPv6, and the IPv6
// forms that embed an IPv4 address (mapped ones match the IPv4 rules; compatible and translated ones
// are listed).
const thisMachine = new BlockList();
thisMachine.addSubnet('127.0.0.0', 8, 'ipv4');
thisMachine.addSubnet('0.0.0.0', 8, 'ipv4');
for (const [network, prefix] of [
  ['::1', 128],
  ['::', 128],
  ['::7f00:0', 104],
  ['::ffff:0:7f00:0', 104],
] as const) {
  thisMachine.addSubnet(network, prefix, 'ipv6');
}

/**
 * A host as a URL spells it: lower case, IPv4 in dotted decimal whatever form it was given in (`127.1`,
 * `0x7f.1` and `2130706433` are 127.0.0.1 to the resolver too), IPv6 compressed, without a trailing dot.
 */
function canonicalHost(host: string): string {
  const bare = host.trim().replace(/^\[|\]$/g, '');
  const literal = isIP(bare) === 6 ? `[${bare}]` : bare;
  const name = URL.canParse(`http://${literal}/`)
    ? new URL(`http://${literal}/`).hostname
    : bare.toLowerCase();
  return name.replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

/**
 * A host that only this machine reaches: localhost in any case and its subdomains (and the
 * `localhost.localdomain` of many hosts files), loopback and unspecified addresses in any form. Mail to
 * or from it goes nowhere; links to it lead nowhere but here.
 */
export function isLocalHost(host: string): boolean {
  const name = canonicalHost(host);
  const family = isIP(name);
  if (family !== 0) return thisMachine.check(name, family === 4 ? 'ipv4' : 'ipv6');
  return name === 'localhost' || name.endsWith('.localhost') || name === 'localhost.localdomain';
}

/** The domain of an address written `a@host` or `Name <a@host>`. */
const mailDomainOf = (value: string) => /@([^\s>@]+)>?\s*$/.exec(value)?.[1] ?? '';

const stagingHint = 'STAGING=true accepts it on a staging deployment';

/** AUTH0_DOMAIN may be a bare host name (https implied) or an https URL. */
const auth0Origin = (domain: string) =>
  /^[a-z][a-z0-9+.-]*:\/\//i.test(domain) ? domain : `https://${domain}`;

/** How many trailing labels two host names share (`login.example.com`, `app.example.com`: 2). */
function sharedLabels(a: string, b: string): number {
  const left = a.split('.').reverse();
  const right = b.split('.').reverse();
  let count = 0;
  while (count < left.length && left[count] === right[count]) count += 1;
  return count;
}

const rules: Rule[] = [
  {
    name: 'DATABASE_URL',
    check: (value) =>
      value === undefined
        ? 'required in production: the PostgreSQL connection string (postgres://user:password@host:5432/db)'
        : /^postgres(ql)?:\/\//.test(value)
          ? undefined
          : 'must be a postgres:// connection string',
  },
  {
    name: 'DATABASE_DIRECT_URL',
    // Optional: unset, the migrations and LISTEN connect to DATABASE_URL like every query.
    check: (value) =>
      value === undefined || /^postgres(ql)?:\/\//.test(value)
        ? undefined
        : 'must be a postgres:// connection string to PostgreSQL itself (not through the pooler at DATABASE_URL)',
  },
  {
    name: 'SMTP_URL',
    check: (value) =>
      value === undefined
        ? 'required in production: the SMTP server for the contact-form notifications (smtps://user:password@host:465)'
        : /^smtps?:\/\//.test(value)
          ? undefined
          : 'must be an smtp:// or smtps:// URL',
  },
  {
    name: 'MAIL_FROM',
    check: (value, { isStaging }) =>
      value === undefined
        ? 'required in production: the sender of the product’s mail, such as "Launchkit <no-reply@example.com>"'
        : !isStaging && isLocalHost(mailDomainOf(value))
          ? `is an address of this machine (@${mailDomainOf(value)}): receiving servers refuse its mail; give your domain’s sender (${stagingHint})`
          : undefined,
  },
  {
    name: 'CONTACT_INBOX',
    check: (value, { isStaging }) =>
      value === undefined
        ? 'required in production: the address that receives contact-form messages'
        : !isStaging && isLocalHost(mailDomainOf(value))
          ? `is an address of this machine (@${mailDomainOf(value)}): contact-form messages would never reach anyone (${stagingHint})`
          : undefined,
  },
  {
    name: 'VITE_SITE_URL',
    check: (value, { isStaging }) =>
      value === undefined
        ? 'required in production: the public https origin of the site, such as https://app.example.com'
        : !isHttps(value)
          ? 'must be an https URL: return addresses and canonical links are built from it'
          : !isStaging && isLocalHost(new URL(value).hostname)
            ? `is this machine (${new URL(value).hostname}): the links in mail and the payment provider’s return addresses would lead nowhere; give the public origin (${stagingHint})`
            : undefined,
  },
  {
    name: 'AUTH0_DOMAIN',
    check: (value, { isStaging }) =>
      value === undefined
        ? 'required in production: your Auth0 tenant, such as your-tenant.eu.auth0.com'
        : !isHttps(auth0Origin(value))
          ? 'must be served over https (a bare tenant host name means https)'
          : !isStaging && isLocalHost(new URL(auth0Origin(value)).hostname)
            ? `is this machine (${new URL(auth0Origin(value)).hostname}): the identity emulator's place, not an Auth0 tenant; give your tenant's domain (${stagingHint})`
            : undefined,
  },
  {
    name: 'PASSKEYS',
    check: (value, { environment }) => {
      if (field.flag(true).safeParse(value).data === false) return undefined;
      const domain = environment.AUTH0_DOMAIN?.trim();
      const site = environment.VITE_SITE_URL?.trim();
      if (!domain || !site || !URL.canParse(auth0Origin(domain)) || !URL.canParse(site)) return undefined; // reported above
      const providerHost = new URL(auth0Origin(domain)).hostname.toLowerCase();
      const siteHost = new URL(site).hostname.toLowerCase();
      // A site or provider on this machine is refused above, or a staging deployment's own affair.
      if (isLocalHost(siteHost) || isLocalHost(providerHost)) return undefined;
      const fix =
        'give AUTH0_DOMAIN your tenant’s custom domain (docs/deploy.md, "Auth0 tenant" 10), or set PASSKEYS=off';
      if (/(^|\.)auth0\.com$/.test(providerHost))
        return `on (the default), but AUTH0_DOMAIN is Auth0’s own ${providerHost}: Auth0’s Passkey API needs a custom domain that shares the site’s domain, and passkeys made for ${siteHost} cannot be checked there; ${fix}`;
      if (providerHost !== siteHost && sharedLabels(providerHost, siteHost) < 2)
        return `on (the default), but AUTH0_DOMAIN (${providerHost}) and VITE_SITE_URL (${siteHost}) share no domain: a passkey belongs to one domain, which both must be under; ${fix}`;
      return undefined;
    },
  },
  {
    name: 'AUTH0_CLIENT_ID',
    check: (value) =>
      value === undefined
        ? 'required in production: the client id of the single-page application in Auth0'
        : value === developmentDefaults.clientId
          ? 'is the identity emulator’s client id; use your Auth0 application’s'
          : undefined,
  },
  {
    name: 'AUTH0_AUDIENCE',
    check: required(
      'the identifier of the API you created in Auth0 for this app (without it, tokens for the tenant’s Management API would be taken)',
    ),
  },
  {
    name: 'AUTH0_MANAGEMENT_CLIENT_ID',
    check: (value) =>
      value === undefined
        ? 'required in production: the machine-to-machine application authorised for the Management API'
        : value === developmentDefaults.managementClientId
          ? 'is the identity emulator’s client id; use your machine-to-machine application’s'
          : undefined,
  },
  {
    name: 'AUTH0_MANAGEMENT_CLIENT_SECRET',
    check: (value) =>
      value === undefined
        ? 'required in production: the secret of the machine-to-machine application'
        : value === developmentDefaults.managementClientSecret
          ? 'is the identity emulator’s published secret; use your Auth0 application’s own'
          : undefined,
  },
  {
    name: 'STRIPE_SECRET_KEY',
    check: (value, { isStaging }) =>
      value === undefined
        ? 'required in production: your Stripe secret key (sk_live_… or a restricted rk_live_…)'
        : value === developmentDefaults.stripeSecretKey
          ? 'is the payment emulator’s key; use your Stripe account’s'
          : /^(sk|rk)_live_\S+$/.test(value) || (isStaging && /^(sk|rk)_test_\S+$/.test(value))
            ? undefined
            : /^(sk|rk)_test_\S+$/.test(value)
              ? `is a test-mode key: no payment it takes is real; use sk_live_… or rk_live_… (${stagingHint})`
              : 'must be a Stripe secret key, sk_live_… or rk_live_…',
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    check: (value) =>
      value === undefined
        ? 'required in production: the signing secret of your Stripe webhook endpoint (whsec_…)'
        : value === developmentDefaults.stripeWebhookSecret
          ? 'is the payment emulator’s secret; use your webhook endpoint’s'
          : /^whsec_\S+$/.test(value)
            ? undefined
            : 'must be a webhook signing secret, whsec_…',
  },
  ...planIds.map(
    (plan): Rule => ({
      name: `STRIPE_PRICE_${plan.toUpperCase()}`,
      // Optional: unset, the price whose lookup key is the plan id (`npm run stripe:setup`) is used.
      check: (value) =>
        value === developmentDefaults.prices[plan]
          ? `is the payment emulator’s price id; unset it (the price with lookup key '${plan}' is used) or give your Stripe price’s id`
          : undefined,
    }),
  ),
  {
    name: 'STRIPE_PUBLISHABLE_KEY',
    // Embedded Checkout starts Stripe.js with it; the hosted page needs none.
    check: (value, { isStaging, environment }) =>
      environment.CHECKOUT_UI?.trim() !== 'embedded'
        ? undefined
        : value === undefined
          ? 'required in production with CHECKOUT_UI=embedded: your Stripe publishable key (pk_live_…)'
          : /^pk_live_\S+$/.test(value) || (isStaging && /^pk_test_\S+$/.test(value))
            ? undefined
            : /^pk_test_\S+$/.test(value)
              ? `is a test-mode key: use pk_live_… (${stagingHint})`
              : 'must be a Stripe publishable key, pk_live_…',
  },
  {
    name: 'STRIPE_API_URL',
    check: (value) =>
      value === undefined || isHttps(value)
        ? undefined
        : 'must be an https URL in production (unset: Stripe’s own API)',
  },
];

/** One line per variable that production mode cannot run with, as `NAME: problem`. */
export function productionProblems(environment: NodeJS.ProcessEnv): string[] {
  const context = { isStaging: isStagingDeployment(environment), environment };
  return rules.flatMap(({ name, check }) => {
    const problem = check(environment[name]?.trim() || undefined, context);
    return problem ? [`${name}: ${problem}`] : [];
  });
}

/** STAGING=true: a production-mode deployment that is not live (it takes test-mode keys, local hosts). */
export function isStagingDeployment(environment: NodeJS.ProcessEnv): boolean {
  return field.flag(false).safeParse(environment.STAGING).data === true;
}
