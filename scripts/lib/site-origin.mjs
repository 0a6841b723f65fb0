// The site's public origin, computed here and nowhere else. The web build bakes it into canonical links
// and social cards; the API server builds return addresses from it. Every launcher (`npm start`,
// `npm run dev`, the release) and the web app's Vite config take it from this function, so a server on
// another port never serves pages that name port 3000.

/** The port the product answers on when PORT is unset. */
export const defaultAppPort = '3000';

/** The app's port: PORT, else the default. */
export const appPortOf = (env = process.env) => env.PORT?.trim() || defaultAppPort;

/** The site's public origin: VITE_SITE_URL (without a trailing slash), else the local server on its port. */
export const siteOriginOf = (env = process.env) =>
  (env.VITE_SITE_URL?.trim() || `http://localhost:${appPortOf(env)}`).replace(/\/+$/, '');

/** `env` with VITE_SITE_URL set to the site's origin: what a build of the web app and the server are given. */
export const withSiteOrigin = (env = process.env) => ({ ...env, VITE_SITE_URL: siteOriginOf(env) });
