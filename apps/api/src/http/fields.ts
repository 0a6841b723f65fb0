import { z } from 'zod';

// Field rules shared by the public forms. Lengths are bounded so no request can store an essay in a name.
export const emailAddress = z
  .string({ error: 'Please enter an email address' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter an email address')
  .max(254, 'The email address is too long (254 characters at most).')
  .email('Please enter a valid email address');
