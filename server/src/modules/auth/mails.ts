import { EMAIL_CHANGE_HOURS, PASSWORD_RESET_MINUTES } from '@swapyard/contract';
import { z } from 'zod';
import type { Mail } from '../../mail/mailer.ts';
import { AUTH_MAIL_TEXT } from './mail-texts.ts';

/** Every mail the account sends, in the community's name, in one place; their words are AUTH_MAIL_TEXT's. */
export const accountMails = {
  passwordReset: (community: string, to: string, link: string): Mail => ({
    to,
    subject: AUTH_MAIL_TEXT.passwordReset.subject({ community }),
    text: AUTH_MAIL_TEXT.passwordReset.body({ community, minutes: PASSWORD_RESET_MINUTES, link }),
  }),

  passwordChanged: (community: string, to: string, forgotLink: string): Mail => ({
    to,
    subject: AUTH_MAIL_TEXT.passwordChanged.subject,
    text: AUTH_MAIL_TEXT.passwordChanged.body({ community, forgotLink }),
  }),

  confirmEmail: (community: string, to: string, link: string): Mail => ({
    to,
    subject: AUTH_MAIL_TEXT.confirmEmail.subject({ community }),
    text: AUTH_MAIL_TEXT.confirmEmail.body({ community, hours: EMAIL_CHANGE_HOURS, link }),
  }),

  emailChangeRequested: (community: string, to: string, newEmail: string): Mail => ({
    to,
    subject: AUTH_MAIL_TEXT.emailChangeRequested.subject({ community }),
    text: AUTH_MAIL_TEXT.emailChangeRequested.body({ community, newEmail, hours: EMAIL_CHANGE_HOURS }),
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
