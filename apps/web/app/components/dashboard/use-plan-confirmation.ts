import { useEffect } from 'react';
import { useAuth } from '#web/auth/auth-context.tsx';

const checkEveryMs = 1500;
const giveUpAfterMs = 60_000;

/**
 * After checkout the plan is written by the payment provider's webhook, which may land a moment after
 * the person does: the user is read again until the plan shows (or a minute has passed).
 */
export function usePlanConfirmation(isWaiting: boolean) {
  const { refreshUser } = useAuth();
  useEffect(() => {
    if (!isWaiting) return;
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - startedAt > giveUpAfterMs) window.clearInterval(timer);
      else refreshUser().catch(() => undefined);
    }, checkEveryMs);
    return () => window.clearInterval(timer);
  }, [isWaiting, refreshUser]);
}
