import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useLocation } from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { ChatWidget } from '#web/components/chat-widget.tsx';
import { SiteFooter } from '#web/components/layout/site-footer.tsx';
import { SiteHeader } from '#web/components/layout/site-header.tsx';
import { trackPageView } from '#web/lib/analytics.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/site.webmanifest' },
];

/**
 * Prerendering renders the whole document. In the browser only the app inside #root is hydrated
 * (entry.client.tsx); the page metadata is rendered into <head> through a portal so titles and
 * canonical URLs follow client-side navigation.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  if (typeof document !== 'undefined') {
    return (
      <>
        {createPortal(<Meta />, document.head)}
        {children}
      </>
    );
  }
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-800 antialiased">
        <div id="root">{children}</div>
        <Scripts />
      </body>
    </html>
  );
}

/** §2: the router scrolls to the top on every path change, and analytics counts a page view. */
function useRouteChangeEffects() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is the reaction to a new path.
  useEffect(() => {
    window.scrollTo(0, 0);
    void trackPageView();
  }, [pathname]);
  // Runs after the scroll to the top: a link such as /#features then lands on its section, also
  // when only the hash changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path with the same hash scrolls again.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [pathname, hash]);
}

/** Marks the document once React has taken over the prerendered HTML (browser tests wait for it). */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export default function App() {
  useHydratedMarker();
  useRouteChangeEffects();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <ChatWidget />
    </div>
  );
}

export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong';
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-semibold">{message}</h1>
      <p className="mt-4">
        <a className="link" href="/">
          Back to the home page
        </a>
      </p>
    </main>
  );
}
