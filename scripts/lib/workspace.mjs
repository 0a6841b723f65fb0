import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withSiteOrigin } from './site-origin.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const webSources = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/react-router.config.ts',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/plans/src',
  // The web app is typed by the contract, and may import its values (error codes, action names).
  'packages/api-contract/src',
];
export const omnioutSources = ['apps/omniout/src', 'apps/omniout/build.ts', 'packages/plans/src'];

/**
 * Builds what is stale, with the site's origin (site-origin.mjs) in the environment of the builds. The
 * two builds share nothing and run side by side: the omniout build ends within the web build's time.
 */
export async function buildAll(buildIfStale, env = process.env) {
  const buildEnv = withSiteOrigin(env);
  await Promise.all([
    buildIfStale({
      root,
      workspace: 'apps/web',
      sources: webSources,
      output: 'apps/web/build',
      env: buildEnv,
    }),
    buildIfStale({
      root,
      workspace: 'apps/omniout',
      sources: omnioutSources,
      output: 'apps/omniout/dist',
      env: buildEnv,
    }),
  ]);
}
