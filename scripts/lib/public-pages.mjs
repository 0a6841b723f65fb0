// The public pages are the ones the web app prerenders: apps/web/react-router.config.ts keeps the one
// list of them, read here (Node strips its types) rather than copied.
const { default: webConfig } = await import('../../apps/web/react-router.config.ts');

/** The path of every public page, in the web app's order. */
export const publicPages = webConfig.prerender;
