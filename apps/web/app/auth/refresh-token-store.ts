// Where the sign-in's refresh token is kept: IndexedDB, not local storage. Renewals hand the token from
// tab to tab under a lock (token-renewal.ts), and local storage does not guarantee that a tab sees
// another tab's write the moment that tab lets the lock go: Chromium keeps a copy per process and
// passes writes on later, and the waiting tab then spent the same refresh token a second time (the
// provider takes that for a stolen copy and ends the sign-in; e2e/sessions.spec.ts caught it). A
// committed IndexedDB transaction is seen by every tab's next one.

/** The refresh token, and the access token it was last paired with (what a waiting tab compares). */
export type RenewalState = { refreshToken: string; accessToken: string };

const databaseName = 'launchkit-session';
const storeName = 'renewal';
const key = 'current';

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    const request = indexedDB.open(databaseName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    request.onsuccess = () => resolve(request.result);
    // Unavailable (a private window of some browsers): the session lasts as long as its access token.
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  // One transaction: resolved once committed, so the next tab to take the lock reads it.
  return open().then(
    (database) =>
      new Promise<T | null>((resolve) => {
        if (!database) return resolve(null);
        const transaction = database.transaction(storeName, mode);
        const request = work(transaction.objectStore(storeName));
        transaction.oncomplete = () => resolve(request.result ?? null);
        transaction.onerror = () => resolve(null);
        transaction.onabort = () => resolve(null);
      }),
  );
}

export const readRenewalState = () =>
  run<RenewalState | undefined>('readonly', (store) => store.get(key)).then((state) => state ?? null);

/** Keeps `state`, or forgets it (null): a sign-in without a refresh token, or a sign-out. */
export async function writeRenewalState(state: RenewalState | null): Promise<void> {
  if (state) await run('readwrite', (store) => store.put(state, key));
  else await run('readwrite', (store) => store.delete(key));
}
