import { EMAIL_CHANGE_HOURS, PASSWORD_RESET_MINUTES } from '@swapyard/contract';
import { z } from 'zod';
import type { Mail } from '../../mail/mailer.ts';

/** Every mail the account sends, in the community's name, in one place, so their words can move into the message catalogues together. */
export const accountMails = {
  passwordReset: (community: string, to: string, link: string): Mail => ({
    to,
    subject: `Reset your ${community} password`,
    text: `Someone asked to reset the password of your ${community} account.\n\nTo choose a new password, open this link within ${PASSWORD_RESET_MINUTES} minutes:\n${link}\n\nIf it was not you, ignore this mail.`,
  }),

  passwordChanged: (community: string, to: string, forgotLink: string): Mail => ({
    to,
    subject: 'Your password was changed',
    text: `The password of your ${community} account was just changed, and every other device signed in to it was signed out.\n\nIf it was not you, choose a new password at once:\n${forgotLink}`,
  }),

  confirmEmail: (community: string, to: string, link: string): Mail => ({
    to,
    subject: `Confirm your new ${community} email address`,
    text: `Someone asked to use this address for their ${community} account.\n\nTo confirm it, open this link within ${EMAIL_CHANGE_HOURS} hours:\n${link}\n\nUntil then the account keeps its current address. If it was not you, ignore this mail.`,
  }),

  emailChangeRequested: (community: string, to: string, newEmail: string): Mail => ({
    to,
    subject: `Your ${community} email address is about to change`,
    text: `Someone asked to change the email address of your ${community} account to ${newEmail}. It changes only once the link sent to that address is opened, within ${EMAIL_CHANGE_HOURS} hours.\n\nIf it was not you, sign in, cancel the change under Settings and change your password.`,
  }),
};

/**
 * An account mail as its job carries it: rendered when sent, so it names the community as it is
 * called then. The tokens are the links' secrets, kept in the job's row only until it is sent.
 */
export const accountMailJob = z.discriminatedUnion('template', [
  z.object({ template: z.literal('passwordReset'), to: z.string(), token: z.string() }),
  z.object({ template: z.literal('passwordChanged'), to: z.string() }),
  z.object({ template: z.literal('confirmEmail'), to: z.string(), token: z.string() }),
  z.object({ template: z.literal('emailChangeRequested'), to: z.string(), newEmail: z.string() }),
]);

export function renderAccountMail(job: z.output<typeof accountMailJob>, community: string, publicUrl: (path: string) => string): Mail {
  switch (job.template) {
    case 'passwordReset':
      return accountMails.passwordReset(community, job.to, publicUrl(`/reset-password/${job.token}`));
    case 'passwordChanged':
      return accountMails.passwordChanged(community, job.to, publicUrl('/forgot-password'));
    case 'confirmEmail':
      return accountMails.confirmEmail(community, job.to, publicUrl(`/confirm-email/${job.token}`));
    case 'emailChangeRequested':
      return accountMails.emailChangeRequested(community, job.to, job.newEmail);
  }
}
