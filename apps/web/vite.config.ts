import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// In development the Vite server owns http://localhost:3000 and forwards the server's paths to the
// API process, so the browser sees one origin exactly as in production.
const apiOrigin = process.env.DEV_API_ORIGIN ?? 'http://127.0.0.1:3100';
const serverPaths = ['/api', '/omniout', '/healthz', '/dev'];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: Object.fromEntries(
      serverPaths.map((prefix) => [prefix, { target: apiOrigin, changeOrigin: false }]),
    ),
  },
  build: { assetsInlineLimit: 0 },
});
