import { TextField, type TextFieldProps } from './text-field.tsx';

/** A password input; the browser offers to generate a new password unless `autoComplete` says it is the current one. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="password" autoComplete="new-password" {...props} />;
}

/**
 * The password someone signs in with, asked again to prove it is them before a sensitive change
 * (two-factor, passkeys, a new sign-in); the browser offers the saved one.
 */
export function CurrentPasswordField(props: Omit<TextFieldProps, 'type' | 'label' | 'autoComplete'>) {
  return <PasswordField label="Password" autoComplete="current-password" {...props} />;
}
