import { currentPasswordField } from '@launchkit/api-contract/field-rules';
import { useState } from 'react';
import { useAuth } from '#web/auth/auth-context.tsx';
import type { AuthenticatorAppSetup as Setup } from '#web/auth/second-factor.ts';
import { Button } from '#web/components/forms/button.tsx';
import { FormSubmitOrCancel } from '#web/components/forms/form-submit.tsx';
import { CurrentPasswordField } from '#web/components/forms/password-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { AuthenticationCodeField, checkAuthenticationCode } from './code-fields.tsx';
import { QrCode } from './qr-code.tsx';
import { RecoveryCodeNotice } from './recovery-code-notice.tsx';

/** The key in groups of four, as authenticator apps accept it typed by hand. */
const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Turning two-factor on: the password again (the provider's MFA API needs it), then the QR code and the
 * key as text, confirmed by the app's first code; then the recovery code, shown once.
 */
export function AuthenticatorAppSetup({ email, onDone }: { email: string; onDone: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [isConfirmed, setIsConfirmed] = useState(false);

  if (setup && isConfirmed) {
    return (
      <div className="space-y-5">
        <p className="text-sm text-slate-700" role="status">
          Two-factor authentication is on. From now on, signing in asks for a code from your app.
        </p>
        {setup.recoveryCode && (
          <RecoveryCodeNotice code={setup.recoveryCode} title="Save your recovery code" />
        )}
        <Button onClick={onDone}>Done</Button>
      </div>
    );
  }
  if (setup) {
    return (
      <ScanStep setup={setup} onConfirmed={() => setIsConfirmed(true)} onCancel={() => setSetup(null)} />
    );
  }
  if (!isOpen) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          <span className="font-semibold">Off.</span> With it on, signing in takes your password and a code
          from an authenticator app on your phone, so a stolen password alone does not open your account.
        </p>
        <Button onClick={() => setIsOpen(true)}>Set up two-factor</Button>
      </div>
    );
  }
  return <PasswordStep email={email} onReady={setSetup} onCancel={() => setIsOpen(false)} />;
}

function PasswordStep({
  email,
  onReady,
  onCancel,
}: {
  email: string;
  onReady: (setup: Setup) => void;
  onCancel: () => void;
}) {
  const { beginAuthenticatorAppSetup } = useAuth();
  const { requiredProps, submitWith, outcome, isSubmitting } = useAppForm<{ password: string }>({
    password: '',
  });
  const onSubmit = submitWith(async ({ password }) => {
    onReady(await beginAuthenticatorAppSetup(email, password));
    return null;
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="two-factor-password">
      <p className="text-sm text-slate-700">First, confirm it is you.</p>
      <CurrentPasswordField id="two-factor-password" {...requiredProps('password', currentPasswordField)} />
      <FormSubmitOrCancel outcome={outcome} busy={isSubmitting} busyLabel="Checking…" onCancel={onCancel}>
        Continue
      </FormSubmitOrCancel>
    </form>
  );
}

function ScanStep({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: Setup;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const { confirmAuthenticatorApp } = useAuth();
  const { fieldProps, submitWith, outcome, isSubmitting } = useAppForm<{ code: string }>({ code: '' });
  const onSubmit = submitWith(async ({ code }) => {
    await confirmAuthenticatorApp(setup, code);
    onConfirmed();
    return null;
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="two-factor-scan">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>Open an authenticator app on your phone (Google Authenticator, 1Password, Authy, …).</li>
        <li>Scan this QR code, or enter the key below by hand.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <QrCode value={setup.barcodeUri} label="QR code for your authenticator app" />
        <div className="text-sm text-slate-700">
          <p className="font-medium text-slate-900">Can’t scan it? Enter this key:</p>
          <p
            data-testid="authenticator-key"
            className="mt-1 font-mono text-base wrap-break-word text-slate-900 select-all"
          >
            {groupedKey(setup.secret)}
          </p>
        </div>
      </div>
      <AuthenticationCodeField
        id="two-factor-code"
        {...fieldProps('code', { validate: checkAuthenticationCode })}
      />
      <FormSubmitOrCancel outcome={outcome} busy={isSubmitting} busyLabel="Turning on…" onCancel={onCancel}>
        Turn on
      </FormSubmitOrCancel>
    </form>
  );
}
