import { useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/forms/button.tsx';
import { useAuth } from './auth-context.tsx';
import { AuthError } from './auth-error.ts';
import { loadIdentity } from './identity-client.ts';

type Run = (action: () => Promise<unknown>) => Promise<boolean>;

/** Whether the browser can use passkeys at all (WebAuthn), asked when one is wanted, not at render. */
export const canUsePasskeys = () => typeof window.PublicKeyCredential === 'function';

/**
 * Whether the site offers passkeys (PASSKEYS, in the provider settings the API serves): true until the
 * settings say otherwise, so the usual case draws nothing twice.
 */
export function usePasskeysOffered(): boolean {
  const [isOffered, setIsOffered] = useState(true);
  useEffect(() => {
    let isCurrent = true;
    loadIdentity()
      .then(({ config }) => {
        if (isCurrent) setIsOffered(config.passkeys);
      })
      .catch(() => {});
    return () => {
      isCurrent = false;
    };
  }, []);
  return isOffered;
}

const passkeysUnsupported = 'This browser cannot use passkeys. Sign in another way, or use another browser.';

/**
 * "Sign in with a passkey" / "Sign up with a passkey": the browser's own passkey dialog, then the
 * provider's Passkey API. A sign-up asks the form for its checked email first (`email` answers null
 * when the field is not valid, which the field then says).
 */
export function PasskeyButton({
  type,
  email,
  run,
  disabled,
}: {
  type: 'signin' | 'signup';
  email: () => Promise<string | null>;
  run: Run;
  disabled: boolean;
}) {
  const auth = useAuth();
  const [isBusy, setIsBusy] = useState(false);

  const onClick = async () => {
    setIsBusy(true);
    await run(async () => {
      if (!canUsePasskeys()) throw new AuthError('passkeys_unsupported', passkeysUnsupported);
      if (type === 'signin') {
        // The waiting autofill request holds the browser's one ceremony: it stops first.
        await auth.cancelPasskeyAutofill();
        await auth.signinWithPasskey();
        return null;
      }
      const address = await email();
      if (address) await auth.signupWithPasskey(address);
      return null;
    });
    setIsBusy(false);
  };

  return (
    <Button
      variant="secondary"
      size="lg"
      className="w-full"
      busy={isBusy}
      busyLabel="Waiting for your passkey…"
      disabled={disabled}
      onClick={() => void onClick()}
    >
      {type === 'signin' ? 'Sign in with a passkey' : 'Sign up with a passkey'}
    </Button>
  );
}

/**
 * While the sign-in form is open, the browser offers the person's passkeys for this site in the email
 * field's suggestions (WebAuthn conditional mediation: the field says `autocomplete="username
 * webauthn"`). Picking one signs in; a refusal goes to `onError`. Browsers without it offer nothing.
 */
export function usePasskeyAutofill(enabled: boolean, onError: (error: unknown) => void) {
  const { signinWithPasskey, cancelPasskeyAutofill } = useAuth();
  // The latest callback, so a caller may pass a new closure on every render without a new request.
  const latestOnError = useRef(onError);
  latestOnError.current = onError;
  // The session's operations are the same functions on every render: only `enabled` starts or stops.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!enabled || !canUsePasskeys()) return;
    let isCurrent = true;
    signinWithPasskey({ autofill: true }).catch((error: unknown) => {
      const code = (error as { code?: unknown } | null)?.code;
      const isQuiet = code === 'passkey_aborted' || code === 'passkey_autofill_unsupported';
      if (isCurrent && !isQuiet) latestOnError.current(error);
    });
    return () => {
      isCurrent = false;
      void cancelPasskeyAutofill();
    };
  }, [enabled]);
}
