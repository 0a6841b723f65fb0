import type { TextFieldProps } from '#web/components/forms/text-field.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';

/** The six digits an authenticator app shows; spaces (some apps group them) are ignored. */
export function checkAuthenticationCode(value: string | undefined): true | string {
  const digits = (value ?? '').replace(/\s/g, '');
  if (digits === '') return 'Please enter the code from your authenticator app';
  return /^\d{6}$/.test(digits) || 'The code has 6 digits';
}

export function checkRecoveryCode(value: string | undefined): true | string {
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

export function RecoveryCodeField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField
      label="Recovery code"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      className="font-mono"
      {...props}
    />
  );
}
