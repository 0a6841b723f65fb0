// docs/product.md §9: what the session keeps in local storage. Small on purpose: the first view of every
// page reads it to decide whether the sign-in code needs loading at all.

export const tokenKey = 'auth0_access_token';
export const userIdKey = '__user_id';
/** The provider's profile of the signed-in person and when it was read (profile-cache.ts). */
export const profileKey = 'launchkit_profile';

// Storage can be unavailable (privacy settings); the session then lasts as long as the page.
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // See readStorage.
  }
}

/** §2: the uid as stored under `__user_id` (a JSON string), with the quotes removed. */
export function storedUserId(): string {
  return (readStorage(userIdKey) ?? '').replaceAll('"', '');
}
