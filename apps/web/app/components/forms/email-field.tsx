import { TextField, type TextFieldProps } from './text-field.tsx';

/** An email address input, labelled "Email" and filled in by the browser with the person's own address unless told otherwise. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'label'> & { label?: string }) {
  return <TextField label="Email" type="email" autoComplete="email" {...props} />;
}
