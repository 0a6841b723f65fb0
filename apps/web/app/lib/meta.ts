import type { MetaDescriptor } from 'react-router';
import { config } from '#web/config.ts';

const defaultDescription = 'My app description';

type PageMeta = { title?: string; description?: string; path: string };

/**
 * The docs/product.md §2 metadata defaults (title, description, social image, canonical URL, social
 * cards) for one page.
 */
export function pageMeta({ title, description = defaultDescription, path }: PageMeta): MetaDescriptor[] {
  const fullTitle = title
    ? `${title} | ${config.appName}`
    : `${config.appName} — launch your subscription product`;
  const url = `${config.siteUrl}${path}`;
  const image = `${config.siteUrl}/social.png`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: config.appName },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ];
}

/** `pageMeta` for a page that search engines should leave out of their results (signed-in, per-person, errors). */
export function unlistedPageMeta(page: PageMeta): MetaDescriptor[] {
  return [...pageMeta(page), { name: 'robots', content: 'noindex' }];
}

/**
 * The head elements `pageMeta` produces. The browser app re-renders them into <head> through a portal
 * (root.tsx), so the prerendered copies are removed first (entry.client.tsx).
 */
export const pageMetaSelector =
  'title, meta[name="description"], meta[name="robots"], meta[property^="og:"], meta[name^="twitter:"], link[rel="canonical"]';
