/** The message of a failed call, shown as-is in an error alert (§8). */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

/** A required text value: blank or whitespace-only input fails with `message`. */
export function requiredText(message: string) {
  return (value: string | undefined) => (value ?? '').trim() !== '' || message;
}

/** A required password: spaces count as characters, so only an empty field fails. */
export function requiredPassword(message: string) {
  return (value: string | undefined) => (value ?? '') !== '' || message;
}

/** §5: the confirmation is required and must equal the password field. */
export function matchingPassword(password: () => string) {
  return (value: string | undefined) => {
    if (!value) return 'Please enter your password again';
    return value === password() || "This doesn't match your password";
  };
}
