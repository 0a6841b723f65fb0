/**
 * How old a sign-in may be before a sensitive change (email, password, passkeys, two-factor, deletion)
 * asks for it again, on the e2e server. Short, so a test reaches the re-authentication dialog after a
 * wait rather than five minutes; long enough that a test making such a change right after signing in
 * stays within it while the rest of the suite loads both cores.
 */
export const recentLoginSeconds = 30;
