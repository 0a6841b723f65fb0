import { currentPasswordField } from '@launchkit/api-contract/field-rules';
import { useState } from 'react';
import { Button } from '#web/components/forms/button.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { ModalDialog } from '#web/components/forms/modal-dialog.tsx';
import { CurrentPasswordField } from '#web/components/forms/password-field.tsx';
import { useAppForm, useOutcome } from '#web/hooks/use-app-form.ts';
import { useAuth } from './auth-context.tsx';
import { SecondFactorRequired } from './auth-error.ts';
import { canUsePasskeys, usePasskeysOffered } from './passkey-sign-in.tsx';
import { ProviderButton } from './provider-button.tsx';
import type { SocialProvider } from './providers.ts';
import { SecondFactorStep } from './second-factor-step.tsx';
import type { AuthUser } from './session.ts';

type ReauthDialogProps = { user: AuthUser; onSignedIn: () => void; onCancel: () => void };

/**
 * The modal of docs/product.md §4 asking a person to prove again who they are: their password, or their
 * provider's popup (a ModalDialog: focus stays inside, Escape cancels).
 */
export function ReauthDialog({ user, onSignedIn, onCancel }: ReauthDialogProps) {
  // Both ways of signing in report their failure in the one alert below them.
  const { outcome, run } = useOutcome();
  const socialProvider = user.providers.find((method): method is SocialProvider => method !== 'password');
  const passkeysOffered = usePasskeysOffered();

  return (
    <ModalDialog
      titleId="reauth-title"
      title="Please sign in again to complete this action"
      description="For your security, this change needs a recent sign-in."
      onClose={onCancel}
      testId="reauth-dialog"
    >
      <div className="space-y-5">
        {socialProvider ? (
          <ProviderSignIn provider={socialProvider} onSignedIn={onSignedIn} run={run} />
        ) : (
          <>
            <PasswordSignIn email={user.email} onSignedIn={onSignedIn} run={run} />
            {passkeysOffered && <PasskeyReauthentication onSignedIn={onSignedIn} run={run} />}
          </>
        )}
        <FormOutcome outcome={outcome} />
        <Button variant="secondary" className="w-full" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </ModalDialog>
  );
}

type SignInProps = { onSignedIn: () => void; run: ReturnType<typeof useOutcome>['run'] };

function PasswordSignIn({ email, onSignedIn, run }: SignInProps & { email: string }) {
  const { signin } = useAuth();
  const { requiredProps, handleSubmit, isSubmitting } = useAppForm<{ password: string }>({ password: '' });
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  const onSubmit = handleSubmit(async ({ password }) => {
    await run(async () => {
      try {
        await signin(email, password);
      } catch (error) {
        if (!(error instanceof SecondFactorRequired)) throw error;
        setMfaToken(error.mfaToken);
        return;
      }
      onSignedIn();
    });
  });

  if (mfaToken) {
    return (
      <SecondFactorStep mfaToken={mfaToken} onCancel={() => setMfaToken(null)} onSignedIn={onSignedIn} />
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="reauth-form">
      <CurrentPasswordField id="reauth-password" {...requiredProps('password', currentPasswordField)} />
      <Button type="submit" className="w-full" busy={isSubmitting} busyLabel="Signing in…">
        Sign in
      </Button>
    </form>
  );
}

/** For an account that signs in with a passkey (perhaps with no password at all). */
function PasskeyReauthentication({ onSignedIn, run }: SignInProps) {
  const { reauthenticateWithPasskey } = useAuth();
  const [isBusy, setIsBusy] = useState(false);
  // The dialog opens in the browser only (a change refused), so asking here matches every render.
  if (!canUsePasskeys()) return null;
  const onClick = async () => {
    setIsBusy(true);
    const isSignedIn = await run(async () => {
      await reauthenticateWithPasskey();
      onSignedIn();
    });
    if (!isSignedIn) setIsBusy(false);
  };
  return (
    <Button
      variant="secondary"
      className="w-full"
      busy={isBusy}
      busyLabel="Waiting for your passkey…"
      onClick={() => void onClick()}
    >
      Use a passkey
    </Button>
  );
}

function ProviderSignIn({ provider, onSignedIn, run }: SignInProps & { provider: SocialProvider }) {
  const { signinWithProvider } = useAuth();
  const [isBusy, setIsBusy] = useState(false);

  const onClick = async () => {
    setIsBusy(true);
    const isSignedIn = await run(async () => {
      await signinWithProvider(provider);
      onSignedIn();
    });
    if (!isSignedIn) setIsBusy(false);
  };

  return <ProviderButton provider={provider} busy={isBusy} disabled={isBusy} onClick={onClick} />;
}
