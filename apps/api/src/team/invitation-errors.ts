import { AppError } from '#api/http/app-error.ts';

// The refusals of the invitation page (docs/team.md): each says what to do next. The page shows them
// as they are; the expired and used ones match its own texts for the same states.

export const invitationNotFound = () =>
  new AppError(
    404,
    'invitations/not-found',
    'This invitation link is not valid: it was withdrawn, or a newer one replaced it. Ask the workspace owner to send it again.',
  );

export const invitationExpired = () =>
  new AppError(
    409,
    'invitations/expired',
    'This invitation has expired. Ask the workspace owner to send it again.',
  );

export const invitationUsed = () =>
  new AppError(
    409,
    'invitations/used',
    'This invitation has already been used. Sign in with the invited email to open the workspace.',
  );

export const invitationToOwnWorkspace = (email: string) =>
  new AppError(
    409,
    'invitations/own-workspace',
    `This invitation is to your own workspace. To join it as ${email}, sign out and sign in with that email.`,
  );

export const invitationForAnotherEmail = (email: string) =>
  new AppError(
    403,
    'invitations/wrong-email',
    `This invitation is for ${email}. Sign in (or sign up) with that email address to join.`,
  );

export const invitationEmailNotVerified = (email: string) =>
  new AppError(
    403,
    'invitations/email-not-verified',
    `Verify your email address first: open the link we mailed to ${email}, then join. No mail? Send it again below.`,
  );

export const noSeatToJoin = () =>
  new AppError(
    409,
    'workspaces/no-seat',
    "The owner's plan has no seat left for you. Ask the owner to free a seat or add seats, then open the link again.",
  );
