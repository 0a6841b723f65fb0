import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { inlineCriticalCss } from '../../scripts/lib/critical-css.mjs';

type ManifestRoute = { id: string; parentId?: string; path?: string };

// Every public page is prerendered to static HTML (readable without JavaScript, good for SEO; the
// sign-in pages too, so they paint before any script); the signed-in area is rendered in the browser
// from the SPA fallback.
export default {
  appDirectory: 'app',
  // A second build beside the served one (the copy test builds the pages with other settings).
  buildDirectory: process.env.WEB_BUILD_OUTPUT ?? 'build',
  ssr: false,
  prerender: [
    '/',
    '/about',
    '/faq',
    '/contact',
    '/pricing',
    '/legal/terms-of-service',
    '/legal/privacy-policy',
    '/auth/signup',
    '/auth/signin',
    '/auth/forgotpass',
    '/auth/changepass',
  ],
  // The API server answers 404 for document requests no route matches. It reads the route patterns
  // written here instead of keeping a second copy of the route table. The prerendered pages are written
  // by now: each gets the CSS it uses inline instead of a render-blocking stylesheet (decision 0044).
  async buildEnd({ buildManifest, reactRouterConfig }) {
    const routes: Record<string, ManifestRoute> = buildManifest?.routes ?? {};
    const patterns = Object.values(routes)
      .map((route) => fullPath(route, routes))
      .filter((pattern) => !pattern.includes('*'));
    const file = path.join(reactRouterConfig.buildDirectory, 'client', 'route-patterns.json');
    await writeFile(file, `${JSON.stringify([...new Set(patterns)].sort(), null, 2)}\n`);
    const inlined = await inlineCriticalCss(path.join(reactRouterConfig.buildDirectory, 'client'));
    const kb = (chars: number) => `${Math.round(chars / 1024)} KB`;
    console.log(
      `critical CSS inline in ${inlined.pages} pages: ${kb(inlined.smallest)}–${kb(inlined.largest)} of ${kb(inlined.full)}`,
    );
  },
} satisfies Config;

function fullPath(route: ManifestRoute, routes: Record<string, ManifestRoute>): string {
  const segments: string[] = [];
  for (let current: ManifestRoute | undefined = route; current; ) {
    if (current.path) segments.unshift(current.path.replace(/^\/+|\/+$/g, ''));
    current = current.parentId ? routes[current.parentId] : undefined;
  }
  return `/${segments.filter(Boolean).join('/')}`;
}
