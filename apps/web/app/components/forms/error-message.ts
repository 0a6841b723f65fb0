import { type FieldRule, passwordConfirmationField } from '@launchkit/api-contract/field-rules';

/** The message of a failed call, shown as-is in an error alert (docs/product.md §8). */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

/**
 * The check of a required field, with its rule's message (@launchkit/api-contract's field-rules.ts, the
 * API's own): blank or whitespace-only input fails, or for a value taken as typed (a password, where
 * spaces count as characters) only an empty one.
 */
export function requiredField(rule: FieldRule & { required: string }) {
  return (value: string | undefined) =>
    (rule.trim === false ? (value ?? '') : (value ?? '').trim()) !== '' || rule.required;
}

/** docs/product.md §5: the confirmation is required and must equal the password field. */
export function matchingPassword(password: () => string) {
  const { required, mismatch } = passwordConfirmationField;
  return (value: string | undefined) => {
    if (!value) return required;
    return value === password() || mismatch;
  };
}
