import { useEffect, useState } from 'react';
import { Alert } from '#web/components/forms/alert.tsx';
import { forgetAccountDeletedNotice, wasAccountJustDeleted } from '#web/lib/account-deletion.ts';

/**
 * On the home page the app lands on after "Delete my account" (settings/delete-account-section.tsx):
 * says once that it is done. Nothing in the prerendered page, where no deletion has just happened.
 */
export function AccountDeletedNotice() {
  const [isShown] = useState(wasAccountJustDeleted);
  useEffect(() => forgetAccountDeletedNotice, []);
  if (!isShown) return null;
  return (
    <div className="mx-auto max-w-7xl px-6 pt-6 lg:px-8">
      <Alert variant="success">Your account has been deleted.</Alert>
    </div>
  );
}
