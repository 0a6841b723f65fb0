import { Button } from '#web/components/forms/button.tsx';
import type { TextFieldProps } from '#web/components/forms/text-field.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';

/** The six digits an authenticator app shows; spaces (some apps group them) are ignored. */
export function checkAuthenticationCode(value: string | undefined): true | string {
  const digits = (value ?? '').replace(/\s/g, '');
  if (digits === '') return 'Please enter the code from your authenticator app';
  return /^\d{6}$/.test(digits) || 'The code has 6 digits';
}

function checkRecoveryCode(value: string | undefined): true | string {
  return (value ?? '').trim() !== '' || 'Please enter your recovery code';
}

/** The code field: a numeric keypad on phones and the browser's one-time-code autofill. */
export function AuthenticationCodeField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField
      label="Authentication code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={9}
      className="font-mono tracking-widest"
      {...props}
    />
  );
}

type AnswerName = 'code' | 'recoveryCode';
type Check = (value: string | undefined) => true | string;

/**
 * A second factor as a form asks for it: the app's code, or the recovery code instead. `propsFor` is
 * the form's own field wiring (useAppForm's `fieldProps(name, { validate })`).
 */
export function SecondFactorAnswerField({
  idPrefix,
  usesRecoveryCode,
  propsFor,
  autoFocus,
}: {
  idPrefix: string;
  usesRecoveryCode: boolean;
  propsFor: (name: AnswerName, validate: Check) => Omit<TextFieldProps, 'label' | 'id'>;
  autoFocus?: boolean;
}) {
  return usesRecoveryCode ? (
    <TextField
      id={`${idPrefix}-recovery-code`}
      label="Recovery code"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      className="font-mono"
      {...propsFor('recoveryCode', checkRecoveryCode)}
    />
  ) : (
    <AuthenticationCodeField
      id={`${idPrefix}-code`}
      autoFocus={autoFocus}
      {...propsFor('code', checkAuthenticationCode)}
    />
  );
}

/** Switches a SecondFactorAnswerField between the app's code and the recovery code. */
export function SecondFactorSwitch({
  usesRecoveryCode,
  onSwitch,
  disabled,
}: {
  usesRecoveryCode: boolean;
  onSwitch: (usesRecoveryCode: boolean) => void;
  disabled: boolean;
}) {
  return (
    <Button variant="secondary" onClick={() => onSwitch(!usesRecoveryCode)} disabled={disabled}>
      {usesRecoveryCode ? 'Use your authenticator app' : 'Use a recovery code'}
    </Button>
  );
}
