import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { requestRestoreEarly } from '#web/auth/early-restore.ts';
import { pageMetaSelector } from '#web/lib/meta.ts';

/**
 * The production bundle renders with Preact (docs/decisions/0019-preact-11-in-the-browser-bundle.md),
 * which hydrates an element, not the whole document: the app hydrates #root, and root.tsx's Layout
 * renders only the app in the browser.
 *
 * HydratedRouter suspends (throws a promise) on its first render while it decodes the prerendered
 * router state; React waits at the root, Preact 11 only at a Suspense boundary, which would then
 * also hide the whole app at any later suspension. So the router is created before hydration:
 * calling the component once outside a render runs its router creation; the promise it throws is
 * awaited, and the call that gets past it stops at its first hook, which is expected.
 */
async function createRouterBeforeHydration(): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      HydratedRouter({});
      return;
    } catch (thrown) {
      if (!(thrown instanceof Promise)) return;
      await thrown;
    }
  }
}

requestRestoreEarly();
// React (development) waits for the suspended router itself; calling a hook outside a render would warn.
if (!import.meta.env.DEV) await createRouterBeforeHydration();
for (const element of document.head.querySelectorAll(pageMetaSelector)) element.remove();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to hydrate.');
startTransition(() => {
  hydrateRoot(
    root,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
