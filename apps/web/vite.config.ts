import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// In development the Vite server owns http://localhost:3000 and forwards the server's paths to the
// API process, so the browser sees one origin exactly as in production.
const apiOrigin = process.env.DEV_API_ORIGIN ?? 'http://127.0.0.1:3100';
const serverPaths = ['/api', '/omniout', '/healthz', '/dev'];

const preactAliases: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

/**
 * The production browser bundle renders with Preact instead of React (about 50 KB gzip less on the
 * first view; docs/decisions/0004-preact-in-the-browser-bundle.md). Prerendering and development keep
 * React, so hot reload and React's warnings stay available.
 */
function preactInBrowserBuild(): Plugin {
  return {
    name: 'preact-in-browser-build',
    enforce: 'pre',
    apply: 'build',
    async resolveId(id, importer, options) {
      const target = preactAliases[id];
      if (!target || this.environment.name !== 'client') return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig({
  plugins: [preactInBrowserBuild(), tailwindcss(), reactRouter()],
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: Object.fromEntries(
      serverPaths.map((prefix) => [prefix, { target: apiOrigin, changeOrigin: false }]),
    ),
  },
  // Loaded lazily after the first paint; listed so the dev server does not discover them late and reload.
  optimizeDeps: { include: ['analytics', '@analytics/google-analytics', 'auth0-js'] },
  build: { assetsInlineLimit: 0, target: 'es2022' },
});
