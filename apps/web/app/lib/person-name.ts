/**
 * Whether the person has told us a name: a password sign-up's profile carries the email as its name
 * until they do, and greeting someone by their address, or showing it twice, says nothing.
 */
export const hasOwnName = (user: { name: string; email: string }) =>
  user.name.trim() !== '' && user.name !== user.email;
