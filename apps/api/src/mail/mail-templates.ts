import type { MailTemplate } from './mail-template.ts';
import { accountDeleted } from './templates/account-deleted.ts';
import { paymentFailed, receipt, subscriptionEnded, trialEnding } from './templates/billing-templates.ts';
import { contactNotification } from './templates/contact-notification.ts';
import { dataExportReady } from './templates/data-export-ready.ts';
import { invitation, invitationReminder } from './templates/invitation.ts';
import { memberJoined } from './templates/member-joined.ts';
import { newsletterConfirmation } from './templates/newsletter-confirmation.ts';
import { ownershipOffered } from './templates/ownership-offered.ts';
import { webhookEndpointDisabled } from './templates/webhook-endpoint-disabled.ts';
import { welcome } from './templates/welcome.ts';

/** Every mail the product sends, by name: the name travels in the mail's job and names its preview. */
export const mailTemplates = {
  'contact-notification': contactNotification,
  invitation,
  'invitation-reminder': invitationReminder,
  'member-joined': memberJoined,
  'newsletter-confirmation': newsletterConfirmation,
  welcome,
  receipt,
  'payment-failed': paymentFailed,
  'trial-ending': trialEnding,
  'subscription-ended': subscriptionEnded,
  'account-deleted': accountDeleted,
  'data-export-ready': dataExportReady,
  'webhook-endpoint-disabled': webhookEndpointDisabled,
  'ownership-offered': ownershipOffered,
};

export type MailTemplateName = keyof typeof mailTemplates;

/** The props of the mail named `Name`. */
export type MailProps<Name extends MailTemplateName> =
  (typeof mailTemplates)[Name] extends MailTemplate<infer Props> ? Props : never;

export const isMailTemplateName = (name: string): name is MailTemplateName =>
  Object.hasOwn(mailTemplates, name);
