/**
 * The API version the emulator renders, the pinned `stripe` package's (the conformance suite checks
 * it): the account's default version, used when a request or an endpoint names none.
 */
export const apiVersion = '2026-10-28.endive';
