import { describe, expect, it } from 'vitest';
import { AuthError, toAuthError } from './auth-error.ts';

describe('sign-in error messages (docs/product.md §8)', () => {
  it('describes the password policy for invalid_password', () => {
    const error = toAuthError({
      code: 'invalid_password',
      name: 'PasswordStrengthError',
      description: { rules: [], verified: false },
      policy: '* At least 8 characters in length',
      statusCode: 400,
    });
    expect(error).toMatchObject({ code: 'invalid_password', status: 400 });
    expect(error.message).toBe('Your password must be: * At least 8 characters in length');
  });

  it('prefers the message, then the description, then the original message, then the code', () => {
    expect(toAuthError({ code: 'x', message: 'A', description: 'B' }).message).toBe('A');
    expect(toAuthError({ code: 'user_exists', description: 'The user already exists.' }).message).toBe(
      'The user already exists.',
    );
    expect(toAuthError({ code: 'invalid_grant', errorDescription: 'Wrong email or password.' }).message).toBe(
      'Wrong email or password.',
    );
    expect(toAuthError({ original: { message: 'Network down' } }).message).toBe('Network down');
    expect(toAuthError({ code: 'timeout' }).message).toBe('timeout');
  });

  it('reports a closed popup with WinChan’s words', () => {
    const error = toAuthError({ original: 'User closed the popup window', code: null, description: null });
    expect(error.message).toBe('User closed the popup window');
  });

  it('keeps the option checks of auth0-js and falls back to a generic message', () => {
    expect(toAuthError(new Error('email option is required')).message).toBe('email option is required');
    expect(toAuthError(undefined).message).toBe('Something went wrong');
    expect(toAuthError({}).message).toBe('Something went wrong');
  });

  it('passes an AuthError through unchanged', () => {
    const error = new AuthError('not_needed', 'Nothing to do');
    expect(toAuthError(error)).toBe(error);
  });
});
