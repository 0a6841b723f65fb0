// Types of site-origin.mjs, for the web app's Vite config (TypeScript), which applies it to every build.
type Environment = Record<string, string | undefined>;
export declare const defaultAppPort: string;
export declare const appPortOf: (env?: Environment) => string;
export declare const siteOriginOf: (env?: Environment) => string;
export declare const withSiteOrigin: <Env extends Environment>(env?: Env) => Env & { VITE_SITE_URL: string };
