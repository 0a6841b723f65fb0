import { useEffect } from 'react';
import { useAuth } from '#web/auth/auth-context.tsx';

const checkEveryMs = 1500;

/**
 * After checkout or the billing portal the plan is written by the payment provider's webhook, which
 * may land a moment after the person does: the user is read again while `isWaiting` holds, for at
 * most `forMs`.
 */
export function usePlanConfirmation(isWaiting: boolean, forMs: number) {
  const { refreshUser } = useAuth();
  useEffect(() => {
    if (!isWaiting) return;
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - startedAt > forMs) window.clearInterval(timer);
      else refreshUser().catch(() => undefined);
    }, checkEveryMs);
    return () => window.clearInterval(timer);
  }, [isWaiting, forMs, refreshUser]);
}
