import { currentPasswordField } from '@launchkit/api-contract/field-rules';
import { useState } from 'react';
import { useAuth } from '#web/auth/auth-context.tsx';
import { SecondFactorRequired } from '#web/auth/auth-error.ts';
import { Button } from '#web/components/forms/button.tsx';
import { FormSubmitOrCancel } from '#web/components/forms/form-submit.tsx';
import { CurrentPasswordField } from '#web/components/forms/password-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { SecondFactorAnswerField } from './code-fields.tsx';

type Values = { password: string; code: string; recoveryCode: string };

/**
 * "Add a passkey": the person proves again who they are (the password, then the code if two-factor is
 * on; or one of their passkeys), then the browser creates the passkey and the identity provider adds
 * it to the account (Auth0's My Account API).
 */
export function AddPasskey({ email, onAdded }: { email: string; onAdded: () => void }) {
  const auth = useAuth();
  const [isOpen, setIsOpen] = useState(false);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [isUsingPasskey, setIsUsingPasskey] = useState(false);
  const { requiredProps, fieldProps, submitWith, run, outcome, isSubmitting, reset } = useAppForm<Values>({
    password: '',
    code: '',
    recoveryCode: '',
  });

  const close = () => {
    setIsOpen(false);
    setMfaToken(null);
    reset();
  };
  const add = async (token: string) => {
    await auth.addPasskey(token);
    close();
    onAdded();
  };

  const onSubmit = submitWith(async ({ password, code }) => {
    if (mfaToken) {
      await add((await auth.verifySecondFactor(mfaToken, { code })).accessToken);
      return null;
    }
    try {
      await add(await auth.myAccountTokenWithPassword(email, password));
    } catch (error) {
      if (!(error instanceof SecondFactorRequired)) throw error;
      setMfaToken(error.mfaToken);
    }
    return null;
  });

  const withPasskey = async () => {
    setIsUsingPasskey(true);
    await run(async () => add(await auth.myAccountTokenWithPasskey()));
    setIsUsingPasskey(false);
  };

  if (!isOpen) return <Button onClick={() => setIsOpen(true)}>Add a passkey</Button>;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="add-passkey">
      <p className="text-sm text-slate-700">First, confirm it is you.</p>
      {mfaToken ? (
        <SecondFactorAnswerField
          idPrefix="add-passkey"
          usesRecoveryCode={false}
          propsFor={(name, validate) => fieldProps(name, { validate })}
          autoFocus
        />
      ) : (
        <CurrentPasswordField
          id="add-passkey-password"
          {...requiredProps('password', currentPasswordField)}
        />
      )}
      <FormSubmitOrCancel outcome={outcome} busy={isSubmitting} busyLabel="Adding…" onCancel={close}>
        Continue
      </FormSubmitOrCancel>
      {!mfaToken && (
        <Button
          variant="secondary"
          busy={isUsingPasskey}
          busyLabel="Waiting for your passkey…"
          disabled={isSubmitting}
          onClick={() => void withPasskey()}
        >
          Confirm with a passkey instead
        </Button>
      )}
    </form>
  );
}
