import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '#web/components/forms/alert.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { errorMessage, requiredPassword } from '#web/components/forms/error-message.ts';
import { TextField } from '#web/components/forms/text-field.tsx';
import { useAuth } from './auth-context.tsx';
import { OutcomeMessage } from './outcome-message.tsx';
import { ProviderButton } from './provider-button.tsx';
import type { SocialProvider } from './providers.ts';
import type { AuthUser } from './session.ts';

type ReauthDialogProps = { user: AuthUser; onSignedIn: () => void; onCancel: () => void };

const titleId = 'reauth-title';

/**
 * The modal of §4 asking a person to prove again who they are: their password, or their provider's
 * popup. A native <dialog> opened with showModal keeps focus inside, makes the page behind inert and
 * closes on Escape.
 */
export function ReauthDialog({ user, onSignedIn, onCancel }: ReauthDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string | null>(null);
  const socialProvider = user.providers.find((method): method is SocialProvider => method !== 'password');

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      data-testid="reauth-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/50 sm:p-8"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Please sign in again to complete this action
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        For your security, changing your email or password needs a recent sign-in.
      </p>
      <div className="mt-6 space-y-5">
        {socialProvider ? (
          <ProviderSignIn provider={socialProvider} onSignedIn={onSignedIn} onError={setError} />
        ) : (
          <PasswordSignIn email={user.email} onSignedIn={onSignedIn} onError={setError} />
        )}
        {error && (
          <Alert variant="error">
            <OutcomeMessage message={error} />
          </Alert>
        )}
        <Button variant="secondary" className="w-full" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </dialog>
  );
}

type SignInProps = { onSignedIn: () => void; onError: (message: string | null) => void };

function PasswordSignIn({ email, onSignedIn, onError }: SignInProps & { email: string }) {
  const { signin } = useAuth();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string }>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    onError(null);
    try {
      await signin(email, password);
      onSignedIn();
    } catch (error) {
      onError(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="reauth-form">
      <TextField
        id="reauth-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        disabled={isSubmitting}
        error={errors.password?.message}
        {...register('password', { validate: requiredPassword('Please enter your password') })}
      />
      <Button type="submit" className="w-full" busy={isSubmitting} busyLabel="Signing in…">
        Sign in
      </Button>
    </form>
  );
}

function ProviderSignIn({ provider, onSignedIn, onError }: SignInProps & { provider: SocialProvider }) {
  const { signinWithProvider } = useAuth();
  const [isBusy, setIsBusy] = useState(false);

  const onClick = async () => {
    onError(null);
    setIsBusy(true);
    try {
      await signinWithProvider(provider);
      onSignedIn();
    } catch (error) {
      onError(errorMessage(error));
      setIsBusy(false);
    }
  };

  return <ProviderButton provider={provider} busy={isBusy} disabled={isBusy} onClick={onClick} />;
}
