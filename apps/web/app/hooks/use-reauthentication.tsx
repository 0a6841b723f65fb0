import { type ReactNode, useState } from 'react';
import { useAuth } from '#web/auth/auth-context.tsx';
import { ReauthDialog } from '#web/auth/reauth-dialog.tsx';

type PendingReauth = { resume: () => void; abandon: () => void };

const needsRecentLogin = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'auth/requires-recent-login';

/**
 * docs/product.md §4: a sensitive change (email, password) the API refuses with
 * auth/requires-recent-login opens the 'Please sign in again' dialog; once the person has signed in
 * again the change is retried, and the caller sees its result as if nothing had happened. Closing the
 * dialog fails the change with the API's own message. Render `dialog` outside any form.
 */
export function useReauthentication(): {
  run: <T>(change: () => Promise<T>) => Promise<T>;
  dialog: ReactNode;
} {
  const { user } = useAuth();
  const [pending, setPending] = useState<PendingReauth | null>(null);

  const run = async <T,>(change: () => Promise<T>): Promise<T> => {
    try {
      return await change();
    } catch (error) {
      if (!needsRecentLogin(error)) throw error;
      await new Promise<void>((resolve, reject) =>
        setPending({ resume: resolve, abandon: () => reject(error) }),
      );
      return change();
    }
  };

  const dialog =
    pending && user ? (
      <ReauthDialog
        user={user}
        onSignedIn={() => {
          setPending(null);
          pending.resume();
        }}
        onCancel={() => {
          setPending(null);
          pending.abandon();
        }}
      />
    ) : null;

  return { run, dialog };
}
