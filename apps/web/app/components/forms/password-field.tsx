import { TextField, type TextFieldProps } from './text-field.tsx';

/** A password input; the browser offers to generate a new password unless `autoComplete` says it is the current one. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="password" autoComplete="new-password" {...props} />;
}
