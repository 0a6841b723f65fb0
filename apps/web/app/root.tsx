import islandsEntry from 'virtual:islands-entry';
import { useContext, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  UNSAFE_FrameworkContext as FrameworkContext,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Link as RouterLink,
  NavLink as RouterNavLink,
  Scripts,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
import { AuthProvider } from '#web/auth/auth-context.tsx';
import { callbackPath } from '#web/auth/auth-paths.ts';
import { ChatWidget } from '#web/components/chat-widget.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { VisitorFooter } from '#web/components/layout/site-footer.tsx';
import { SiteHeader } from '#web/components/layout/site-header.tsx';
import { islandsBootstrap } from '#web/islands/bootstrap.ts';
import { Island, isIslandsPage } from '#web/islands/island.tsx';
import { trackPageView } from '#web/lib/analytics.ts';
import { type PageRouter, PageRouterProvider } from '#web/lib/page-router.tsx';
import faviconSvg from '../public/favicon.svg?raw';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';

const faviconHref = `data:image/svg+xml,${encodeURIComponent(faviconSvg)}`;
const manifest = '/site.webmanifest';

// The first paint waits for the stylesheet and nothing else: with a precedence React writes it at
// the top of <head>, before the page's metadata.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
];

/**
 * Prerendering renders the whole document. A prerendered public page (a route whose handle is
 * `islandsPage`) gets no React Router scripts: its inline bootstrap loads the islands runtime after
 * the first paint (docs/decisions/0010-islands-on-prerendered-pages.md). The SPA fallback (the
 * signed-in area, unknown paths) gets React Router's scripts, and in the browser only the app inside
 * #root is hydrated (entry.client.tsx); its page metadata is rendered into <head> through a portal so
 * titles and canonical URLs follow client-side navigation.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const matches = useMatches();
  const frameworkContext = useContext(FrameworkContext);
  if (typeof document !== 'undefined') {
    return (
      <>
        <BrowserHead />
        {children}
      </>
    );
  }
  // The SPA fallback is rendered from '/' too, down to the root only (React Router's SPA mode).
  const isSpaFallback = frameworkContext?.isSpaMode ?? true;
  const hasIslands =
    islandsEntry !== null && !isSpaFallback && matches.some((match) => isIslandsPage(match.handle));
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Links />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        {/* Written into the page: one request fewer before the first paint (docs/performance.md). */}
        <link rel="icon" href={faviconHref} type="image/svg+xml" />
        {/* A prerendered page's bootstrap links it after the paint (decision 0059). */}
        {!hasIslands && <link rel="manifest" href={manifest} />}
      </head>
      <body className="min-h-screen bg-white text-slate-800 antialiased">
        <div id="root">{children}</div>
        {hasIslands && islandsEntry ? (
          <script
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own bootstrap, allowed by its hash (decision 0002).
            dangerouslySetInnerHTML={{ __html: islandsBootstrap({ ...islandsEntry, stylesheet, manifest }) }}
          />
        ) : (
          <Scripts />
        )}
      </body>
    </html>
  );
}

// Never attached to the document: what is rendered into it stays inert (see BrowserHead).
const detachedContainer = typeof document !== 'undefined' ? document.createElement('div') : null;

/**
 * The page metadata in the browser. On a page served from the SPA fallback (every signed-in page, a
 * sign-in page of an unknown type, the 404 page) React Router's <Meta> renders only the root route's
 * metadata until <Scripts> has mounted, which marks the app hydrated; this app does not render
 * <Scripts> in the browser (the prerendered document already ran them). So <Scripts> is mounted into
 * a detached element, where its empty script tags never run (nor meet the CSP), and <Meta> renders
 * again once that has happened: children's effects run before their parent's.
 */
function BrowserHead() {
  const [, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  return (
    <>
      {detachedContainer && createPortal(<Scripts />, detachedContainer)}
      {createPortal(<Meta />, document.head)}
    </>
  );
}

/**
 * docs/product.md §2: the router scrolls to the top on every path change, and analytics counts a page
 * view.
 */
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

/** The site's components navigate with React Router in the app (lib/page-router.tsx). */
const reactRouter: PageRouter = {
  Link: RouterLink,
  NavLink: RouterNavLink,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
};

export default function App() {
  useHydratedMarker();
  useRouteChangeEffects();
  return (
    <PageRouterProvider router={reactRouter}>
      <AuthProvider>
        <SiteFrame />
      </AuthProvider>
    </PageRouterProvider>
  );
}

/** The header and the footer are islands: on a prerendered page they hydrate on their own. */
function SiteFrame() {
  const { pathname } = useLocation();
  // The sign-in popup's last stop shows nothing while it hands the tokens to its opener.
  if (pathname === callbackPath) return <Outlet />;
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Island name="header" component={SiteHeader} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Island name="footer" component={VisitorFooter} />
      <ChatWidget />
    </div>
  );
}

export function HydrateFallback() {
  return <LoadingStatus className="min-h-screen" />;
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
