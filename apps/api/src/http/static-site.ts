import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type CspOptions,
  contentSecurityPolicy,
  inlineScriptHashes,
  inlineStyleHashes,
} from './content-security-policy.ts';
import { registerOmnioutProxy } from './omniout-proxy.ts';
import { acceptedEncoding } from './precompressed.ts';
import { matchesAnyPattern } from './route-patterns.ts';

type Page = { html: Buffer; br?: Buffer; gzip?: Buffer; csp: string };

export type StaticSiteOptions = {
  webBuildDir: string;
  omnioutDir: string;
  /** An external hosted app to proxy under /omniout/ instead of the bundled build. */
  omnioutUrl?: string;
  csp: CspOptions;
};

const spaFallbackFile = '__spa-fallback.html';
const notBuiltMessage = 'The web app is not built yet. Run `npm run build` (npm start does it for you).';

/**
 * Serves the built web app: prerendered pages from memory (with their precompressed variants and a
 * CSP naming their inline scripts' hashes), hashed assets with immutable caching, the SPA fallback
 * for client-rendered routes and, with status 404, for paths no route matches.
 */
export async function registerStaticSite(app: FastifyInstance, options: StaticSiteOptions) {
  const isBuilt = existsSync(options.webBuildDir);
  const pages = isBuilt ? await loadPages(options.webBuildDir, options.csp) : new Map<string, Page>();
  const fallback = pages.get(spaFallbackFile);
  const patterns = await readRoutePatterns(options.webBuildDir);

  for (const [route, page] of pages) {
    if (route === spaFallbackFile) continue;
    app.get(route, (request, reply) => sendPage(request, reply, page, 200));
  }

  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: options.webBuildDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false, // set in setHeaders: immutable for hashed assets only
      // HTML goes through the page routes above so that it always carries its own CSP.
      allowedPath: (pathname) => !pathname.endsWith('.html'),
      setHeaders: (reply, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  if (options.omnioutUrl) {
    registerOmnioutProxy(app, options.omnioutUrl);
  } else if (existsSync(options.omnioutDir)) {
    await app.register(fastifyStatic, {
      root: options.omnioutDir,
      prefix: '/omniout/',
      decorateReply: false,
      preCompressed: true,
      cacheControl: false, // set in setHeaders: immutable for hashed assets only
      redirect: true,
      setHeaders: (reply) => reply.header('Cache-Control', 'public, max-age=300'),
    });
  }

  /** Used by the not-found handler for every path that is neither an API call nor a file. */
  return function handleUnknownPage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsDocument = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (!wantsDocument) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    if (!fallback) return reply.status(503).type('text/plain; charset=utf-8').send(notBuiltMessage);
    // The client app renders the page; for a path no route knows it shows 'The page … could not be found'.
    const status = matchesAnyPattern(pathname, patterns) ? 200 : 404;
    return sendPage(request, reply, fallback, status);
  };
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status: number) {
  const encoding = acceptedEncoding(request);
  reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('Content-Security-Policy', page.csp)
    .header('Vary', 'Accept-Encoding');
  const compressed = encoding && page[encoding];
  if (encoding && compressed) return reply.header('Content-Encoding', encoding).send(compressed);
  return reply.send(page.html);
}

async function loadPages(root: string, csp: CspOptions): Promise<Map<string, Page>> {
  const pages = new Map<string, Page>();
  for (const file of await listFiles(root)) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    let route: string;
    if (relative === spaFallbackFile) route = spaFallbackFile;
    else if (relative === 'index.html') route = '/';
    else if (relative.endsWith('/index.html')) route = `/${relative.slice(0, -'/index.html'.length)}`;
    else continue;
    const html = await readFile(file);
    const text = html.toString('utf8');
    pages.set(route, {
      html,
      br: await readFile(`${file}.br`).catch(() => undefined),
      gzip: await readFile(`${file}.gz`).catch(() => undefined),
      csp: contentSecurityPolicy(csp, inlineScriptHashes(text), inlineStyleHashes(text)),
    });
  }
  return pages;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'assets' ? [] : listFiles(full);
      return entry.name.endsWith('.html') ? [full] : [];
    }),
  );
  return nested.flat();
}

async function readRoutePatterns(root: string): Promise<string[]> {
  const text = await readFile(path.join(root, 'route-patterns.json'), 'utf8').catch(() => '[]');
  return JSON.parse(text) as string[];
}
