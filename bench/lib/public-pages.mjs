// The public pages are the ones the web app prerenders: apps/web/react-router.config.ts keeps the one
// list of them, read here (through tsx, as it is TypeScript) rather than copied.
import { tsImport } from 'tsx/esm/api';

const { default: webConfig } = await tsImport('../../apps/web/react-router.config.ts', import.meta.url);

/** The path of every public page, in the web app's order. */
export const publicPages = webConfig.prerender;
