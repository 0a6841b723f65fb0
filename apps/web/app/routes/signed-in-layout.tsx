import { Outlet } from 'react-router';
import { RequireAuth } from '#web/auth/require-auth.tsx';
import { VerifyEmailBanner } from '#web/components/verification/verify-email-banner.tsx';

// The parent of every signed-in-only route (routes.ts): one guard for all of them, and the banner that
// asks an unverified person to prove their address.
export default function SignedInLayout() {
  return (
    <RequireAuth>
      <VerifyEmailBanner />
      <Outlet />
    </RequireAuth>
  );
}
