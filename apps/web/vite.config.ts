import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { appPortOf, siteOriginOf } from '../../scripts/lib/site-origin.mjs';

// The site's origin (canonical links, social cards: app/config.ts), from the one function the launchers
// use; they pass it as VITE_SITE_URL, and a build run by hand gets the same default.
process.env.VITE_SITE_URL = siteOriginOf(process.env);

// In development the Vite server owns http://localhost:3000 and forwards the server's paths to the
// API process, so the browser sees one origin exactly as in production.
const apiOrigin = process.env.DEV_API_ORIGIN ?? 'http://127.0.0.1:3100';
const serverPaths = ['/api', '/omniout', '/healthz', '/dev'];

/** `react` in the browser bundle: Preact's compat layer and the React 19 hook it lacks. */
const preactReactId = '\0preact-react';
const useOptimisticModule = fileURLToPath(new URL('app/preact/use-optimistic.ts', import.meta.url));

const preactAliases: Record<string, string> = {
  react: preactReactId,
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

/** A hook filter matching `id` and nothing else. */
const exactly = (id: string) => new RegExp(`^${id.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')}$`);
const aliasedIds = Object.keys(preactAliases).map(exactly);

/**
 * The production browser bundle renders with Preact instead of React (about 50 KB gzip less on the
 * first view; docs/decisions/0019-preact-11-in-the-browser-bundle.md). Prerendering and development
 * keep React, so hot reload and React's warnings stay available. React Router 8 imports
 * `useOptimistic`, which Preact 11's compat does not export: `react` is compat plus that hook.
 */
function preactInBrowserBuild(): Plugin {
  return {
    name: 'preact-in-browser-build',
    enforce: 'pre',
    apply: 'build',
    // The filters keep the bundler from calling these hooks for every other module (thousands of
    // calls a build, a good part of its time on two cores).
    resolveId: {
      filter: { id: aliasedIds },
      async handler(id, importer, options) {
        const target = preactAliases[id];
        if (!target || this.environment.name !== 'client') return null;
        if (target === preactReactId) return preactReactId;
        return this.resolve(target, importer, { ...options, skipSelf: true });
      },
    },
    load: {
      filter: { id: exactly(preactReactId) },
      handler() {
        return [
          "export * from 'preact/compat';",
          "export { default } from 'preact/compat';",
          `export { useOptimistic } from ${JSON.stringify(useOptimisticModule)};`,
        ].join('\n');
      },
    },
  };
}

const islandsRuntime = 'app/islands/runtime.tsx';
const islandsVirtualId = 'virtual:islands-entry';
// WEB_BUILD_OUTPUT: react-router.config.ts.
const clientManifest = fileURLToPath(
  new URL(`${process.env.WEB_BUILD_OUTPUT ?? 'build'}/client/.vite/manifest.json`, import.meta.url),
);

/**
 * The islands runtime of the prerendered public pages (docs/decisions/0010-islands-on-prerendered-pages.md)
 * is one more entry of the browser build, sharing its chunks with the app. The prerendering, which
 * runs after the browser build, learns its file names from that build's manifest through
 * `virtual:islands-entry` (null in development). The browser build fails if React Router, which the
 * islands exist to leave out, becomes reachable from the runtime.
 */
function islandsEntry(): Plugin {
  let isBuild = false;
  /** The runtime and every module it imports statically (dynamic imports load on demand). */
  const islandsModules = new Set<string>();
  const runtimePath = fileURLToPath(new URL(islandsRuntime, import.meta.url));
  return {
    name: 'islands-entry',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    buildStart() {
      if (isBuild && this.environment.name === 'client') {
        this.emitFile({ type: 'chunk', id: runtimePath, name: 'islands' });
      }
    },
    buildEnd() {
      if (this.environment.name !== 'client') return;
      const visit = (id: string) => {
        if (islandsModules.has(id)) return;
        islandsModules.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
      };
      visit(runtimePath);
    },
    // What a prerendered page runs before anyone interacts, in one chunk beside the runtime's own:
    // Preact, the header, the footer and the newsletter form with what they import. The app loads the
    // same chunk. The runtime stays out of it: it starts hydrating as soon as it is evaluated.
    outputOptions(options) {
      if (this.environment.name !== 'client') return null;
      const isShared = (id: string) => id !== runtimePath && islandsModules.has(id);
      return { ...options, codeSplitting: { groups: [{ name: 'site', test: isShared }] } };
    },
    resolveId: {
      filter: { id: exactly(islandsVirtualId) },
      handler: () => `\0${islandsVirtualId}`,
    },
    load: {
      filter: { id: exactly(`\0${islandsVirtualId}`) },
      handler() {
        if (!isBuild || this.environment.name === 'client') return 'export default null;';
        const entry = islandsEntryOfManifest();
        if (!entry) this.error(`${islandsRuntime} is missing from the browser build's manifest`);
        return `export default ${JSON.stringify(entry)};`;
      },
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const runtime = Object.values(bundle).find(
        (output): output is Rollup.OutputChunk =>
          output.type === 'chunk' && output.facadeModuleId === runtimePath,
      );
      if (!runtime) return;
      const routerChunk = chunkReachingRouter(runtime, bundle);
      if (routerChunk) {
        this.error(
          `The islands runtime reaches React Router through ${routerChunk}. Components inside an island ` +
            'import Link and the location hooks from #web/lib/page-router.tsx.',
        );
      }
    },
  };
}

/** The islands runtime's file in the browser build and every chunk it imports, from the build's manifest. */
function islandsEntryOfManifest(): { file: string; imports: string[] } | null {
  type ManifestChunk = { file: string; imports?: string[] };
  const manifest = JSON.parse(readFileSync(clientManifest, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[islandsRuntime];
  if (!entry) return null;
  const imports = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || imports.has(`/${chunk.file}`)) return;
    imports.add(`/${chunk.file}`);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of entry.imports ?? []) visit(key);
  return { file: `/${entry.file}`, imports: [...imports] };
}

/** The first chunk reachable from `start` (imports, dynamic ones too) that holds React Router, if any. */
function chunkReachingRouter(start: Rollup.OutputChunk, bundle: Rollup.OutputBundle): string | null {
  const seen = new Set<string>();
  const reach = (chunk: Rollup.OutputChunk): string | null => {
    if (seen.has(chunk.fileName)) return null;
    seen.add(chunk.fileName);
    if (chunk.moduleIds.some((moduleId) => /[\\/]node_modules[\\/]react-router[\\/]/.test(moduleId))) {
      return chunk.fileName;
    }
    for (const fileName of [...chunk.imports, ...chunk.dynamicImports]) {
      const next = bundle[fileName];
      const found = next?.type === 'chunk' ? reach(next) : null;
      if (found) return found;
    }
    return null;
  };
  return reach(start);
}

export default defineConfig({
  plugins: [preactInBrowserBuild(), islandsEntry(), tailwindcss(), reactRouter()],
  server: {
    port: Number(appPortOf(process.env)),
    strictPort: true,
    proxy: Object.fromEntries(
      serverPaths.map((prefix) => [prefix, { target: apiOrigin, changeOrigin: false }]),
    ),
  },
  // Loaded lazily after the first paint; listed so the dev server does not discover them late and reload.
  optimizeDeps: { include: ['analytics', '@analytics/google-analytics', 'auth0-js'] },
  // No gzip sizes in the build's report: precompress.mjs writes the compressed files, and npm start waits
  // for every build (bench/start).
  build: { assetsInlineLimit: 0, target: 'es2022', reportCompressedSize: false },
  // The pages' copy states the trial the server gives (lib/offer.ts): one setting, read by both.
  envPrefix: ['VITE_', 'STRIPE_TRIAL_'],
});
