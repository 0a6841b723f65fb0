import { Outlet } from 'react-router';
import { RequireAuth } from '#web/auth/require-auth.tsx';

// The parent of every signed-in-only route (routes.ts): one guard for all of them.
export default function SignedInLayout() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}
