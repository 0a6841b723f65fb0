import { useState } from 'react';
import { Button } from '#web/components/forms/button.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { FormSubmit } from '#web/components/forms/form-submit.tsx';
import { SecondFactorAnswerField, SecondFactorSwitch } from '#web/components/security/code-fields.tsx';
import { RecoveryCodeNotice } from '#web/components/security/recovery-code-notice.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { useAuth } from './auth-context.tsx';
import type { SignInTokens } from './identity-client.ts';

type Passed = { tokens: SignInTokens; nextRecoveryCode: string };

/**
 * The second half of a sign-in the provider stopped with `mfa_required`: a code from the authenticator
 * app, or the recovery code. A used recovery code is spent, so the next one is shown before the
 * sign-in completes.
 */
export function SecondFactorStep({
  mfaToken,
  onCancel,
  onSignedIn,
}: {
  mfaToken: string;
  onCancel: () => void;
  onSignedIn?: () => void;
}) {
  const { verifySecondFactor, completeSignIn } = useAuth();
  const [usesRecoveryCode, setUsesRecoveryCode] = useState(false);
  const [passed, setPassed] = useState<Passed | null>(null);
  const form = useAppForm<{ code: string; recoveryCode: string }>({ code: '', recoveryCode: '' });
  const { fieldProps, submitWith, outcome, isSubmitting, run } = form;

  const finish = async (tokens: SignInTokens) => {
    await completeSignIn(tokens);
    onSignedIn?.();
  };

  const onSubmit = submitWith(async ({ code, recoveryCode }) => {
    const answer = usesRecoveryCode ? { recoveryCode } : { code };
    const { nextRecoveryCode, ...tokens } = await verifySecondFactor(mfaToken, answer);
    if (nextRecoveryCode) setPassed({ tokens, nextRecoveryCode });
    else await finish(tokens);
    return null;
  });

  if (passed) {
    return (
      <div className="space-y-5" data-testid="second-factor-step">
        <RecoveryCodeNotice
          code={passed.nextRecoveryCode}
          title="Your recovery code has been used: here is a new one"
        />
        <FormOutcome outcome={outcome} />
        <Button size="lg" className="w-full" onClick={() => void run(() => finish(passed.tokens))}>
          Continue
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="second-factor-step">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Two-factor authentication</h2>
        <p className="mt-1 text-sm text-slate-600">
          {usesRecoveryCode
            ? 'Enter your recovery code. It works once; you will get a new one.'
            : 'Enter the 6-digit code your authenticator app shows for this site.'}
        </p>
      </div>
      <SecondFactorAnswerField
        idPrefix="second-factor"
        usesRecoveryCode={usesRecoveryCode}
        propsFor={(name, validate) => fieldProps(name, { validate })}
        autoFocus
      />
      <FormSubmit outcome={outcome} size="lg" className="w-full" busy={isSubmitting} busyLabel="Verifying…">
        Verify
      </FormSubmit>
      <div className="flex flex-wrap justify-between gap-3">
        <SecondFactorSwitch
          usesRecoveryCode={usesRecoveryCode}
          onSwitch={setUsesRecoveryCode}
          disabled={isSubmitting}
        />
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
