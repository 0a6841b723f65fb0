import { createHash } from 'node:crypto';

export type CspOptions = {
  analyticsEnabled: boolean;
  chatEnabled: boolean;
  /** The sign-in provider: the browser calls it (XHR), frames it (silent sign-in) and shows its avatars. */
  identityOrigin?: string;
  /** Embedded Checkout's Stripe.js, its frames and calls (config/checkout-config.ts); absent: hosted. */
  checkout?: { script: string[]; frame: string[]; connect: string[] } | null;
};

// Third parties appear in the policy only when the product is configured to load them.
const analyticsSources = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googletagmanager.com',
  ],
  img: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
};
const chatSources = {
  script: ['https://client.crisp.chat', 'https://settings.crisp.chat'],
  connect: ['https://client.crisp.chat', 'wss://client.relay.crisp.chat', 'https://storage.crisp.chat'],
  img: ['https://*.crisp.chat'],
  style: ['https://client.crisp.chat'],
  font: ['https://client.crisp.chat'],
  frame: ['https://game.crisp.chat'],
};

/**
 * The policy for one HTML document: its own inline scripts and <style> elements are allowed by hash,
 * nothing else inline (no style attributes).
 */
export function contentSecurityPolicy(
  options: CspOptions,
  inlineScriptHashes: string[] = [],
  inlineStyleHashes: string[] = [],
): string {
  const withChat = (base: string[], key: keyof typeof chatSources) =>
    options.chatEnabled ? [...base, ...chatSources[key]] : base;
  const withAnalytics = (base: string[], key: keyof typeof analyticsSources) =>
    options.analyticsEnabled ? [...base, ...analyticsSources[key]] : base;

  const identity = options.identityOrigin ? [options.identityOrigin] : [];
  const checkout = options.checkout ?? { script: [], frame: [], connect: [] };
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': withChat(
      withAnalytics(
        ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`), ...checkout.script],
        'script',
      ),
      'script',
    ),
    'style-src': withChat(["'self'", ...inlineStyleHashes.map((hash) => `'${hash}'`)], 'style'),
    'img-src': withChat(withAnalytics(["'self'", 'data:', ...identity], 'img'), 'img'),
    'font-src': withChat(["'self'"], 'font'),
    'connect-src': withChat(
      withAnalytics(["'self'", ...identity, ...checkout.connect], 'connect'),
      'connect',
    ),
    'frame-src': withChat(["'self'", ...identity, ...checkout.frame], 'frame'),
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** sha256 hashes of the inline <script> elements of an HTML document, in CSP's format. */
export function inlineScriptHashes(html: string): string[] {
  return hashesOf(html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi));
}

/** sha256 hashes of the <style> elements of an HTML document (a prerendered page's critical CSS). */
export function inlineStyleHashes(html: string): string[] {
  return hashesOf(html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi));
}

function hashesOf(bodies: Iterable<RegExpMatchArray>): string[] {
  const hashes = new Set<string>();
  for (const match of bodies) {
    const body = match[1] ?? '';
    if (body.length === 0) continue;
    hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}
