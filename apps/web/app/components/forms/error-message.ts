/** The message of a failed call, shown as-is in an error alert (§8). */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

/** A required text value: blank or whitespace-only input fails with `message`. */
export function requiredText(message: string) {
  return (value: string | undefined) => (value ?? '').trim() !== '' || message;
}
