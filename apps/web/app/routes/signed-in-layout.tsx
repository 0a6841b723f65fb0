import { Outlet } from 'react-router';
import { RequireAuth } from '#web/auth/require-auth.tsx';
import { PaymentFailedBanner } from '#web/components/billing/payment-failed-banner.tsx';
import { VerifyEmailBanner } from '#web/components/verification/verify-email-banner.tsx';
import { OwnershipOfferBanner } from '#web/components/workspaces/ownership-offer-banner.tsx';

// The parent of every signed-in-only route (routes.ts): one guard for all of them, the banner that
// asks an unverified person to prove their address, and the one about a failed renewal
// payment, and the one about a workspace an owner offers the person.
export default function SignedInLayout() {
  return (
    <RequireAuth>
      <VerifyEmailBanner />
      <PaymentFailedBanner />
      <OwnershipOfferBanner />
      <Outlet />
    </RequireAuth>
  );
}
