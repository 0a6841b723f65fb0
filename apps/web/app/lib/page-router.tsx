import {
  type AnchorHTMLAttributes,
  type ComponentType,
  createContext,
  type ReactNode,
  useContext,
} from 'react';

// The router as the site's shared components see it: links and the current location. The app (the
// signed-in area, development, the prerendering) gives them React Router's (root.tsx). An island of a
// prerendered public page gives them plain document navigation (islands/document-router.tsx), so the
// islands never load React Router (docs/decisions/0010-islands-on-prerendered-pages.md).
// Components that can be part of an island import these, never react-router.

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  className?: string | ((state: { isActive: boolean }) => string);
};

export type PageLocation = { pathname: string; search: string; hash: string };

export type PageRouter = {
  Link: ComponentType<LinkProps>;
  NavLink: ComponentType<NavLinkProps>;
  /** Called as a hook: React Router's implementations are hooks. */
  useLocation: () => PageLocation;
  useNavigate: () => (to: string, options?: { replace?: boolean }) => void;
  useParams: () => Readonly<Record<string, string | undefined>>;
  useSearchParams: () => readonly [URLSearchParams, ...unknown[]];
};

const PageRouterContext = createContext<PageRouter | null>(null);

export function PageRouterProvider({ router, children }: { router: PageRouter; children: ReactNode }) {
  return <PageRouterContext.Provider value={router}>{children}</PageRouterContext.Provider>;
}

function usePageRouter(): PageRouter {
  const router = useContext(PageRouterContext);
  if (!router) throw new Error('A component that navigates is rendered outside a PageRouterProvider.');
  return router;
}

export function Link(props: LinkProps) {
  const { Link: RouterLink } = usePageRouter();
  return <RouterLink {...props} />;
}

export function NavLink(props: NavLinkProps) {
  const { NavLink: RouterNavLink } = usePageRouter();
  return <RouterNavLink {...props} />;
}

export const useLocation = (): PageLocation => usePageRouter().useLocation();

export const useNavigate = () => usePageRouter().useNavigate();

export const useParams = () => usePageRouter().useParams();

export const useSearchParams = () => usePageRouter().useSearchParams();
