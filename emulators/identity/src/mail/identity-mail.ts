import type { IdentityContext } from '#identity/context.ts';
import type { UserRecord } from '#identity/storage/identity-state.ts';
import { createTicket } from '#identity/users/tickets.ts';

// Subjects follow Auth0's default email templates, so tests and people recognise them.

// A database user's name defaults to the email: no need to greet the address it is sent to.
const greeting = (user: UserRecord) => (user.name === user.email ? 'Hello,' : `Hello ${user.name},`);

/** Sent after sign-up (and after an email change asked to verify): the link marks the email verified. */
export async function sendVerificationEmail(context: IdentityContext, user: UserRecord): Promise<void> {
  const ticket = createTicket(context.store.state, {
    kind: 'verify',
    userId: user.userId,
    email: user.email,
  });
  await context.store.save();
  const link = context.urls.link('u/email-verification', { ticket });
  await context.mailer.send({
    to: user.email,
    subject: 'Verify your email',
    text: [
      greeting(user),
      '',
      `Please verify the email address of your ${context.config.appName} account by opening this link:`,
      link,
      '',
      'The link works once and expires in 5 days. If you did not create an account, ignore this email.',
    ].join('\n'),
  });
}

/** `to`: the email of the database identity, which differs from the user's when it was linked into another. */
export async function sendPasswordResetEmail(
  context: IdentityContext,
  user: UserRecord,
  to = user.email,
): Promise<void> {
  const ticket = createTicket(context.store.state, { kind: 'reset', userId: user.userId });
  await context.store.save();
  const link = context.urls.link('lo/reset', { ticket });
  await context.mailer.send({
    to,
    subject: 'Reset your password',
    text: [
      greeting(user),
      '',
      `Someone asked to reset the password of your ${context.config.appName} account. To choose a new one, open this link:`,
      link,
      '',
      'The link works once and expires in 5 days. If you did not ask for this, ignore this email: your password stays the same.',
    ].join('\n'),
  });
}

export async function sendUnblockEmail(
  context: IdentityContext,
  user: UserRecord,
  ip: string,
  to = user.email,
): Promise<void> {
  const ticket = createTicket(context.store.state, { kind: 'unblock', userId: user.userId, ip });
  await context.store.save();
  const link = context.urls.link('unblock', { ticket });
  await context.mailer.send({
    to,
    subject: 'Your account has been blocked',
    text: [
      greeting(user),
      '',
      `Your ${context.config.appName} account was blocked for sign-ins from the address ${ip} after ` +
        'several consecutive failed attempts.',
      '',
      'If that was you, open this link to unblock it:',
      link,
      '',
      'If it was not you, someone may be guessing your password: change it with "Forgot password". ' +
        'A new password also lifts the block.',
    ].join('\n'),
  });
}
