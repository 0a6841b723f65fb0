import { currentPasswordField } from '@launchkit/api-contract/field-rules';
import { useState } from 'react';
import { useAuth } from '#web/auth/auth-context.tsx';
import { Button } from '#web/components/forms/button.tsx';
import { FormSubmit } from '#web/components/forms/form-submit.tsx';
import { CurrentPasswordField } from '#web/components/forms/password-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { SecondFactorAnswerField, SecondFactorSwitch } from './code-fields.tsx';

type Values = { password: string; code: string; recoveryCode: string };

/** Turning two-factor off asks for both factors again: the password, and a code or the recovery code. */
export function TurnOffTwoFactor({ email, onDone }: { email: string; onDone: () => void }) {
  const { removeSecondFactors } = useAuth();
  const [isOpen, setIsOpen] = useState(false);
  const [usesRecoveryCode, setUsesRecoveryCode] = useState(false);
  const { requiredProps, fieldProps, submitWith, outcome, isSubmitting } = useAppForm<Values>({
    password: '',
    code: '',
    recoveryCode: '',
  });

  const onSubmit = submitWith(async ({ password, code, recoveryCode }) => {
    await removeSecondFactors(email, password, usesRecoveryCode ? { recoveryCode } : { code });
    onDone();
    return null;
  });

  if (!isOpen) {
    return (
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        Turn off two-factor
      </Button>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="two-factor-turn-off">
      <p className="text-sm text-slate-700">To turn it off, confirm it is you with both factors.</p>
      <CurrentPasswordField id="turn-off-password" {...requiredProps('password', currentPasswordField)} />
      <SecondFactorAnswerField
        idPrefix="turn-off"
        usesRecoveryCode={usesRecoveryCode}
        propsFor={(name, validate) => fieldProps(name, { validate })}
      />
      <div className="flex flex-wrap items-center gap-3">
        <FormSubmit outcome={outcome} busy={isSubmitting} busyLabel="Turning off…">
          Turn off
        </FormSubmit>
        <SecondFactorSwitch
          usesRecoveryCode={usesRecoveryCode}
          onSwitch={setUsesRecoveryCode}
          disabled={isSubmitting}
        />
        <Button variant="secondary" onClick={() => setIsOpen(false)} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
