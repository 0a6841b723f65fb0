import { createContext, type ReactNode, useContext, useLayoutEffect, useMemo, useState } from 'react';
import {
  type LinkProps,
  type NavLinkProps,
  type PageLocation,
  type PageRouter,
  PageRouterProvider,
} from '#web/lib/page-router.tsx';

// The router of an island: each link is an ordinary link, so following it loads the next page's own
// prerendered HTML (or the app, for the signed-in area), and the location is the document's.

type DocumentState = { location: PageLocation; params: Readonly<Record<string, string>> };

const DocumentStateContext = createContext<DocumentState>({
  location: { pathname: '/', search: '', hash: '' },
  params: {},
});

/** React Router's rule: a link is active on its path and below it; '/' only on itself. */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  const path = to.replace(/\/+$/, '');
  return pathname === path || pathname.startsWith(`${path}/`);
}

function DocumentLink({ to, ...props }: LinkProps) {
  return <a href={to} {...props} />;
}

function DocumentNavLink({ to, className, ...props }: NavLinkProps) {
  const isActive = isActivePath(useContext(DocumentStateContext).location.pathname, to);
  return (
    <a
      href={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    />
  );
}

function navigate(to: string, options?: { replace?: boolean }) {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

const documentRouter: PageRouter = {
  Link: DocumentLink,
  NavLink: DocumentNavLink,
  useLocation: () => useContext(DocumentStateContext).location,
  useNavigate: () => navigate,
  useParams: () => useContext(DocumentStateContext).params,
  useSearchParams: () => {
    const { search } = useContext(DocumentStateContext).location;
    return useMemo(() => [new URLSearchParams(search)] as const, [search]);
  },
};

/**
 * Gives an island the document's location and the route parameters its page was prerendered with.
 * The first render sees the location as the prerendering did (the path, no query, no hash) so that
 * hydration finds the same markup; the query and hash arrive with the next render, which updates
 * whatever depends on them (a sign-in page's links keep its `next`). That render is asked for as
 * the hydration commits, so it happens before the event that woke the island reaches its target: a
 * click on a link follows the updated address.
 */
export function DocumentRouter({
  params,
  children,
}: {
  params: Readonly<Record<string, string>>;
  children: ReactNode;
}) {
  const [location, setLocation] = useState<PageLocation>(() => ({
    pathname: window.location.pathname,
    search: '',
    hash: '',
  }));
  useLayoutEffect(() => {
    const { pathname, search, hash } = window.location;
    if (search || hash) setLocation({ pathname, search, hash });
  }, []);
  const state = useMemo(() => ({ location, params }), [location, params]);
  return (
    <PageRouterProvider router={documentRouter}>
      <DocumentStateContext.Provider value={state}>{children}</DocumentStateContext.Provider>
    </PageRouterProvider>
  );
}
