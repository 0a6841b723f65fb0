/** The payload of a token the browser holds (access or ID token), read without checking it (the API checks it). */
export function tokenPayload(token: string): Record<string, unknown> | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const parsed: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A claim of an access token the browser holds, read without checking it (the API checks it). */
export const tokenClaim = (token: string, claim: string): unknown => tokenPayload(token)?.[claim];
