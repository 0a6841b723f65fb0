import type { IdentityContext } from '#identity/context.ts';
import type { UserRecord } from '#identity/storage/identity-state.ts';
import { createTicket } from '#identity/users/tickets.ts';

// Subjects follow Auth0's default email templates, so tests and people recognise them.

// A database user's name defaults to the email: no need to greet the address it is sent to.
const greeting = (user: UserRecord) => (user.name === user.email ? 'Hello,' : `Hello ${user.name},`);

/** Stores the ticket, then mails the link that redeems it on `page`, amid the mail's `lines`. */
async function mailTicketLink(
  context: IdentityContext,
  ticket: Parameters<typeof createTicket>[1],
  page: string,
  mail: { to: string; subject: string; lines: (link: string) => string[] },
): Promise<void> {
  const id = createTicket(context.store.state, ticket);
  await context.store.save();
  const link = context.urls.link(page, { ticket: id });
  await context.mailer.send({ to: mail.to, subject: mail.subject, text: mail.lines(link).join('\n') });
}

/** Sent after sign-up (and after an email change asked to verify): the link marks the email verified. */
export async function sendVerificationEmail(context: IdentityContext, user: UserRecord): Promise<void> {
  await mailTicketLink(
    context,
    { kind: 'verify', userId: user.userId, email: user.email },
    'u/email-verification',
    {
      to: user.email,
      subject: 'Verify your email',
      lines: (link) => [
        greeting(user),
        '',
        `Please verify the email address of your ${context.config.appName} account by opening this link:`,
        link,
        '',
        'The link works once and expires in 5 days. If you did not create an account, ignore this email.',
      ],
    },
  );
}

/** `to`: the email of the database identity, which differs from the user's when it was linked into another. */
export async function sendPasswordResetEmail(
  context: IdentityContext,
  user: UserRecord,
  to = user.email,
): Promise<void> {
  await mailTicketLink(context, { kind: 'reset', userId: user.userId }, 'lo/reset', {
    to,
    subject: 'Reset your password',
    lines: (link) => [
      greeting(user),
      '',
      `Someone asked to reset the password of your ${context.config.appName} account. To choose a new one, open this link:`,
      link,
      '',
      'The link works once and expires in 5 days. If you did not ask for this, ignore this email: your password stays the same.',
    ],
  });
}

export async function sendUnblockEmail(
  context: IdentityContext,
  user: UserRecord,
  ip: string,
  to = user.email,
): Promise<void> {
  await mailTicketLink(context, { kind: 'unblock', userId: user.userId, ip }, 'unblock', {
    to,
    subject: 'Your account has been blocked',
    lines: (link) => [
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
    ],
  });
}
