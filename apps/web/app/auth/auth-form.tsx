import { emailField, passwordField } from '@launchkit/api-contract/field-rules';
import { useState } from 'react';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { errorMessage, matchingPassword } from '#web/components/forms/error-message.ts';
import { FormSubmit } from '#web/components/forms/form-submit.tsx';
import { PasswordField } from '#web/components/forms/password-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { useReauthentication } from '#web/hooks/use-reauthentication.tsx';
import { useAuth } from './auth-context.tsx';
import { SecondFactorRequired } from './auth-error.ts';
import { PasskeyButton, usePasskeyAutofill, usePasskeysOffered } from './passkey-sign-in.tsx';
import { ProviderButton } from './provider-button.tsx';
import { offeredProviders, type SocialProvider } from './providers.ts';
import { SecondFactorStep } from './second-factor-step.tsx';
import { SsoSignIn, useSsoDiscovery } from './sso-sign-in.tsx';

export type AuthType = 'signup' | 'signin' | 'forgotpass' | 'changepass';

type AuthValues = { email: string; password: string; confirmPassword: string };

const submitLabels: Record<AuthType, { idle: string; busy: string }> = {
  signup: { idle: 'Sign up', busy: 'Signing up…' },
  signin: { idle: 'Sign in', busy: 'Signing in…' },
  forgotpass: { idle: 'Get a new password', busy: 'Sending…' },
  changepass: { idle: 'Change password', busy: 'Changing…' },
};

const hasEmail = (type: AuthType) => type !== 'changepass';
const hasPassword = (type: AuthType) => type !== 'forgotpass';
const hasConfirmation = (type: AuthType) => type === 'signup' || type === 'changepass';
const hasProviders = (type: AuthType) => type === 'signup' || type === 'signin';

type AuthFormState = ReturnType<typeof useAppForm<AuthValues>>;

/**
 * The sign-up, sign-in, forgotten-password and new-password forms (docs/product.md §4, §5). A successful
 * sign-in changes the session; the page moves on when it sees the signed-in user.
 */
export function AuthForm({ type }: { type: AuthType }) {
  const auth = useAuth();
  const reauthentication = useReauthentication();
  const [popupProvider, setPopupProvider] = useState<SocialProvider | null>(null);
  const form = useAppForm<AuthValues>({ email: '', password: '', confirmPassword: '' });
  const { submitWith, run, getValues, outcome, setOutcome, isSubmitting, trigger } = form;
  const isBusy = isSubmitting || popupProvider !== null;
  // Set when the password was right and the account asks for its second factor.
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  const onSubmit = submitWith(
    useAuthAction(type, { reauthentication, reset: form.reset, onMfa: setMfaToken }),
  );
  const passkeysOffered = usePasskeysOffered();
  usePasskeyAutofill(type === 'signin' && !mfaToken && passkeysOffered, (error) =>
    setOutcome({ variant: 'error', message: errorMessage(error) }),
  );
  const checkedEmail = async () => ((await trigger('email')) ? getValues('email').trim() : null);
  // Sign-in only: an address at a domain with single sign-on goes to the company's identity provider.
  const typedEmail = form.watch('email');
  const discovery = useSsoDiscovery(type === 'signin' ? typedEmail : '');
  const [isPasswordChosen, setIsPasswordChosen] = useState(false);
  const sso = discovery && !isPasswordChosen ? discovery : null;

  const onProvider = async (provider: SocialProvider) => {
    setPopupProvider(provider);
    await run(async () => {
      await auth.signinWithProvider(provider);
    });
    setPopupProvider(null);
  };

  if (mfaToken) return <SecondFactorStep mfaToken={mfaToken} onCancel={() => setMfaToken(null)} />;

  const labels = submitLabels[type];
  return (
    <>
      {hasProviders(type) && (
        <ProviderChoices busyProvider={popupProvider} isBusy={isBusy} onChoose={onProvider} />
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="auth-form">
        <AuthFields type={type} form={form} isBusy={isBusy} hasPassword={!sso} />
        {sso && (
          <SsoSignIn discovery={sso} email={typedEmail} onUsePassword={() => setIsPasswordChosen(true)} />
        )}
        {!sso && (
          <FormSubmit
            outcome={outcome}
            size="lg"
            className="w-full"
            busy={isSubmitting}
            busyLabel={labels.busy}
            disabled={isBusy}
          >
            {labels.idle}
          </FormSubmit>
        )}
      </form>
      {(type === 'signin' || type === 'signup') && passkeysOffered && (
        <div className="mt-4">
          <PasskeyButton type={type} email={checkedEmail} run={run} disabled={isBusy} />
        </div>
      )}
      {reauthentication.dialog}
    </>
  );
}

/** What submitting the form does for each `type`; answers the success message to show, if any. */
function useAuthAction(
  type: AuthType,
  {
    reauthentication,
    reset,
    onMfa,
  }: {
    reauthentication: ReturnType<typeof useReauthentication>;
    reset: () => void;
    onMfa: (mfaToken: string) => void;
  },
) {
  const auth = useAuth();
  return async ({ email, password }: AuthValues) => {
    const address = email.trim();
    switch (type) {
      case 'signup':
        await auth.signup(address, password);
        return null;
      case 'signin':
        try {
          await auth.signin(address, password);
        } catch (error) {
          if (!(error instanceof SecondFactorRequired)) throw error;
          onMfa(error.mfaToken);
        }
        return null;
      case 'forgotpass':
        await auth.sendPasswordResetEmail(address);
        return 'Password reset email sent';
      case 'changepass':
        // Signed in, the password is changed here; arriving from a reset email, the provider's
        // own page has already done it (confirmPasswordReset explains that).
        if (auth.user) await reauthentication.run(() => auth.updatePassword(password));
        else await auth.confirmPasswordReset();
        reset();
        return 'Your password has been changed';
    }
  };
}

/** The social sign-ins offered, then the line that leads to the email form. */
function ProviderChoices({
  busyProvider,
  isBusy,
  onChoose,
}: {
  busyProvider: SocialProvider | null;
  isBusy: boolean;
  onChoose: (provider: SocialProvider) => Promise<void>;
}) {
  return (
    <>
      <div className="space-y-3">
        {offeredProviders.map((provider) => (
          <ProviderButton
            key={provider}
            provider={provider}
            busy={busyProvider === provider}
            disabled={isBusy}
            onClick={onChoose}
          />
        ))}
      </div>
      <div className="my-6 flex items-center gap-3 text-sm text-slate-600">
        <span className="h-px flex-1 bg-slate-200" />
        or with your email
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </>
  );
}

/** The fields `type` asks for: the email, the (new) password, and its confirmation. */
function AuthFields({
  type,
  form,
  isBusy,
  hasPassword: isPasswordShown,
}: {
  type: AuthType;
  form: AuthFormState;
  isBusy: boolean;
  /** False while the address goes to single sign-on instead. */
  hasPassword: boolean;
}) {
  const { requiredProps, fieldProps, getValues } = form;
  return (
    <>
      {hasEmail(type) && (
        <EmailField
          id="auth-email"
          // `webauthn`: the browser may offer this site's passkeys here (usePasskeyAutofill).
          autoComplete={type === 'signin' ? 'username webauthn' : 'email'}
          {...requiredProps('email', emailField)}
          disabled={isBusy}
        />
      )}
      {hasPassword(type) && isPasswordShown && (
        <PasswordField
          id="auth-password"
          label={type === 'changepass' ? 'New password' : 'Password'}
          autoComplete={type === 'signin' ? 'current-password' : 'new-password'}
          {...requiredProps('password', passwordField)}
          disabled={isBusy}
        />
      )}
      {hasConfirmation(type) && (
        <PasswordField
          id="auth-confirm-password"
          label={type === 'changepass' ? 'Confirm new password' : 'Confirm password'}
          {...fieldProps('confirmPassword', { validate: matchingPassword(() => getValues('password')) })}
          disabled={isBusy}
        />
      )}
    </>
  );
}
