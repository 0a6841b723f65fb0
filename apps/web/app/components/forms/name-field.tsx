import { TextField, type TextFieldProps } from './text-field.tsx';

/** A person's own name, labelled "Name" and filled in by the browser with theirs. */
export function NameField(props: Omit<TextFieldProps, 'type' | 'label' | 'autoComplete'>) {
  return <TextField label="Name" autoComplete="name" {...props} />;
}
