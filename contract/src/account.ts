import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { emailField, newPassword, withConfirmedPassword } from './auth.ts';
import { TEXT } from './texts.ts';

const t = TEXT.account;

/** What a signed-in member types to prove it is them before a change to their account. */
export const currentPasswordField = z
  .string({ error: () => t.passwordRequired })
  .min(1, { error: () => t.passwordRequired })
  .max(PASSWORD_MAX_LENGTH, { error: () => t.currentPasswordWrong });

export const changePasswordBody = withConfirmedPassword(
  z.object({
    currentPassword: currentPasswordField,
    password: newPassword,
    confirmPassword: z.string({ error: () => t.passwordsDoNotMatch }),
  }),
);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const emailChangeBody = z.object({ email: emailField, currentPassword: currentPasswordField });
export type EmailChangeBody = z.infer<typeof emailChangeBody>;

/** The address waiting for its confirmation link to be opened, if any. */
export const emailChangeResponse = z.object({
  pending: z.object({ email: z.string(), expiresAt: z.iso.datetime() }).nullable(),
});
export type EmailChangeResponse = z.infer<typeof emailChangeResponse>;

export const confirmEmailBody = z.object({
  token: z.string().min(1, { error: () => t.emailChangeInvalid }).max(200, { error: () => t.emailChangeInvalid }),
});
export type ConfirmEmailBody = z.infer<typeof confirmEmailBody>;
