import { Outlet } from 'react-router';
import { RequireAuth } from '#web/auth/require-auth.tsx';
import { PaymentFailedBanner } from '#web/components/billing/payment-failed-banner.tsx';
import { ImpersonationBanner } from '#web/components/operators/impersonation-banner.tsx';
import { VerifyEmailBanner } from '#web/components/verification/verify-email-banner.tsx';
import { OwnershipOfferBanner } from '#web/components/workspaces/ownership-offer-banner.tsx';

// The parent of every signed-in-only route (routes.ts): one guard for all of them, the banner that
// asks an unverified person to prove their address, and the one about a failed renewal
// payment, and the one about a workspace an owner offers the person; first, the one that says an
// operator is viewing as someone (docs/operations.md).
export default function SignedInLayout() {
  return (
    <RequireAuth>
      <ImpersonationBanner />
      <VerifyEmailBanner />
      <PaymentFailedBanner />
      <OwnershipOfferBanner />
      <Outlet />
    </RequireAuth>
  );
}
