import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { useAuth } from './auth-context.tsx';
import { signInPathFor } from './auth-paths.ts';
import { isSigningOut } from './session.ts';

/**
 * docs/product.md §2: the route guard. A spinner while the auth state is unknown; a signed-out visitor
 * goes to the sign-in page with `next` set to where they were going. An explicit sign-out is already
 * leaving for the provider's logout, so the guard waits instead.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (user === false && !isSigningOut()) navigate(signInPathFor(pathname + search), { replace: true });
  }, [user, pathname, search, navigate]);

  if (!user) return <LoadingStatus className="py-24" />;
  return <>{children}</>;
}
